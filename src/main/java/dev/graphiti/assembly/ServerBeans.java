package dev.graphiti.assembly;

import dev.graphiti.explorer.CsrfTokens;
import dev.graphiti.explorer.Explorer;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.tools.GraphitiTools;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The product's MCP server and the explorer beside it as CDI beans, for the servlets in a WAR and on embedded Jetty:
 * the one assembly ({@link GraphitiServer}) from the deployment's {@link ServerSetup}, sharing one set of tools (and
 * so one embedding model). {@code @Singleton}, not {@code @ApplicationScoped}, because McpServer is final and so
 * cannot be proxied.
 */
@Dependent
public class ServerBeans {

    @Produces
    @Singleton
    GraphitiTools tools(ServerSetup setup) {
        return GraphitiServer.httpTools(setup);
    }

    /** Closes the tools it is built of. */
    @Produces
    @Singleton
    McpServer server(GraphitiTools tools) {
        return GraphitiServer.builder(tools).build();
    }

    @Produces
    @Singleton
    Explorer explorer(ServerSetup setup, GraphitiTools tools) {
        return GraphitiServer.explorer(setup, tools);
    }

    /** The explorer's CSRF tokens, under the deployment's key (see {@link CsrfTokens}). */
    @Produces
    @Singleton
    CsrfTokens csrfTokens(ServerSetup setup) {
        return CsrfTokens.forDeployment(setup.settings().declared(CsrfTokens.KEY_SETTING),
                setup.settings().declared(TransportSettings.TOKEN));
    }

    void close(@Disposes McpServer server) {
        server.close();
    }
}
