package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/** Calls every graphiti tool through some MCP client and checks what a user of each would check. */
record ToolCalls(BiFunction<String, Map<String, Object>, McpSchema.CallToolResult> client) {

    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.apply(tool, arguments);
    }

    /** The call's text; fails the test when the call failed. */
    String ok(String tool, Map<String, Object> arguments) {
        var result = call(tool, arguments);
        assertFalse(Boolean.TRUE.equals(result.isError()), tool + " failed: " + text(result));
        return text(result);
    }

    static String text(McpSchema.CallToolResult result) {
        return result.content().stream().map(c -> ((McpSchema.TextContent) c).text()).collect(Collectors.joining("\n"));
    }

    /** add -> search finds it -> show -> the other tools -> delete -> search no longer finds it. */
    static void everyTool(ToolCalls calls, ProjectFixture fixture) {
        var added = calls.call("graphiti_add", Map.of(
                "content", "Use SQLite in WAL mode so hooks and servers write one file concurrently",
                "kind", "decision", "tags", List.of("storage", "sqlite")));
        assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
        assertNotNull(added.structuredContent(), "add answers an object");
        @SuppressWarnings("unchecked")
        String id = (String) ((Map<String, Object>) added.structuredContent()).get("id");
        assertNotNull(id);

        assertTrue(calls.ok("graphiti_search", Map.of("query", "WAL concurrently")).contains(id));
        assertTrue(calls.ok("graphiti_list", Map.of("kind", "decision")).contains(id));
        assertTrue(calls.ok("graphiti_show", Map.of("id", id)).contains("hooks and servers"));
        assertTrue(calls.ok("graphiti_summarize", Map.of()).contains("decision"));
        calls.ok("graphiti_compact", Map.of("dry_run", true));
        calls.ok("graphiti_health", Map.of());
        assertTrue(calls.ok("graphiti_config", Map.of()).contains("mcp.context_tokens"));
        assertTrue(calls.ok("graphiti_config", Map.of("key", "mcp.context_tokens")).contains("8192"));
        // index and capture come with the ingest commands; until they are on the CLI, the tools say so.
        var index = calls.call("graphiti_index", Map.of());
        assertTrue(!Boolean.TRUE.equals(index.isError()) || text(index).contains("index"), text(index));
        var capture = calls.call("graphiti_capture", Map.of("transcript", fixture.project().resolve("missing.jsonl").toString()));
        assertTrue(text(capture).contains("capture") || text(capture).contains("missing.jsonl"),
                "capture says what happened: " + text(capture));

        calls.ok("graphiti_delete", Map.of("ids", List.of(id)));
        assertFalse(calls.ok("graphiti_search", Map.of("query", "WAL concurrently")).contains(id));
    }
}
