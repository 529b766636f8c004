package dev.graphiti.conformance;

import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.launcher.Main;
import dev.graphiti.launcher.ProcessStreams;
import dev.graphiti.launcher.ServerLauncher;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * A test-classpath main serving the fixtures through the real launcher path (CLI `mcp serve`, the
 * transports, the dispatcher): {@code java -cp graphiti.jar:test-classes dev.graphiti.conformance.FixtureServer
 * --stdio} or {@code ... FixtureServer --transport http --port 3001}. Other arguments go to `mcp serve`.
 */
public final class FixtureServer {

    private FixtureServer() {
    }

    public static void main(String[] args) {
        ProcessStreams streams = ProcessStreams.capture();
        List<String> cli = new ArrayList<>(List.of("mcp", "serve"));
        for (String arg : args) {
            if (arg.equals("--stdio")) {
                cli.addAll(List.of("--transport", "stdio"));
            } else {
                cli.add(arg);
            }
        }
        var launcher = new ServerLauncher(streams, request -> server());
        System.exit(Main.run(cli.toArray(String[]::new), streams, launcher));
    }

    /** The fixture server: the conformance suite's fixtures plus those of our integration tests. */
    public static McpServer server() {
        var builder = McpServer.builder(new ServerInfo("graphiti", "graphiti fixtures", GraphitiVersion.current()))
                .instructions("Conformance fixtures; not the graphiti product.");
        ConformanceFixtures.register(builder);
        new IntegrationFixtures().register(builder);
        return builder.build();
    }
}
