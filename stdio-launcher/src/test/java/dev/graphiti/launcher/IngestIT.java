package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.OpencodeDatabase;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar as Claude Code's hooks and a person use it: `capture --async` fed the Stop hook's
 * stdin returns at once and a detached graphiti process stores the session's knowledge (as opencode's plugin runs it
 * too, for a session that is rows of opencode's database); `index` turns the repository's history into items.
 */
class IngestIT {

    private static final String SESSION = "9a8b7c6d-1111-2222-3333-444455556666";

    @TempDir
    Path home;

    private record Ran(int code, String out, String err) {
        JsonObject json() {
            return Json.createReader(new StringReader(out)).readObject();
        }
    }

    private Ran graphiti(Path directory, String stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().put("GRAPHITI_HOME", home.resolve(".graphiti").toString());
        builder.environment().remove("CLAUDE_CONFIG_DIR");
        Process process = builder.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "graphiti ended");
        return new Ran(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    private static void git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=Ada", "-c", "user.email=ada@example.com"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0, output);
    }

    private Path repository() throws Exception {
        Path repo = Files.createDirectories(home.resolve("shop")).toRealPath();
        git(repo, "init", "-q", "-b", "main");
        Files.writeString(repo.resolve("Checkout.java"), "class Checkout {}\n");
        git(repo, "add", ".");
        git(repo, "commit", "-q", "-m", "Add the checkout service");
        Files.writeString(repo.resolve("Checkout.java"), "class Checkout { Pool pool; }\n");
        git(repo, "commit", "-q", "-am", "Decide to use HikariCP over the hand-rolled pool");
        git(repo, "commit", "-q", "--allow-empty", "--author=dependabot[bot] <1+dependabot[bot]@users.noreply.github.com>",
                "-m", "Bump hikaricp from 5.0.0 to 5.1.0");
        return repo;
    }

    private static String line(String type, String text) {
        String content = type.equals("user") ? Json.createValue(text).toString()
                : "[{\"type\":\"text\",\"text\":" + Json.createValue(text) + "},{\"type\":\"tool_use\",\"id\":\"t1\","
                + "\"name\":\"Bash\",\"input\":{\"command\":\"we decided to use ls\"}}]";
        return "{\"type\":\"" + type + "\",\"isSidechain\":false,\"sessionId\":\"" + SESSION + "\",\"message\":{\"role\":\""
                + type + "\",\"content\":" + content + "},\"timestamp\":\"2025-08-14T09:00:00.000Z\"}\n";
    }

    @Test
    void asyncCaptureFromTheStopHookStoresTheSessionInTheBackground() throws Exception {
        Path repo = repository();
        Path transcript = home.resolve(".claude/projects/" + repo.toString().replace('/', '-') + "/" + SESSION + ".jsonl");
        Files.createDirectories(transcript.getParent());
        Files.writeString(transcript, "{\"type\":\"summary\",\"summary\":\"We decided to use Redis\"}\n"
                + line("user", "I prefer small commits. The checkout times out, find out why.")
                + line("assistant", "The root cause was a pool of two connections. We decided to use HikariCP with 20."));
        String hook = "{\"session_id\":\"" + SESSION + "\",\"transcript_path\":\"" + transcript + "\",\"cwd\":\"" + repo
                + "\",\"hook_event_name\":\"Stop\"}";

        Ran started = graphiti(repo, hook, "capture", "--async", "--format", "json");

        assertEquals(0, started.code(), started.err());
        assertEquals(SESSION, started.json().getString("session"));
        String log = outcome(Path.of(started.json().getString("log")));
        assertTrue(log.contains("session " + SESSION + ": read 2 turns, added 3 items"), log);

        Ran again = graphiti(repo, "", "capture", "--transcript", transcript.toString(), "--format", "json");
        assertEquals(0, again.json().getInt("items_added"), again.out());
        Ran listed = graphiti(repo, "", "list", "--format", "json");
        List<String> kinds = Json.createReader(new StringReader(listed.out())).readArray().getValuesAs(JsonObject.class)
                .stream().map(item -> item.getString("kind")).sorted().toList();
        assertEquals(List.of("bugfix", "decision", "preference"), kinds);
    }

    /** The capture log's text once the detached capture wrote its outcome, or an error (or after 90 s). */
    private static String outcome(Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline && !(Files.exists(log) && Files.readString(log).matches("(?s).*(added|graphiti:).*"))) {
            Thread.sleep(200);
        }
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Test
    void asyncCaptureFromOpencodesPluginStoresTheSessionFromItsDatabase() throws Exception {
        Path repo = repository();
        String session = "ses_2a1b3c4d5e6fAbCdEfGhIjKlMn";
        OpencodeDatabase.create(home.resolve(".local/share"), Instant.parse("2026-07-02T09:00:00Z"))
                .session(session, repo, null).user("Let's keep every price as integer cents, never as a double.")
                .assistant(null, null, "Understood: integer cents.");
        // what graphiti's opencode plugin sends on session.idle
        String idle = "{\"session_id\":\"" + session + "\",\"hook_event_name\":\"Stop\",\"cwd\":\"" + repo + "\"}";

        Ran started = graphiti(repo, idle, "capture", "--agent", "opencode", "--async", "--format", "json");

        assertEquals(0, started.code(), started.err());
        String log = outcome(Path.of(started.json().getString("log")));
        assertTrue(log.contains("session " + session + ": read 2 turns, added 1 item"), log);
    }

    @Test
    void indexFromTheJar() throws Exception {
        Path repo = repository();
        Ran indexed = graphiti(repo, "", "index", "--format", "json");
        assertEquals(0, indexed.code(), indexed.err());
        assertEquals(2, indexed.json().getInt("commits_indexed"));
        assertEquals(1, indexed.json().getInt("skipped"));
        Ran again = graphiti(repo, "", "index", "--format", "json");
        assertEquals(0, again.json().getInt("commits_indexed"));
        Ran health = graphiti(repo, "", "health", "--format", "json");
        assertEquals(0, health.code(), health.out() + health.err());
        assertTrue(health.out().contains("is indexed"), health.out());
    }
}
