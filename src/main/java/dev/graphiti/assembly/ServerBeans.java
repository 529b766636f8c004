package dev.graphiti.assembly;

import dev.graphiti.explorer.Explorer;
import dev.graphiti.http.explorer.CsrfTokens;
import dev.graphiti.protocol.session.McpServer;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The product's MCP server and the explorer beside it as CDI beans, for the servlets in a WAR and on embedded Jetty:
 * each delegates to the one {@link GraphitiProcess} built from the deployment's {@link ServerSetup}, so both share
 * one pool, one token counter and one embedding model. {@code @Singleton}, not {@code @ApplicationScoped}, because
 * McpServer is final and so cannot be proxied.
 */
@Dependent
public class ServerBeans {

    @Produces
    @Singleton
    GraphitiProcess process(ServerSetup setup) {
        return GraphitiProcess.http(setup);
    }

    /** Closes the process it is built of. */
    @Produces
    @Singleton
    McpServer server(GraphitiProcess process) {
        return process.server();
    }

    @Produces
    @Singleton
    Explorer explorer(GraphitiProcess process) {
        return process.explorer();
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
