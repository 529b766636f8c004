package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.StringReader;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The transcript backfill (graphiti_capture with all) as a task, end to end: a folder of Claude Code sessions as
 * Claude Code keeps them (HOME/.claude/projects/&lt;project folder&gt;/&lt;id&gt;.jsonl), a 2026-07-28 client over real
 * HTTP that declares the tasks extension gets a handle at once, watches the task's counts rise to every session on
 * subscriptions/listen, polls tasks/get to the report, and finds what the sessions decided with graphiti_search.
 * Run again, the backfill adds nothing; without the extension it answers in the request, with progress
 * notifications counting the sessions when the call asked for them.
 */
class BackfillTaskHttpTest {

    static final String MODERN = StatelessClient.MODERN;
    static final String TASKS = StatelessClient.TASKS;
    static final String PROGRESS = "dev.graphiti/progress";
    static final int SESSIONS = 150;
    static final String[] MODULES = {"billing", "checkout", "search", "auth", "reports", "inventory", "shipping",
            "notifications", "catalog", "payments", "accounts", "exports", "ledger"};
    static final String[] CAUSES = {"an unbounded retry loop", "a missing index on the orders table",
            "a stale cache entry after deploys", "a race between two schedulers", "a connection pool capped at 2",
            "a timezone conversion in the date parser", "an N+1 query in the listing", "a leaked file handle"};
    static final String[] CONDITIONS = {"the nightly batch overlaps the backup", "a customer has over 500 orders",
            "the replica lags behind", "two deploys run at once", "the partner API throttles us", "the disk is nearly full",
            "a webhook arrives twice", "the clock moves to summer time", "the cache is cold after a restart",
            "an invoice has no line items", "the queue holds more than 10k messages"};
    static final String[] LIBRARIES = {"HikariCP", "Caffeine", "Jackson", "Flyway", "Resilience4j", "jOOQ", "Micrometer"};

    @TempDir
    static Path shared;
    static Path project;
    static HttpToolServer http;
    static StatelessClient client;

    @BeforeAll
    static void start() throws Exception {
        Path home = Files.createDirectories(shared.resolve("home")).toRealPath();
        project = Files.createDirectories(shared.resolve("shop")).toRealPath();
        ProjectFixture.git(project, "init", "-q", "-b", "main");
        Path folder = Files.createDirectories(home.resolve(".claude/projects")
                .resolve(project.toString().replaceAll("[^A-Za-z0-9]", "-")));
        for (int i = 1; i <= SESSIONS; i++) {
            session(folder, i);
        }
        http = HttpToolServer.start(ToolSettings.defaults().withSemantic(false), home,
                Files.createDirectories(shared.resolve("elsewhere")));
        client = http.client();
    }

    @AfterAll
    static void stop() throws Exception {
        http.close();
    }

