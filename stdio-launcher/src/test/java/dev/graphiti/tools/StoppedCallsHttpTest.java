package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.server.EmbeddedJetty;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: a tool call past its timeout stops its work and says what it stored, and long commands beyond the limit
 * are refused. A large, legal import (the memory server's file, 100,000 entities, a minute's work or more) through the
 * official Java SDK client, on the team server's tools (the CDI servlet on embedded Jetty, a real port).
 */
class StoppedCallsHttpTest {

    static final int ENTITIES = 100_000;
    static final Pattern STORED = Pattern.compile("stopped after (\\d+) items: (\\d+) new stored");

    @TempDir
    Path temp;

    @Test
    void aTimedOutImportStopsStoringAndSaysWhatItStored() throws Exception {
        ProjectFixture fixture = ProjectFixture.create(temp);
        Path file = memoryFile(fixture);
        var settings = ToolSettings.defaults().withSemantic(false)
                .withLimits(new RunnerLimits(Duration.ofSeconds(2), 8 * 1024 * 1024));
        try (var server = HttpToolServer.start(settings, fixture.home(), fixture.project())) {
            McpSyncClient mcp = client(server);
            try {
                var answer = mcp.callTool(new McpSchema.CallToolRequest("graphiti_import", Map.of("path", file.toString())));
                String text = ToolScenarios.text(answer);
                assertTrue(Boolean.TRUE.equals(answer.isError()), text);
                Matcher said = STORED.matcher(text);
                assertTrue(text.contains("stopped after 2 s") && said.find(), "says it stopped and what it stored: " + text);
                long counted = items(fixture);
                assertEquals(Long.parseLong(said.group(2)), counted, "what the answer says is what the graph holds: " + text);
                assertTrue(counted < ENTITIES, "it stopped before the end: " + counted);
                // An import that went on would store hundreds of items a second.
                TimeUnit.SECONDS.sleep(3);
                assertEquals(counted, items(fixture), "nothing is stored after the answer");
                var next = mcp.callTool(new McpSchema.CallToolRequest("graphiti_list", Map.of()));
                assertTrue(!Boolean.TRUE.equals(next.isError()) && ToolScenarios.text(next).contains("Component"),
                        "the next call is served: " + ToolScenarios.text(next));
            } finally {
                mcp.closeGracefully();
            }
        }
    }

    /**
     * Long commands run graphiti.mcp.long-commands at once (1 here) for all clients: while one session imports,
     * another's import is refused at once, saying so, and nothing of it is done; its next try, once the first ended, runs.
     */
    @Test
    void aLongCommandBeyondTheLimitIsRefusedAtOnce() throws Exception {
        ProjectFixture fixture = ProjectFixture.create(temp);
        Path file = memoryFile(fixture);
        var settings = ToolSettings.defaults().withSemantic(false)
                .withLimits(new RunnerLimits(Duration.ofSeconds(10), 8 * 1024 * 1024, 1));
        try (var server = HttpToolServer.start(settings, fixture.home(), fixture.project())) {
            McpSyncClient first = client(server);
            McpSyncClient second = client(server);
            try {
                var running = java.util.concurrent.CompletableFuture.supplyAsync(() -> first.callTool(
                        new McpSchema.CallToolRequest("graphiti_import", Map.of("path", file.toString()))));
                long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (items(fixture) == 0 && System.nanoTime() < giveUp) {
                    TimeUnit.MILLISECONDS.sleep(50);
                }
                assertTrue(!running.isDone(), "the first import runs");
                var refused = second.callTool(new McpSchema.CallToolRequest("graphiti_import", Map.of("path", file.toString())));
                String text = ToolScenarios.text(refused);
                assertTrue(Boolean.TRUE.equals(refused.isError()) && text.contains("graphiti.mcp.long-commands")
                        && text.contains("nothing was done"), text);
                assertTrue(ToolScenarios.text(second.callTool(new McpSchema.CallToolRequest("graphiti_list", Map.of())))
                        .contains("Component"), "quick calls are served meanwhile");
                running.get(60, TimeUnit.SECONDS);
                var again = second.callTool(new McpSchema.CallToolRequest("graphiti_import", Map.of("path", file.toString())));
                assertTrue(!ToolScenarios.text(again).contains("long-commands"), "runs once the first ended: "
                        + ToolScenarios.text(again));
            } finally {
                first.closeGracefully();
                second.closeGracefully();
            }
        }
    }

    static Path memoryFile(ProjectFixture fixture) throws java.io.IOException {
        Path file = fixture.project().resolve("memory.jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < ENTITIES; i++) {
                out.write("{\"type\":\"entity\",\"name\":\"component-" + i + "\",\"entityType\":\"component\","
                        + "\"observations\":[\"Component " + i + " retries its writes " + (i % 7 + 2) + " times\"]}\n");
            }
        }
        return file;
    }

    static McpSyncClient client(HttpToolServer server) {
        McpSyncClient mcp = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:"
                        + server.jetty().port()).endpoint(EmbeddedJetty.ENDPOINT).build())
                .requestTimeout(Duration.ofSeconds(90))
                .clientInfo(new McpSchema.Implementation("stopped-calls-test", "1.0")).build();
        mcp.initialize();
        return mcp;
    }

    /** The items in the project's graph (0 before it is made). */
    static long items(ProjectFixture fixture) throws Exception {
        Path db = fixture.project().resolve(".graphiti/graph.db");
        if (!Files.exists(db)) {
            return 0;
        }
        try (var connection = DriverManager.getConnection("jdbc:sqlite:" + db);
             var count = connection.createStatement().executeQuery("SELECT count(*) FROM items")) {
            count.next();
            return count.getLong(1);
        } catch (java.sql.SQLException notYetMade) {
            return 0;
        }
    }
}
