package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The UserPromptSubmit hook as `graphiti mcp install` registers it, run from the packaged jar the way Claude Code
 * runs it (through sh, the hook's JSON on stdin, in the project): a prompt about a stored decision gets it as
 * additionalContext, an unrelated prompt gets nothing, and nothing ever fails the prompt.
 */
class PromptHookIT {

    @TempDir
    Path home;

    @TempDir
    Path project;

    private ClaudeUser user;
    private String hook;

    @BeforeEach
    void aProjectWithDecisions() throws Exception {
        user = new ClaudeUser(home);
        assertEquals(0, user.run(List.of("git", "init", "-q", "."), project, "").code());
        ClaudeUser.Ran install = user.run(ClaudeUser.graphiti("mcp", "install", "--no-startup-archive"), project, "");
        assertEquals(0, install.code(), install.err());
        JsonObject settings = Json.createReader(new StringReader(Files.readString(home.resolve(".claude/settings.json"))))
                .readObject();
        hook = settings.getJsonObject("hooks").getJsonArray("UserPromptSubmit").getJsonObject(0).getJsonArray("hooks")
                .getJsonObject(0).getString("command");
        for (String[] item : List.of(
                new String[] {"decision", "Sessions live in Redis, not in Postgres: logins must survive a database"
                        + " failover and Redis expires idle sessions by itself"},
                new String[] {"decision", "Money is stored as integer cents, never as double: rounding lost cents in"
                        + " the cart total"},
                new String[] {"architecture", "The checkout service sends payments through an outbox table, so a"
                        + " payment is never sent twice when the service restarts"},
                new String[] {"preference", "Tests use a real Postgres in a container, no mocks of the repository"})) {
            ClaudeUser.Ran add = user.run(ClaudeUser.graphiti("add", "--kind", item[0], item[1]), project, "");
            assertEquals(0, add.code(), add.err());
        }
    }

    private ClaudeUser.Ran prompt(String session, String text) throws Exception {
        return user.run(List.of("sh", "-c", hook), project, input(session, text));
    }

    private String input(String session, String text) {
        return "{\"session_id\":\"" + session + "\",\"transcript_path\":\"" + home + "/t.jsonl\",\"cwd\":"
                + Json.createValue(project.toString()) + ",\"permission_mode\":\"default\","
                + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":" + Json.createValue(text) + "}";
    }

    /** Any JVM the hook starts says so on stderr: "Picked up JAVA_TOOL_OPTIONS". */
    private static final Map<String, String> JVM_TELLS = Map.of("JAVA_TOOL_OPTIONS", "-Dgraphiti.test.jvm=started");
    private static final String A_JVM_STARTED = "Picked up JAVA_TOOL_OPTIONS";

    /** The session's MCP server as Claude Code starts it, in the project, its stdin held open. */
    private Process server(List<String> command) throws Exception {
        Process server = user.start(command, project, Map.of());
        Path socket = project.resolve(".graphiti/run/prompt.sock");
        for (int i = 0; i < 600 && !Files.exists(socket) && server.isAlive(); i++) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(socket), "the server listens on " + socket);
        return server;
    }

    private static void stop(Process server) throws Exception {
        server.getOutputStream().close();
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
    }

    @Test
    void theRunningServerAnswersTheHookWithoutAJvmAndWithoutItTheHookStillAnswers() throws Exception {
        Process server = server(ClaudeUser.graphiti("mcp", "serve"));
        try {
            ClaudeUser.Ran about = user.run(List.of("sh", "-c", hook), project,
                    input("s1", "Should we move the user sessions out of Redis into Postgres?"), JVM_TELLS);
            assertEquals(0, about.code(), about.err());
            assertFalse(about.err().contains(A_JVM_STARTED), "the server answered: " + about.err());
            String context = Json.createReader(new StringReader(about.out())).readObject()
                    .getJsonObject("hookSpecificOutput").getString("additionalContext");
            assertTrue(context.contains("logins must survive a database failover"), context);
            assertTrue(!context.contains("outbox") && !context.contains("cents"), context);

            ClaudeUser.Ran unrelated = user.run(List.of("sh", "-c", hook), project,
                    input("s1", "fix the typo in the README heading"), JVM_TELLS);
            assertEquals(0, unrelated.code(), unrelated.err());
            assertEquals("", unrelated.out());
            assertEquals("", unrelated.err());

            // The same prompt of the same session (a second install's hook) is added once.
            ClaudeUser.Ran again = user.run(List.of("sh", "-c", hook), project,
                    input("s1", "Should we move the user sessions out of Redis into Postgres?"), JVM_TELLS);
            assertEquals("", again.out());
        } finally {
            stop(server);
        }
        assertFalse(Files.exists(project.resolve(".graphiti/run/prompt.sock")), "the server removed its socket");

        ClaudeUser.Ran cold = user.run(List.of("sh", "-c", hook), project,
                input("s2", "Should we move the user sessions out of Redis into Postgres?"), JVM_TELLS);
        assertEquals(0, cold.code(), cold.err());
        assertTrue(cold.err().contains(A_JVM_STARTED), "no server: the hook started its JVM: " + cold.err());
        assertTrue(cold.out().contains("logins must survive a database failover"), cold.out());

        Path socket = project.resolve(".graphiti/run/prompt.sock");
        try (var crashed = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            crashed.bind(UnixDomainSocketAddress.of(socket)); // a server killed before it could remove its socket
        }
        ClaudeUser.Ran stale = user.run(List.of("sh", "-c", hook), project,
                input("s3", "Should we move the user sessions out of Redis into Postgres?"), JVM_TELLS);
        assertEquals(0, stale.code(), stale.err());
        assertTrue(stale.err().contains(A_JVM_STARTED), stale.err());
        assertTrue(stale.out().contains("logins must survive a database failover"), stale.out());
    }

    /**
     * A server whose answer never reaches the hook (on a loaded machine the client stops waiting at 2 s; here the
     * connection closes unanswered): it claimed the prompt, as the server's answer does (the same command in a warm
     * in-process CLI, in the client's run when the client names one), and the hook's cold command still tells the
     * prompt. Before, the cold command found the prompt claimed by the answer nobody read and printed nothing
     * (AgentHooksIT's Qwen Code and Gemini CLI at load 20).
     */
    @Test
    void anAnswerThatNeverReachedTheHookLeavesThePromptToItsColdCommand() throws Exception {
        Path socket = project.resolve(".graphiti/run/prompt.sock");
        Files.createDirectories(socket.getParent());
        try (Cli server = new Cli(CliEnvironment.embedded(Map.of("HOME", home.toString())));
             ServerSocketChannel lost = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            answer(server, List.of("recall", "--prompt"), input("warm", "Redis sessions")); // loaded, as a server's is
            lost.bind(UnixDomainSocketAddress.of(socket));
            CompletableFuture<String> answered = CompletableFuture.supplyAsync(() -> answerAndLoseIt(server, lost));
            ClaudeUser.Ran ran = prompt("s9", "Should we move the user sessions out of Redis into Postgres?");
            String lostAnswer = answered.get(60, TimeUnit.SECONDS);
            assertTrue(lostAnswer.contains("logins must survive"), "the server's answer claimed: " + lostAnswer);
            assertEquals(0, ran.code(), ran.err());
            assertTrue(ran.out().contains("logins must survive a database failover"), "the prompt went without: "
                    + ran.out() + ran.err());
        }
    }

    /** One request on {@code lost}: the server's recall for it (which claims), then the connection closes unanswered. */
    private String answerAndLoseIt(Cli server, ServerSocketChannel lost) {
        try (SocketChannel connection = lost.accept(); InputStream in = Channels.newInputStream(connection)) {
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                head.append((char) in.read());
            }
            int length = 0;
            List<String> command = new ArrayList<>(List.of("recall", "--prompt"));
            for (String line : head.toString().split("\r\n")) {
                String[] header = line.split(":\\s*", 2);
                if (header[0].equalsIgnoreCase("Content-Length")) {
                    length = Integer.parseInt(header[1].strip());
                } else if (header[0].equalsIgnoreCase("X-Graphiti-Run")) {
                    command.addAll(List.of("--hook-run", header[1].strip()));
                }
            }
            return answer(server, command, new String(in.readNBytes(length), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private String answer(Cli server, List<String> command, String hookJson) {
        StringWriter out = new StringWriter();
        server.run(command, project, new ByteArrayInputStream(hookJson.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(new StringWriter()));
        return out.toString();
    }

    @Test
    void theServerRecallsFromItsOwnProjectWhateverTheRequestSays(@TempDir Path other) throws Exception {
        assertEquals(0, user.run(List.of("git", "init", "-q", "."), other, "").code());
        assertEquals(0, user.run(ClaudeUser.graphiti("add", "--kind", "decision", "Secret plan: sessions move to"
                + " Postgres next quarter, out of Redis"), other, "").code());
        Process server = server(ClaudeUser.graphiti("mcp", "serve"));
        try {
            // a hook input naming the other project (cwd) still gets this project's memory, never the other's
            String input = input("s7", "Should we move the user sessions out of Redis into Postgres?")
                    .replace(Json.createValue(project.toString()).toString(), Json.createValue(other.toString()).toString());
            ClaudeUser.Ran ran = user.run(List.of("sh", "-c", hook), project, input, JVM_TELLS);
            assertFalse(ran.err().contains(A_JVM_STARTED), ran.err());
            assertTrue(ran.out().contains("logins must survive"), ran.out());
            assertFalse(ran.out().contains("Secret plan"), ran.out());
        } finally {
            stop(server);
        }
    }

    @Test
    void thePluginsHookAsksThePluginsServer() throws Exception {
        Path plugin = Path.of("..", "plugins", "graphiti", "bin", "graphiti").toAbsolutePath().normalize();
        Files.createDirectories(home.resolve(".graphiti"));
        Files.copy(ClaudeUser.jar(), home.resolve(".graphiti/graphiti.jar"));
        // the plugin steps aside where install registered graphiti: this user has only the plugin
        assertEquals(0, user.run(ClaudeUser.graphiti("mcp", "uninstall"), project, "").code());
        List<String> pluginHook = List.of(plugin.toString(), "recall", "--prompt");
        Process server = server(List.of(plugin.toString(), "mcp", "serve"));
        try {
            ClaudeUser.Ran ran = user.run(pluginHook, project,
                    input("s5", "Should we move the user sessions out of Redis into Postgres?"), JVM_TELLS);
            assertEquals(0, ran.code(), ran.err());
            assertFalse(ran.err().contains(A_JVM_STARTED), ran.err());
            assertTrue(ran.out().contains("logins must survive a database failover"), ran.out());
        } finally {
            stop(server);
        }
        ClaudeUser.Ran cold = user.run(pluginHook, project,
                input("s6", "Should we move the user sessions out of Redis into Postgres?"), JVM_TELLS);
        assertTrue(cold.err().contains(A_JVM_STARTED), cold.err());
        assertTrue(cold.out().contains("logins must survive a database failover"), cold.out());
        assertEquals(A_JVM_STARTED + ": -Dgraphiti.test.jvm=started", cold.err().strip(), "nothing else on stderr");

        // That first cold run wrote the hook's startup archive; the next one maps it (-Xshare:on: or fails).
        Path archive = home.resolve(".graphiti/cache/graphiti-plugin-recall.jsa");
        assertTrue(Files.isRegularFile(archive));
        ClaudeUser.Ran mapped = user.run(pluginHook, project,
                input("s8", "Should we move the user sessions out of Redis into Postgres?"),
                Map.of("JAVA_TOOL_OPTIONS", "-Xshare:on -XX:+PrintCommandLineFlags"));
        assertEquals(0, mapped.code(), mapped.err());
        assertTrue(mapped.out().contains("-XX:SharedArchiveFile=" + archive), mapped.out());
        assertTrue(mapped.out().contains("logins must survive a database failover"), mapped.out() + mapped.err());
    }

    @Test
    void aPromptAboutAStoredDecisionGetsItAndAnUnrelatedOneNothing() throws Exception {
        ClaudeUser.Ran about = prompt("s1", "Should we move the user sessions out of Redis into Postgres?");
        assertEquals(0, about.code(), about.err());
        JsonObject output = Json.createReader(new StringReader(about.out())).readObject().getJsonObject("hookSpecificOutput");
        assertEquals("UserPromptSubmit", output.getString("hookEventName"));
        String context = output.getString("additionalContext");
        assertTrue(context.contains("logins must survive a database failover"), context);
        assertTrue(!context.contains("outbox") && !context.contains("cents"), context);

        ClaudeUser.Ran unrelated = prompt("s1", "fix the typo in the README heading");
        assertEquals(0, unrelated.code(), unrelated.err());
        assertEquals("", unrelated.out());
        assertEquals("", unrelated.err());
    }

    @Test
    void nothingFailsThePrompt() throws Exception {
        for (String input : List.of("", "not json", "{\"session_id\":\"s2\",\"hook_event_name\":\"UserPromptSubmit\"}")) {
            ClaudeUser.Ran ran = user.run(List.of("sh", "-c", hook), project, input);
            assertEquals(0, ran.code(), input + ": " + ran.err());
            assertEquals("", ran.out(), input);
        }
        // a damaged database: the prompt still goes on, and stderr says why nothing was recalled
        Files.writeString(project.resolve(".graphiti/graph.db"), "this is not a database");
        ClaudeUser.Ran damaged = prompt("s3", "Should we move the user sessions out of Redis into Postgres?");
        assertEquals(0, damaged.code(), damaged.err());
        assertEquals("", damaged.out());
        assertTrue(damaged.err().startsWith("graphiti: recall --prompt: nothing recalled"), damaged.err());
    }
}
