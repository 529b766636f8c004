package dev.graphiti.tools;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.server.CdiServer;
import dev.graphiti.server.EmbeddedJetty;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/**
 * The product's tools served over streamable HTTP (the CDI-managed servlet on embedded Jetty, a real loopback
 * port) for a 2026-07-28 client: the server runs in {@code serverDirectory} with {@code home} as its graphiti home.
 */
record HttpToolServer(GraphitiTools tools, McpServer server, CdiServer cdi, EmbeddedJetty jetty) implements AutoCloseable {

    static HttpToolServer start(ToolSettings settings, Path home, Path serverDirectory) throws Exception {
        var tools = GraphitiProcess.tools(settings, Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()), serverDirectory);
        McpServer server = GraphitiServer.builder(tools).build();
        CdiServer cdi = CdiServer.boot(HttpTransportConfig.forBinding("127.0.0.1"), server);
        return new HttpToolServer(tools, server, cdi, EmbeddedJetty.start("127.0.0.1", 0, cdi.servlet()));
    }

    StatelessClient client() {
        return new StatelessClient(URI.create(jetty.url()));
    }

    @Override
    public void close() throws Exception {
        jetty.close();
        cdi.close();
        server.close();
        tools.close();
    }
}
