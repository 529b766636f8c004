package dev.graphiti.bench;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.http.BearerTokens;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.server.CdiServer;
import dev.graphiti.server.EmbeddedJetty;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.ToolSettings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The product's HTTP server as `graphiti mcp serve --transport http` runs it (the graphiti tools over the
 * in-process CLI, the CDI-managed servlet, embedded Jetty on 127.0.0.1), with a fresh GRAPHITI_HOME and a
 * random bearer token, in this JVM so a benchmark can read its session count and heap.
 */
final class TeamServer implements AutoCloseable {

    private final Path home;
    private final String token;
    private final GraphitiTools tools;
    private final McpServer server;
    private final CdiServer cdi;
    private final McpServlet servlet;
    private final EmbeddedJetty jetty;

    private TeamServer(Path home, String token, GraphitiTools tools, McpServer server, CdiServer cdi, McpServlet servlet,
                       EmbeddedJetty jetty) {
        this.home = home;
        this.token = token;
        this.tools = tools;
        this.server = server;
        this.cdi = cdi;
        this.servlet = servlet;
        this.jetty = jetty;
    }

    /** Starts the server; {@code config} gets the generated token added. */
    static TeamServer start(HttpTransportConfig config) throws Exception {
        Path home = Files.createTempDirectory("graphiti-bench-home");
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("GRAPHITI_HOME", home.toString());
        var tools = GraphitiProcess.tools(ToolSettings.from(dev.graphiti.config.Settings.ofEnvironment(environment),
                dev.graphiti.config.ProcessSettings.ofEnvironment(environment)).forHttp(home), environment, home);
        McpServer server = GraphitiServer.builder(tools).build();
        var cdi = CdiServer.boot(config.withTokens(BearerTokens.parse(token)), server);
        McpServlet servlet = cdi.servlet();
        var jetty = EmbeddedJetty.start("127.0.0.1", 0, servlet);
        return new TeamServer(home, token, tools, server, cdi, servlet, jetty);
    }

    URI endpoint() {
        return URI.create(jetty.url());
    }

    /** The Authorization header a member's client sends. */
    Map<String, String> authorization() {
        return Map.of("Authorization", "Bearer " + token);
    }

    int sessions() {
        return servlet.sessionCount();
    }

    Path home() {
        return home;
    }

    @Override
    public void close() throws Exception {
        jetty.close();
        cdi.close();
        server.close();
        tools.close();
        // The generated graph is the benchmark's own: leave nothing behind in the temp directory.
        try (Stream<Path> files = Files.walk(home)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