    @Test
    void theBackfillIsATaskCountingEverySessionAndARunAgainAddsNothing() throws Exception {
        String arguments = "{\"name\":\"graphiti_capture\",\"arguments\":{\"all\":true,\"dir\":" + quote(project) + "}}";
        JsonObject created = client.call("tools/call", "graphiti_capture", arguments, TASKS);
        assertEquals("task", created.getString("resultType"), created.toString());
        assertEquals("working", created.getString("status"));
        assertFalse(created.containsKey("result"), "the outcome comes from tasks/get");
        String id = created.getString("taskId");

        // Pushed: the counts only rise, all of the same total, up to every session; the last state is completed.
        List<Long> seen = new ArrayList<>();
        JsonObject last = null;
        try (Stream<JsonObject> messages = client.listen(id)) {
            Iterator<JsonObject> events = messages.iterator();
            assertEquals("notifications/subscriptions/acknowledged", events.next().getString("method"));
            while ((last == null || !last.getString("status").equals("completed")) && events.hasNext()) {
                last = events.next().getJsonObject("params");
                assertTrue(List.of("working", "completed").contains(last.getString("status")), last.toString());
                if (last.getJsonObject("_meta").get(PROGRESS) instanceof JsonObject counts) {
                    assertEquals(SESSIONS, counts.getInt("total"), counts.toString());
                    seen.add(counts.getJsonNumber("progress").longValue());
                }
            }
        }
        assertEquals("completed", last.getString("status"), String.valueOf(last));
        assertFalse(seen.isEmpty(), "the task carried its counts");
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1), "counts never go back: " + seen);
        }
        assertEquals(SESSIONS, seen.get(seen.size() - 1), "the counts reach every session: " + seen);

        JsonObject done = client.task(id);
        assertEquals("completed", done.getString("status"), done.toString());
        assertEquals(SESSIONS, done.getJsonObject("_meta").getJsonObject(PROGRESS).getInt("progress"), done.toString());
        JsonObject report = done.getJsonObject("result").getJsonObject("structuredContent");
        assertEquals(SESSIONS, report.getInt("transcripts"), report.toString());
        assertEquals(SESSIONS, report.getInt("read"), report.toString());
        int added = report.getInt("items_added");
        assertTrue(added >= SESSIONS / 2, report.toString());

        JsonObject found = client.call("tools/call", "graphiti_search", "{\"name\":\"graphiti_search\",\"arguments\":{\"query\":"
                + "\"LedgerService77 timezone conversion\",\"dir\":" + quote(project) + "}}", "{}");
        assertTrue(found.toString().contains("LedgerService77"), found.toString());

        // Again as a task: every session is known already, nothing is added.
        String again = client.call("tools/call", "graphiti_capture", arguments, TASKS).getString("taskId");
        JsonObject settled = client.settled(again);
        assertEquals("completed", settled.getString("status"), settled.toString());
        JsonObject second = settled.getJsonObject("result").getJsonObject("structuredContent");
        assertEquals(0, second.getInt("items_added"), second.toString());
        assertEquals(SESSIONS, second.getInt("unchanged"), second.toString());

        // Without the extension the backfill answers in the request; its progress notifications count the sessions.
        List<JsonObject> stream = withProgressToken(arguments);
        JsonObject answer = stream.get(stream.size() - 1).getJsonObject("result");
        assertEquals("complete", answer.getString("resultType"), answer.toString());
        assertEquals(0, answer.getJsonObject("structuredContent").getInt("items_added"), answer.toString());
        List<JsonObject> progress = stream.stream().filter(m -> "notifications/progress".equals(m.getString("method", "")))
                .map(m -> m.getJsonObject("params")).toList();
        assertEquals(0, progress.get(0).getInt("progress"), progress.toString());
        JsonObject end = progress.get(progress.size() - 1);
        assertEquals(SESSIONS, end.getInt("progress"), progress.toString());
        assertEquals(SESSIONS, end.getInt("total"), progress.toString());
        assertTrue(end.getString("message").endsWith(SESSIONS + "/" + SESSIONS + " sessions"), end.toString());
    }

    /** A tools/call without the tasks extension, asking for progress: every message of its stream, the answer last. */
    private static List<JsonObject> withProgressToken(String params) throws Exception {
        String body = post(params.substring(0, params.length() - 1), "backfill");
        return body.lines().filter(l -> l.startsWith("data:"))
                .map(l -> Json.createReader(new StringReader(l.substring(5).strip())).readObject()).toList();
    }

    /** A graphiti_capture call without the tasks extension; {@code params} without its closing brace: _meta is added. */
    private static String post(String params, String progressToken) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"tools/call\",\"method\":\"tools/call\",\"params\":" + params
                + ",\"_meta\":{\"progressToken\":\"" + progressToken + "\","
                + "\"io.modelcontextprotocol/protocolVersion\":\"" + MODERN + "\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        var request = HttpRequest.newBuilder(URI.create(http.jetty().url()))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", MODERN).header("Mcp-Method", "tools/call").header("Mcp-Name", "graphiti_capture");
        return client.http().send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static String quote(Path path) {
        return StatelessClient.quote(path.toString());
    }

    /**
     * One session as Claude Code writes it: a summary, the user's prompt, the assistant's thinking, text and a Read,
     * the file coming back as a tool_result (a few KB), the root cause found, a library chosen from now on.
     */
    private static void session(Path folder, int i) throws IOException {
        String id = new UUID(7, i).toString();
        Instant start = Instant.parse("2026-09-01T08:00:00Z").plusSeconds(3600L * i);
        String module = MODULES[i % MODULES.length];
        String component = Character.toUpperCase(module.charAt(0)) + module.substring(1) + "Service" + i;
        try (Writer out = Files.newBufferedWriter(folder.resolve(id + ".jsonl"), StandardCharsets.UTF_8)) {
            var turns = new Object() {
                int n;

                void line(String type, JsonObjectBuilder message) throws IOException {
                    n++;
                    out.write(Json.createObjectBuilder().add("parentUuid", n == 1 ? "" : id + "-" + (n - 1))
                            .add("isSidechain", false).add("userType", "external").add("cwd", project.toString())
                            .add("sessionId", id).add("version", "2.0.14").add("gitBranch", "main").add("type", type)
                            .add("message", message).add("uuid", id + "-" + n)
                            .add("timestamp", start.plusSeconds(30L * n).toString()).build() + "\n");
                }
            };
            out.write(Json.createObjectBuilder().add("type", "summary").add("summary", "The " + module + " job times out")
                    .add("leafUuid", id + "-1").build() + "\n");
            turns.line("user", Json.createObjectBuilder().add("role", "user").add("content", "The " + module
                    + " job fails about once a week with a timeout in " + component + ". Can you find out why?"));
            turns.line("assistant", Json.createObjectBuilder().add("role", "assistant").add("content", blocks(
                    Json.createObjectBuilder().add("type", "thinking").add("thinking", "Start with the pool settings.")
                            .add("signature", "sig" + i),
                    Json.createObjectBuilder().add("type", "text").add("text", "Let me read " + component + " first."),
                    Json.createObjectBuilder().add("type", "tool_use").add("id", "toolu_" + i).add("name", "Read")
                            .add("input", Json.createObjectBuilder().add("file_path", project + "/src/" + component + ".java")))));
            turns.line("user", Json.createObjectBuilder().add("role", "user").add("content", blocks(
                    Json.createObjectBuilder().add("type", "tool_result").add("tool_use_id", "toolu_" + i)
                            .add("content", ("    private int field = " + i + "; // read from the pool settings\n").repeat(60)))));
            turns.line("assistant", Json.createObjectBuilder().add("role", "assistant").add("content", blocks(
                    Json.createObjectBuilder().add("type", "text").add("text", "I found it. The root cause was "
                            + CAUSES[i % CAUSES.length] + " in " + component + " when " + CONDITIONS[i % CONDITIONS.length] + "."))));
            turns.line("user", Json.createObjectBuilder().add("role", "user").add("content", "Good. Let's use "
                    + LIBRARIES[i % LIBRARIES.length] + " for the " + module + " module from now on."));
        }
    }

    private static JsonArrayBuilder blocks(JsonObjectBuilder... blocks) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObjectBuilder block : blocks) {
            array.add(block);
        }
        return array;
    }
}
