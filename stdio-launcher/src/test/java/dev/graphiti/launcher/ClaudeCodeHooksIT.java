package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hooks `graphiti mcp install` writes into ~/.claude/settings.json, run the way Claude Code runs them
 * (through a shell, in the project directory, the event's JSON on stdin) against a real project database.
 */
class ClaudeCodeHooksIT {

    @TempDir
    Path home;

    @TempDir
    Path project;

    private ClaudeUser.Ran run(List<String> command, String stdin) throws Exception {
        return new ClaudeUser(home).run(command, project, stdin);
    }

    private static List<String> graphiti(String... args) {
        return ClaudeUser.graphiti(args);
    }

    /** The command of graphiti's hook group for an event, exactly as written into settings.json. */
    private String hookCommand(String event) throws Exception {
        return hookCommand(home.resolve(".claude/settings.json"), event);
    }

    private static String hookCommand(Path file, String event) throws Exception {
        JsonObject settings = Json.createReader(new StringReader(Files.readString(file))).readObject();
        JsonArray groups = settings.getJsonObject("hooks").getJsonArray(event);
        assertEquals(1, groups.size());
        JsonObject hook = groups.getJsonObject(0).getJsonArray("hooks").getJsonObject(0);
        assertEquals("command", hook.getString("type"));
        return hook.getString("command");
    }

    private String hookJson(String event, Path transcript, String extra) {
        return "{\"session_id\":\"3f1c2a9e-5b7d-4e21-9c0a-1d2e3f4a5b6c\",\"transcript_path\":"
                + Json.createValue(transcript.toString()) + ",\"cwd\":" + Json.createValue(project.toString())
                + ",\"permission_mode\":\"default\",\"hook_event_name\":\"" + event + "\"" + extra + "}";
    }

    @BeforeEach
    void installIntoAGitProject() throws Exception {
        assertEquals(0, new ProcessBuilder("git", "init", "-q", project.toString()).start().waitFor());
        ClaudeUser.Ran install = run(graphiti("mcp", "install"), "");
        assertEquals(0, install.code(), install.err());
    }

    @Test
    void sessionStartPrintsTheProjectsContext() throws Exception {
        ClaudeUser.Ran add = run(graphiti("add", "--kind", "decision", "--title", "SQLite in WAL mode",
                "We run SQLite in WAL mode so hooks and the server can write at the same time."), "");
        assertEquals(0, add.code(), add.err());

        ClaudeUser.Ran start = run(List.of("sh", "-c", hookCommand("SessionStart")),
                hookJson("SessionStart", home.resolve("t.jsonl"), ",\"source\":\"startup\""));
        assertEquals(0, start.code(), start.err());
        assertTrue(start.out().contains("SQLite in WAL mode"), start.out());
    }

    /**
     * graphiti installed for the user and (with another command line, as teams do) for the project: Claude Code
     * runs both SessionStart hooks of an event at once, and the context is added once between them; the next
     * event of the session gets it again. Both scopes register the one server name, so Claude Code starts one
     * server; the project install says that, and that Claude Code waits for the user to approve .mcp.json.
     */
    @Test
    void userAndProjectInstallsAddTheContextOncePerSessionStart() throws Exception {
        Path wrapper = home.resolve(".local/bin/graphiti");
        ClaudeUser.Ran projectInstall = run(graphiti("mcp", "install", "--scope", "project", "--command",
                wrapper.toString()), "");
        assertEquals(0, projectInstall.code(), projectInstall.err());
        assertTrue(projectInstall.out().contains("\"Pending approval\"") && projectInstall.out().contains("/mcp"),
                projectInstall.out());
        assertTrue(projectInstall.out().contains("the context once between them"), projectInstall.out());
        ClaudeUser.Ran add = run(graphiti("add", "--kind", "decision", "--title", "SQLite in WAL mode",
                "We run SQLite in WAL mode so hooks and the server can write at the same time."), "");
        assertEquals(0, add.code(), add.err());

        String user = hookCommand("SessionStart");
        String team = hookCommand(project.resolve(".claude/settings.json"), "SessionStart");
        assertTrue(!user.equals(team), "two different hooks: Claude Code runs both");
        for (String source : List.of("startup", "compact")) {
            String input = hookJson("SessionStart", home.resolve("t.jsonl"), ",\"source\":\"" + source + "\"");
            var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
            try {
                var first = pool.submit(() -> run(List.of("sh", "-c", user), input));
                var second = pool.submit(() -> run(List.of("sh", "-c", team), input));
                ClaudeUser.Ran a = first.get(120, TimeUnit.SECONDS);
                ClaudeUser.Ran b = second.get(120, TimeUnit.SECONDS);
                assertEquals(0, a.code(), a.err());
                assertEquals(0, b.code(), b.err());
                String both = a.out() + b.out();
                assertTrue(both.contains("SQLite in WAL mode"), both);
                assertEquals(1, both.split("# graphiti: what is known about", -1).length - 1, source + ": once\n" + both);
            } finally {
                pool.shutdownNow();
            }
        }
        for (Path servers : List.of(home.resolve(".claude.json"), project.resolve(".mcp.json"))) {
            JsonObject file = Json.createReader(new StringReader(Files.readString(servers))).readObject();
            assertEquals(java.util.Set.of("graphiti"), file.getJsonObject("mcpServers").keySet(), servers.toString());
        }
    }

    @Test
    void stopAndPreCompactCaptureTheTranscriptInTheBackground() throws Exception {
        Path transcript = home.resolve(".claude/projects/p/3f1c2a9e-5b7d-4e21-9c0a-1d2e3f4a5b6c.jsonl");
        Files.createDirectories(transcript.getParent());
        Files.copy(Path.of("..", "src", "test", "resources", "transcripts", "session-a.jsonl"), transcript);

        long started = System.nanoTime();
        ClaudeUser.Ran stop = run(List.of("sh", "-c", hookCommand("Stop")),
                hookJson("Stop", transcript, ",\"stop_hook_active\":false"));
        assertEquals(0, stop.code(), stop.err());
        ClaudeUser.Ran compact = run(List.of("sh", "-c", hookCommand("PreCompact")),
                hookJson("PreCompact", transcript, ",\"trigger\":\"auto\",\"custom_instructions\":\"\""));
        assertEquals(0, compact.code(), compact.err());
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) < 30, "hooks return promptly");

        List<JsonValue> captured = List.of();
        for (int i = 0; i < 60 && captured.isEmpty(); i++) {
            ClaudeUser.Ran list = run(graphiti("list", "--format", "json"), "");
            assertEquals(0, list.code(), list.err());
            captured = Json.createReader(new StringReader(list.out())).readArray().stream()
                    .filter(item -> item.asJsonObject().getString("source").startsWith("capture:"))
                    .toList();
            if (captured.isEmpty()) {
                Thread.sleep(1000);
            }
        }
        assertTrue(!captured.isEmpty(), "the background capture stored items from the transcript");
        assertTrue(captured.stream().allMatch(item -> item.asJsonObject().getString("source")
                .equals("capture:3f1c2a9e-5b7d-4e21-9c0a-1d2e3f4a5b6c")), "the session id came from the hook's stdin");
        long distinct = captured.stream().map(v -> v.asJsonObject().getString("title")).distinct().count();
        assertEquals(captured.size(), distinct, "Stop and PreCompact on one transcript store each turn once");
    }
}
