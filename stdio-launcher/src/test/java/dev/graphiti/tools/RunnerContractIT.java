package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31: the two runners are one contract. The same calls of every graphiti_* tool (and a read of the context)
 * go to a stdio server whose tools run the CLI in its own JVM and to one whose tools start the packaged jar as
 * an external graphiti executable (its --format json output), each on an identical fresh project; their answers,
 * as the client's SDK received them, must be the same. Only what cannot be the same is normalised: the item ids
 * (random), the two projects' directories and commit hashes (made seconds apart), timestamps, the measured times
 * of health's checks, and the database file's sizes in compact's and health's reports (a server that keeps its
 * connection open has not folded its write-ahead log back into the file; a process per call has).
 */
class RunnerContractIT {

    /** An item id as an answer's JSON names it (escaped inside a text block) or a resource link does. */
    private static final Pattern ITEM_ID = Pattern.compile("(?:\\\\?\"id\\\\?\":\\\\?\"|\"type\":\"resource_link\",\"name\":\")([0-9a-hjkmnp-tv-z]{8})\\\\?\"");

    @TempDir
    Path temp;

    @Test
    void bothRunnersGiveTheSameAnswers() throws Exception {
        Map<String, String> inProcess = answers(temp.resolve("in-process"), Map.of());
        Map<String, String> external = answers(temp.resolve("external"),
                Map.of("GRAPHITI_MCP_CLI", String.join(" ", ProjectFixture.launcher())));
        assertEquals(inProcess.keySet(), external.keySet());
        for (String call : inProcess.keySet()) {
            assertEquals(inProcess.get(call), external.get(call), call);
        }
    }

    /** Every tool's calls on a fresh project, each call's answer normalised, by the call. */
    private Map<String, String> answers(Path dir, Map<String, String> runner) throws Exception {
        var fixture = ProjectFixture.create(dir);
        String head = git(fixture.project(), "rev-parse", "HEAD");
        java.nio.file.Files.writeString(fixture.project().resolve("CLAUDE.md"), "# Rules\n\nAlways run scripts/test before"
                + " pushing: the hooks share one SQLite file.\n");
        Map<String, String> env = new LinkedHashMap<>(runner);
        env.put("GRAPHITI_PROJECT_ROOT", fixture.project().toString());
        // Ranking by meaning is the in-process server's own model (an external command loads none for one call).
        env.put("GRAPHITI_SEMANTIC", "off");
        var answers = new LinkedHashMap<String, String>();
        var ids = new ArrayList<String>();
        try (var session = new GraphitiToolsStdioIT.Session(fixture, env, null)) {
            var tools = session.scenarios();
            Caller call = (label, tool, arguments) -> {
                McpSchema.CallToolResult result = tools.call(tool, arguments);
                answers.put(label, json(result));
                return result;
            };
            ids.add(id(call.call("add", "graphiti_add", Map.of("content",
                    "Use SQLite in WAL mode so hooks and servers write one file concurrently",
                    "kind", "decision", "tags", List.of("storage", "sqlite")))));
            ids.add(id(call.call("add titled", "graphiti_add", Map.of("content", "Keep Storage.java free of HTTP types",
                    "kind", "architecture", "title", "Storage stays HTTP-free"))));
            ids.add(id(call.call("add global", "graphiti_add", Map.of("content", "Prefer records for data carriers",
                    "kind", "preference", "scope", "global"))));
            call.call("add bad kind", "graphiti_add", Map.of("content", "x", "kind", "gossip"));
            call.call("add long title", "graphiti_add", Map.of("content", "a note", "title", "t".repeat(400)));
            ids.add(id(call.call("add supersedes", "graphiti_add", Map.of("content",
                    "Use SQLite in WAL mode with a busy timeout", "kind", "decision", "supersedes", ids.get(0)))));
            call.call("search", "graphiti_search", Map.of("query", "WAL concurrently"));
            call.call("search filtered", "graphiti_search", Map.of("query", "storage", "kind", "architecture,decision",
                    "limit", 1, "all", true));
            call.call("search exact", "graphiti_search", Map.of("query", "free of HTTP", "exact", true, "tag", "none"));
            call.call("search global", "graphiti_search", Map.of("query", "records", "scope", "global"));
            call.call("search bad since", "graphiti_search", Map.of("query", "x", "since", "last tuesday"));
            call.call("search nothing", "graphiti_search", Map.of("query", "kubernetes"));
            call.call("list", "graphiti_list", Map.of());
            call.call("list filtered", "graphiti_list", Map.of("kind", "decision", "all", true, "limit", 5));
            call.call("list bad limit", "graphiti_list", Map.of("limit", 0));
            call.call("show", "graphiti_show", Map.of("id", ids.get(1)));
            call.call("show missing", "graphiti_show", Map.of("id", "zzzzzz-no-such-item"));
            call.call("summarize", "graphiti_summarize", Map.of());
            call.call("compact dry run", "graphiti_compact", Map.of("dry_run", true));
            call.call("health", "graphiti_health", Map.of());
            call.call("config", "graphiti_config", Map.of());
            call.call("config key", "graphiti_config", Map.of("key", "mcp.context_tokens"));
            call.call("config set", "graphiti_config", Map.of("key", "search.default_limit", "value", 25));
            call.call("config refused", "graphiti_config", Map.of("key", "llm.endpoint", "value", "http://x"));
            call.call("index", "graphiti_index", Map.of());
            call.call("search commit", "graphiti_search", Map.of("query", "storage layer"));
            call.call("export", "graphiti_export", Map.of("path", fixture.project().resolve("graph.json").toString()));
            call.call("import", "graphiti_import", Map.of("path", fixture.project().resolve("graph.json").toString(),
                    "scope", "global"));
            call.call("capture memory", "graphiti_capture", Map.of("memory", true, "scope", "project"));
            call.call("capture missing", "graphiti_capture", Map.of("transcript",
                    fixture.project().resolve("missing.jsonl").toString()));
            call.call("delete unconfirmed", "graphiti_delete", Map.of("ids", List.of(ids.get(1))));
            call.call("delete", "graphiti_delete", Map.of("ids", List.of(ids.get(1)), "confirm", true));
            call.call("list after delete", "graphiti_list", Map.of("all", true));
            answers.put("context", tools.context());
        }
        // Items the tools did not add (indexed commits, imported copies) are known by their ids in the answers, in
        // the order they first appear; either way the answers are normalised at the end.
        answers.values().forEach(answer -> ITEM_ID.matcher(answer).results().map(found -> found.group(1))
                .filter(id -> !ids.contains(id)).forEach(ids::add));
        answers.replaceAll((call, answer) -> normal(answer, fixture, ids).replaceAll(head.substring(0, 7) + "[0-9a-f]*", "<head>"));
        return answers;
    }

