package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long job as a task, end to end: a 2026-07-28 client over real HTTP (java.net.http, each request on its own)
 * calls graphiti_index on a real git repository with the tasks extension declared, gets the task's handle at
 * once, watches it on subscriptions/listen (its counts of commits rising to all of them) and polls tasks/get until the
 * outcome, which holds the index report;
 * the indexed commits are then found by graphiti_search. A second index is cancelled and stays cancelled.
 */
class LongJobTaskHttpTest {

    static final String TASKS = StatelessClient.TASKS;
    static final int COMMITS = 400;

    @TempDir
    static Path shared;
    static Path project;
    static HttpToolServer http;
    static StatelessClient client;

    @BeforeAll
    static void start() throws Exception {
        Path home = Files.createDirectories(shared.resolve("home")).toRealPath();
        project = history(Files.createDirectories(shared.resolve("project")), COMMITS).toRealPath();
        http = HttpToolServer.start(ToolSettings.defaults().withSemantic(false), home,
                Files.createDirectories(shared.resolve("elsewhere")));
        client = http.client();
    }

    @AfterAll
    static void stop() throws Exception {
        http.close();
    }

    @Test
    void aFullIndexIsATaskWhoseOutcomeIsTheReport() throws Exception {
        JsonObject created = call("tools/call", "graphiti_index", "{\"name\":\"graphiti_index\",\"arguments\":{\"full\":true,\"dir\":"
                + quote(project) + "}}", TASKS);
        assertEquals("task", created.getString("resultType"), created.toString());
        String id = created.getString("taskId");
        assertTrue(created.getJsonNumber("pollIntervalMs").longValue() > 0);
        assertFalse(created.containsKey("result"), "the outcome comes from tasks/get");

        // Pushed: the task's state at once, then each change, ending with the completed one.
        try (Stream<JsonObject> messages = client.listen(id)) {
            Iterator<JsonObject> events = messages.iterator();
            JsonObject ack = events.next();
            assertEquals("notifications/subscriptions/acknowledged", ack.getString("method"));
            assertEquals(id, ack.getJsonObject("params").getJsonObject("notifications").getJsonArray("taskIds").getString(0));
            String last = "";
            long walked = -1;
            while (!last.equals("completed") && events.hasNext()) {
                JsonObject note = events.next();
                assertEquals("notifications/tasks", note.getString("method"));
                last = note.getJsonObject("params").getString("status");
                assertTrue(last.equals("working") || last.equals("completed"), last);
                // The counts ride in _meta (the extension has no progress notifications for tasks): commits walked, rising.
                if (note.getJsonObject("params").getJsonObject("_meta").get("dev.graphiti/progress") instanceof JsonObject counts) {
                    assertEquals(COMMITS, counts.getInt("total"), counts.toString());
                    assertTrue(counts.getJsonNumber("progress").longValue() >= walked, counts.toString());
                    walked = counts.getJsonNumber("progress").longValue();
                }
            }
            assertEquals("completed", last);
            assertEquals(COMMITS, walked, "the counts reach every commit");
        }

        JsonObject done = client.settled(id);
        assertEquals("completed", done.getString("status"), done.toString());
        assertEquals(COMMITS, done.getJsonObject("_meta").getJsonObject("dev.graphiti/progress").getInt("progress"), done.toString());
        JsonObject report = done.getJsonObject("result");
        assertFalse(report.getBoolean("isError"), report.toString());
        assertTrue(report.getJsonObject("structuredContent").getInt("commits_indexed") >= COMMITS / 2, report.toString());

        JsonObject found = call("tools/call", "graphiti_search", "{\"name\":\"graphiti_search\",\"arguments\":{\"query\":"
                + "\"retry budget for service 217\",\"dir\":" + quote(project) + "}}", "{}");
        assertTrue(found.toString().contains("service 217"), found.toString());
    }

    @Test
    void aCancelledIndexStaysCancelledAndACallWithoutTheExtensionAnswersInTheRequest() throws Exception {
        String id = call("tools/call", "graphiti_index", "{\"name\":\"graphiti_index\",\"arguments\":{\"full\":true,\"dir\":"
                + quote(project) + "}}", TASKS).getString("taskId");
        JsonObject ack = call("tasks/cancel", id, "{\"taskId\":\"" + id + "\"}", TASKS);
        assertEquals("complete", ack.getString("resultType"));
        TimeUnit.MILLISECONDS.sleep(300);
        assertEquals("cancelled", client.task(id).getString("status"));

        JsonObject direct = call("tools/call", "graphiti_index", "{\"name\":\"graphiti_index\",\"arguments\":{\"dir\":"
                + quote(project) + "}}", "{}");
        assertEquals("complete", direct.getString("resultType"), direct.toString());
        assertTrue(direct.containsKey("structuredContent"), direct.toString());
    }

    private static JsonObject call(String method, String name, String params, String capabilities) throws Exception {
        return client.call(method, name, params, capabilities);
    }

    private static String quote(Path path) {
        return StatelessClient.quote(path.toString());
    }

    /** A repository of {@code commits} commits, each a change with a message worth indexing, made by git fast-import. */
    private static Path history(Path dir, int commits) throws IOException, InterruptedException {
        ProjectFixture.git(dir, "init", "-q", "-b", "main");
        var stream = new StringBuilder();
        for (int i = 1; i <= commits; i++) {
            String message = "Raise the retry budget for service " + i + " to five attempts because its upstream times out under load\n";
            String file = "class Service" + i + " { int retries = 5; }\n";
            stream.append("commit refs/heads/main\n")
                    .append("committer Dev <dev@example.com> ").append(1_700_000_000L + i * 60L).append(" +0000\n")
                    .append("data ").append(message.getBytes(StandardCharsets.UTF_8).length).append('\n').append(message)
                    .append("M 644 inline src/Service").append(i).append(".java\n")
                    .append("data ").append(file.getBytes(StandardCharsets.UTF_8).length).append('\n').append(file).append('\n');
        }
        Process importer = new ProcessBuilder("git", "fast-import", "--quiet").directory(dir.toFile()).redirectErrorStream(true).start();
        importer.getOutputStream().write(stream.toString().getBytes(StandardCharsets.UTF_8));
        importer.getOutputStream().close();
        String output = new String(importer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!importer.waitFor(60, TimeUnit.SECONDS) || importer.exitValue() != 0) {
            throw new IOException("git fast-import failed: " + output);
        }
        ProjectFixture.git(dir, "reset", "-q", "--hard", "main");
        return dir;
    }
}
