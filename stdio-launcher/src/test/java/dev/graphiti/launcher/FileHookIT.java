package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PreToolUse and SessionStart hooks as `graphiti mcp install` registers them, run from the packaged jar the way
 * Claude Code runs them (through sh, the hook's JSON on stdin, in the project): with the session's server running
 * they are answered over its socket without a JVM, and the answer is the cold command's, byte for byte.
 */
class FileHookIT {

    static final String DECISION = "SessionStore.java keeps sessions in Redis with a 30 minute TTL; Postgres was"
            + " rejected for session storage because of write amplification.";

    @TempDir
    Path home;

    @TempDir
    Path project;

    private ClaudeUser user;
    private JsonObject hooks;
    private Path store;

    @BeforeEach
    void aProjectWithADecisionAboutAFile() throws Exception {
        user = new ClaudeUser(home);
        assertEquals(0, user.run(List.of("git", "init", "-q", "."), project, "").code());
        store = project.toRealPath().resolve("src/shop/SessionStore.java");
        Files.createDirectories(store.getParent());
        Files.writeString(store, "class SessionStore {}\n");
        Files.writeString(store.resolveSibling("Cart.java"), "class Cart {}\n");
        ClaudeUser.Ran install = user.run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), project, "");
        assertEquals(0, install.code(), install.err());
        hooks = Json.createReader(new StringReader(Files.readString(home.resolve(".claude/settings.json")))).readObject()
                .getJsonObject("hooks");
        assertEquals(0, user.run(ClaudeUser.graphiti("add", "--kind", "decision", DECISION), project, "").code());
        assertEquals(0, user.run(ClaudeUser.graphiti("add", "--kind", "commit", "--title", "Reformat SessionStore.java",
                "Reformat SessionStore.java with the project's formatter."), project, "").code());
    }

    private String command(String event) {
        return hooks.getJsonArray(event).getJsonObject(0).getJsonArray("hooks").getJsonObject(0).getString("command");
    }

    private ClaudeUser.Ran edit(String session, Path file) throws Exception {
        String input = Json.createObjectBuilder().add("session_id", session).add("transcript_path", home + "/t.jsonl")
                .add("cwd", project.toString()).add("permission_mode", "default").add("hook_event_name", "PreToolUse")
                .add("tool_name", "Edit").add("tool_input", Json.createObjectBuilder().add("file_path", file.toString())
                        .add("old_string", "{}").add("new_string", "{ }"))
                .add("tool_use_id", "toolu_01").build().toString();
        return user.run(List.of("sh", "-c", command("PreToolUse")), project, input, JVM_TELLS);
    }

    private ClaudeUser.Ran start(String session) throws Exception {
        String input = "{\"session_id\":\"" + session + "\",\"transcript_path\":\"" + home + "/t.jsonl\",\"cwd\":"
                + Json.createValue(project.toString()) + ",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}";
        return user.run(List.of("sh", "-c", command("SessionStart")), project, input, JVM_TELLS);
    }

    /** Any JVM the hook starts says so on stderr: "Picked up JAVA_TOOL_OPTIONS". */
    private static final Map<String, String> JVM_TELLS = Map.of("JAVA_TOOL_OPTIONS", "-Dgraphiti.test.jvm=started");
    private static final String A_JVM_STARTED = "Picked up JAVA_TOOL_OPTIONS";

    @Test
    void theServerAnswersTheFileAndSessionStartHooksAsTheColdCommandsDo() throws Exception {
        Process server = user.start(ClaudeUser.graphiti("mcp", "serve"), project, Map.of());
        Path socket = project.resolve(".graphiti/run/prompt.sock");
        String hot;
        String hotStart;
        try {
            for (int i = 0; i < 600 && !Files.exists(socket) && server.isAlive(); i++) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(socket), "the server listens on " + socket);
            ClaudeUser.Ran told = edit("s1", store);
            assertEquals(0, told.code(), told.err());
            assertFalse(told.err().contains(A_JVM_STARTED), "the server answered: " + told.err());
            hot = told.out();
            String context = Json.createReader(new StringReader(hot)).readObject().getJsonObject("hookSpecificOutput")
                    .getString("additionalContext");
            assertTrue(context.contains(DECISION) && !context.contains("Reformat"), context);

            ClaudeUser.Ran again = edit("s1", store);
            assertEquals("", again.out(), "told once a session");
            assertFalse(again.err().contains(A_JVM_STARTED), again.err());
            ClaudeUser.Ran cart = edit("s1", store.resolveSibling("Cart.java"));
            assertEquals("", cart.out(), "nothing anchored to Cart.java");
            assertEquals("", cart.err());

            ClaudeUser.Ran started = start("s1");
            assertFalse(started.err().contains(A_JVM_STARTED), "the server answered: " + started.err());
            hotStart = started.out();
            assertTrue(hotStart.contains("write amplification"), hotStart);
        } finally {
            server.getOutputStream().close();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        }
        assertFalse(Files.exists(socket), "the server removed its socket");

        ClaudeUser.Ran cold = edit("s2", store);
        assertTrue(cold.err().contains(A_JVM_STARTED), "no server: the hook started its JVM: " + cold.err());
        // the same bytes but the trailing newline, which the client's $(curl ...) drops (Claude Code reads either)
        assertEquals(hot, cold.out().stripTrailing(), "the socket's answer is the cold command's");
        assertEquals("", edit("s2", store).out(), "told once a session, cold too");
        ClaudeUser.Ran coldStart = start("s2");
        assertTrue(coldStart.err().contains(A_JVM_STARTED), coldStart.err());
        assertEquals(hotStart, coldStart.out().stripTrailing(), "the socket's brief is the cold command's");
    }
}
