package dev.graphiti.conformance;

import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.server.CdiServer;
import dev.graphiti.server.EmbeddedJetty;

/** The fixture server as the container deploys it (CDI, embedded Jetty on a random loopback port), for external clients. */
record FixtureHttp(McpServer fixtures, CdiServer cdi, EmbeddedJetty jetty) implements AutoCloseable {

    static FixtureHttp start() throws Exception {
        return start(HttpTransportConfig.forBinding("127.0.0.1"), 0);
    }

    /** With {@code config} (e.g. OAuth, whose canonical URI names the port) on {@code port} (0: any free one). */
    static FixtureHttp start(HttpTransportConfig config, int port) throws Exception {
        McpServer fixtures = FixtureServer.server();
        CdiServer cdi = CdiServer.boot(config, fixtures);
        return new FixtureHttp(fixtures, cdi, EmbeddedJetty.start("127.0.0.1", port, cdi.servlet()));
    }

    String url() {
        return jetty.url();
    }

    @Override
    public void close() throws Exception {
        jetty.close();
        cdi.close();
        fixtures.close();
    }
}
