package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official Java SDK client drives `graphiti mcp serve` over stdio as a child process and calls the
 * graphiti tools against a real project database, with the in-process runner and with the external
 * runner (the same launcher jar as the external executable).
 */
class GraphitiToolsStdioIT {

    @TempDir
    Path temp;

    @Test
    void everyToolIsListedWithTruthfulAnnotations() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var client = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            Map<String, McpSchema.Tool> tools = client.mcp.listTools().tools().stream()
                    .collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
            assertEquals(List.of("graphiti_add", "graphiti_capture", "graphiti_compact", "graphiti_config",
                    "graphiti_delete", "graphiti_health", "graphiti_index", "graphiti_list", "graphiti_search",
                    "graphiti_show", "graphiti_summarize"), tools.keySet().stream().sorted().toList());
            for (String readOnly : List.of("graphiti_search", "graphiti_list", "graphiti_show", "graphiti_health")) {
                assertTrue(tools.get(readOnly).annotations().readOnlyHint(), readOnly);
            }
            assertTrue(tools.get("graphiti_delete").annotations().destructiveHint());
            assertFalse(tools.get("graphiti_add").annotations().idempotentHint());
            assertFalse(tools.get("graphiti_add").annotations().readOnlyHint());
            tools.values().forEach(t -> assertNotNull(t.title(), t.name()));
            String instructions = client.mcp.getCurrentInitializationResult().instructions();
            assertTrue(instructions.contains("graphiti://context"), instructions);
        }
    }

    @Test
    void everyToolInProcess() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var client = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            roundTrip(client, fixture);
        }
    }

    @Test
    void everyToolThroughTheExternalRunner() throws Exception {
        var fixture = ProjectFixture.create(temp);
        var env = Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString(),
                "GRAPHITI_MCP_CLI", String.join(" ", ProjectFixture.launcher()));
        try (var client = new Session(fixture, env, null)) {
            roundTrip(client, fixture);
        }
    }

    @Test
    void theContextResourceIsEmptyForAnEmptyGraphThenLeadsWithDecisions() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var client = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            assertEquals("", context(client));
            client.call("graphiti_add", Map.of("content", "Lunch menu moved to the wiki"));
            client.call("graphiti_add", Map.of("content", "Keep Storage.java free of HTTP types", "kind", "architecture"));
            String text = context(client);
            assertTrue(text.indexOf("Storage.java free") < text.indexOf("Lunch menu"), text);
            assertTrue(text.contains("branch main"), text);
        }
    }

    private static String context(Session client) {
        var read = client.mcp.readResource(new McpSchema.ReadResourceRequest("graphiti://context"));
        assertEquals("text/markdown", read.contents().get(0).mimeType());
        return ((McpSchema.TextResourceContents) read.contents().get(0)).text();
    }

    @Test
    void theClientsRootIsTheProjectAndScopeGlobalIsNot() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var client = new Session(fixture, Map.of(), fixture.project())) {
            var added = client.call("graphiti_add", Map.of("content", "Prefer records for data carriers",
                    "kind", "preference", "scope", "global"));
            assertFalse(added.isError(), text(added));
            client.call("graphiti_add", Map.of("content", "Project decision: SQLite in WAL mode", "kind", "decision"));
            assertTrue(Files.isDirectory(fixture.project().resolve(".graphiti")), "the root's project graph is used");

            String global = text(client.call("graphiti_list", Map.of("scope", "global")));
            assertTrue(global.contains("Prefer records"), global);
            assertFalse(global.contains("SQLite"), global);
            String project = text(client.call("graphiti_list", Map.of()));
            assertTrue(project.contains("SQLite"), project);
            assertFalse(project.contains("Prefer records"), project);
        }
    }

    @Test
    void failuresAreErrorResultsWithTheCliMessage() throws Exception {
        var fixture = ProjectFixture.create(temp);
        try (var client = new Session(fixture, Map.of("GRAPHITI_PROJECT_ROOT", fixture.project().toString()), null)) {
            var missing = client.call("graphiti_show", Map.of("id", "zzzzzz-no-such-item"));
            assertTrue(missing.isError());
            assertTrue(text(missing).contains("zzzzzz-no-such-item"), text(missing));

            var badKind = client.call("graphiti_add", Map.of("content", "x", "kind", "gossip"));
            assertTrue(badKind.isError());

            var badDir = client.call("graphiti_list", Map.of("dir", temp.resolve("nowhere").toString()));
            assertTrue(badDir.isError());
            assertTrue(text(badDir).contains("not a directory"), text(badDir));
        }
    }

    private static void roundTrip(Session client, ProjectFixture fixture) {
        ToolCalls.everyTool(new ToolCalls(client::call), fixture);
    }

    static String text(McpSchema.CallToolResult result) {
        return ToolCalls.text(result);
    }

    /** One stdio server process and the SDK client talking to it. */
    static final class Session implements AutoCloseable {
        final McpSyncClient mcp;

        Session(ProjectFixture fixture, Map<String, String> extraEnv, Path root) {
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
            if (root != null) {
                spec.capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
                        .roots(new McpSchema.Root(root.toUri().toString(), "project"));
            }
            mcp = spec.build();
            mcp.initialize();
        }

        McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
            return mcp.callTool(new McpSchema.CallToolRequest(tool, arguments));
        }

        @Override
        public void close() {
            mcp.closeGracefully();
        }
    }
}
