package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official Java SDK client drives `graphiti mcp serve` over stdio as a child process through the
 * {@link ToolScenarios}, with the in-process runner and with the external runner (the same launcher jar
 * as the external executable). GraphitiToolsHttpTest runs the same scenarios over HTTP.
 */
class GraphitiToolsStdioIT {

    @TempDir
    Path temp;

    @Test
    void everyToolIsListedWithTruthfulAnnotations() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            session.scenarios().everyToolIsListedWithTruthfulAnnotations();
        }
    }

    @Test
    void everyToolInProcess() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            session.scenarios().everyTool();
        }
    }

    @Test
    void everyToolThroughTheExternalRunner() throws Exception {
        var fixture = ProjectFixture.create(temp);
        var env = Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString(),
                "GRAPHITI_MCP_CLI", String.join(" ", ProjectFixture.launcher()));
        try (var session = new Session(fixture, env, null)) {
            session.scenarios().everyTool();
        }
    }

    @Test
    void settingsThatDecideWhereTheKeyGoesAreNotWritableInProcess() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            session.scenarios().settingsThatDecideWhereTheKeyGoesAreNotWritable();
            session.scenarios().configTakesNumbersAndBooleans();
            session.scenarios().sharedLimitsChangeOnlyWithinAToolsRange();
        }
    }

    @Test
    void settingsThatDecideWhereTheKeyGoesAreNotWritableThroughTheExternalRunner() throws Exception {
        var fixture = ProjectFixture.create(temp);
        var env = Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString(),
                "GRAPHITI_MCP_CLI", String.join(" ", ProjectFixture.launcher()));
        try (var session = new Session(fixture, env, null)) {
            session.scenarios().settingsThatDecideWhereTheKeyGoesAreNotWritable();
            session.scenarios().configTakesNumbersAndBooleans();
            session.scenarios().sharedLimitsChangeOnlyWithinAToolsRange();
        }
    }

    @Test
    void theContextResourceIsEmptyForAnEmptyGraphThenLeadsWithDecisions() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            session.scenarios().contextIsEmptyThenLeadsWithDecisions();
        }
    }

    @Test
    void theClientsRootIsTheProjectAndScopeGlobalIsNot() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of(), fixture.project())) {
            session.scenarios().theClientsRootIsTheProjectAndScopeGlobalIsNot();
        }
    }

    @Test
    void failuresAreErrorResultsWithTheCliMessage() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            session.scenarios().failuresAreErrorResultsWithTheCliMessage(temp.resolve("nowhere"));
        }
    }

    @Test
    void theServerClosesItsDatabaseConnectionsWhenItsClientLeaves() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            var added = session.mcp.callTool(new McpSchema.CallToolRequest("graphiti_add",
                    Map.of("content", "Keep the write-ahead log small", "kind", "decision")));
            assertFalse(Boolean.TRUE.equals(added.isError()), added.toString());
            assertTrue(Files.exists(fixture.project().resolve(".graphiti/graph.db-wal")), "a connection is kept open");
        }
        // The last connection to close checkpoints the log into the database and removes it.
        Path wal = fixture.project().resolve(".graphiti/graph.db-wal");
        for (int i = 0; i < 50 && Files.exists(wal); i++) {
            Thread.sleep(100);
        }
        assertFalse(Files.exists(wal), "the server closed its kept connections when the client left");
    }

    @Test
    void aCaptureOutlivesTheServerItWasAskedOf() throws Exception {
        var fixture = ProjectFixture.create(temp);
        Path transcript = temp.resolve("session-a.jsonl");
        Files.copy(Path.of("..", "src", "test", "resources", "transcripts", "session-a.jsonl"), transcript);
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            var started = session.mcp.callTool(new McpSchema.CallToolRequest("graphiti_capture",
                    Map.of("transcript", transcript.toString())));
            assertFalse(Boolean.TRUE.equals(started.isError()), started.toString());
        } // the client ends the server right away, as Claude Code does at the end of a session
        List<String> list = new ArrayList<>(ProjectFixture.launcher());
        list.addAll(List.of("-C", fixture.project().toString(), "list", "--format", "json"));
        String items = "[]";
        for (int i = 0; i < 60 && items.equals("[]"); i++) {
            Thread.sleep(1000);
            var builder = new ProcessBuilder(list).redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().put("GRAPHITI_HOME", fixture.home().toString());
            builder.environment().put("HOME", fixture.home().toString());
            Process process = builder.start();
            process.getOutputStream().close();
            items = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            assertEquals(0, process.waitFor());
        }
        assertTrue(items.contains("\"source\":\"capture:"), "the transcript's items were stored after the server ended: " + items);
    }

    @Test
    void aSubscriberIsToldWhenAnotherProcessChangesTheGraph() throws Exception {
        var fixture = ProjectFixture.create(temp);
        var updates = new java.util.concurrent.LinkedBlockingQueue<String>();
        try (var session = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null, updates)) {
            session.scenarios().aSubscriberIsToldWhenAnotherProcessChangesTheGraph(updates, ProjectFixture.launcher());
        }
    }

    /** One stdio server process and the SDK client talking to it. */
    static final class Session implements AutoCloseable {
        private final McpSyncClient mcp;
        private final ProjectFixture fixture;

        Session(ProjectFixture fixture, Map<String, String> extraEnv, Path root) {
            this(fixture, extraEnv, root, null);
        }

        /** @param updates receives the context text the client reads after each notifications/resources/updated */
        Session(ProjectFixture fixture, Map<String, String> extraEnv, Path root,
                java.util.concurrent.BlockingQueue<String> updates) {
            this.fixture = fixture;
            Map<String, String> env = new HashMap<>(extraEnv);
            env.put("GRAPHITI_HOME", fixture.home().toString());
            env.put("HOME", fixture.home().toString());
            List<String> command = new ArrayList<>(ProjectFixture.launcher());
            command.addAll(List.of("mcp", "serve"));
            var parameters = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size()))
                    .env(env).build();
            var spec = McpClient.sync(new StdioClientTransport(parameters, McpJsonDefaults.getMapper()))
                    .requestTimeout(Duration.ofSeconds(60))
                    .initializationTimeout(Duration.ofSeconds(60))
                    .clientInfo(new McpSchema.Implementation("graphiti-tools-it", "1.0"));
            if (updates != null) {
                spec.resourcesUpdateConsumer(contents -> contents.forEach(
                        c -> updates.add(((McpSchema.TextResourceContents) c).text())));
            }
            if (root != null) {
                spec.capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
                        .roots(new McpSchema.Root(root.toUri().toString(), "project"));
            }
            mcp = spec.build();
            mcp.initialize();
        }

        ToolScenarios scenarios() {
            return new ToolScenarios(mcp, fixture);
        }

        @Override
        public void close() {
            mcp.closeGracefully();
        }
    }
}
