package dev.graphiti.assembly;

import dev.graphiti.protocol.session.McpServer;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The product's MCP server as a CDI bean, for the servlet in a WAR and on embedded Jetty: the one assembly
 * ({@link GraphitiServer#forHttp}) from the deployment's {@link ServerSetup}. {@code @Singleton}, not
 * {@code @ApplicationScoped}, because McpServer is final and so cannot be proxied.
 */
@Dependent
public class ServerBeans {

    @Produces
    @Singleton
    McpServer server(ServerSetup setup) {
        return GraphitiServer.forHttp(setup);
    }

    void close(@Disposes McpServer server) {
        server.close();
    }
}