    @FunctionalInterface
    private interface Caller {
        McpSchema.CallToolResult call(String label, String tool, Map<String, Object> arguments);
    }

    private static String id(McpSchema.CallToolResult added) {
        return added.structuredContent() instanceof Map<?, ?> object && object.get("id") instanceof String id ? id : "none";
    }

    /**
     * The answer as the client's SDK received it. An object answer's text is its structured content as TOON or JSON,
     * whichever counts fewer tokens, and a random id's tokens can tip that choice either way, so there only the
     * structured content is compared.
     */
    private static String json(McpSchema.CallToolResult result) {
        String wire;
        try {
            wire = McpJsonDefaults.getMapper().writeValueAsString(result);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        JsonObject answer = Json.createReader(new StringReader(wire)).readObject();
        if (!answer.containsKey("structuredContent")) {
            return wire;
        }
        var content = Json.createArrayBuilder(answer.getJsonArray("content"))
                .set(0, Json.createObjectBuilder().add("type", "text").add("text", "<structuredContent encoded>"));
        return Json.createObjectBuilder(answer).add("content", content).build().toString();
    }

    private static String normal(String text, ProjectFixture fixture, List<String> ids) {
        for (int i = 0; i < ids.size(); i++) {
            text = text.replace(ids.get(i), "<id" + i + ">");
        }
        return text.replace(fixture.project().toString(), "<project>").replace(fixture.home().toString(), "<home>")
                .replaceAll("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z", "<time>")
                .replaceAll("\\d+(\\.\\d+)? ?ms\\b", "<ms>")
                .replaceAll("\"bytes_(before|after)\":\\d+", "\"bytes_$1\":<bytes>")
                .replaceAll("[0-9.]+ [KMG]iB database \\+ [0-9.]+ [KMG]iB write-ahead log, \\d+ bytes per item", "<file sizes>");
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).start();
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("git " + String.join(" ", args) + " failed");
        }
        return out;
    }
}
