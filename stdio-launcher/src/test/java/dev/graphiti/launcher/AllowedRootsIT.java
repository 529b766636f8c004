package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.tools.ProjectFixture;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar serving HTTP reaches only the directories its operator allows: a token holder cannot read
 * or write the graph of another repository on the server, index it, edit its .git/info/exclude, or have a
 * server-side file read as a transcript, whether through dir, a client root, `..` or a symlink; a client root
 * that is not on the server is an error, not a quiet switch to the global graph. Unset, an HTTP server serves
 * the git work tree it was started in and nothing else.
 */
class AllowedRootsIT {

    static final String TOKEN = "alice-team-token-0123456789";

    @TempDir
    Path dir;

    /** A team server with GRAPHITI_ALLOWED_ROOTS=srv/projects. */
    @Test
    void aTeamServerServesOnlyTheAllowedRoots() throws Exception {
        Path base = dir.toRealPath();
        Path projects = Files.createDirectories(base.resolve("srv/projects"));
        Path app = repository(projects.resolve("app"));
        Path evil = repository(base.resolve("srv/projects-evil"));
        Path other = repository(base.resolve("home/bob/private"));
        Files.createSymbolicLink(app.resolve("escape"), other);
        Path secret = Files.writeString(other.resolve("notes.jsonl"), "{\"type\":\"user\",\"message\":{\"role\":\"user\","
                + "\"content\":\"We decided to keep the launch codes in notes.jsonl.\"}}\n");
        Path transcript = base.resolve("home/server/.claude/projects/-srv-projects-app/3f1c2a9e.jsonl");
        Files.createDirectories(transcript.getParent());
        Files.copy(Path.of("..", "src", "test", "resources", "transcripts", "session-a.jsonl"), transcript);
        String excludeBefore = Files.readString(evil.resolve(".git/info/exclude"));

        try (var server = Server.start(base, base.resolve("home/server"), Map.of("GRAPHITI_HTTP_TOKEN", TOKEN,
                "GRAPHITI_ALLOWED_ROOTS", projects.toString()), "0.0.0.0")) {
            assertTrue(server.output().contains("tool calls may reach: " + projects), server.output());
            try (var client = server.client(TOKEN, null)) {
                assertTrue(client.ok("graphiti_add", Map.of("content", "The app uses SQLite", "kind", "decision",
                        "dir", app.toString())).contains("SQLite"));
                assertTrue(Files.isRegularFile(app.resolve(".graphiti/graph.db")), "an allowed project's graph");

                for (Map<String, Object> call : List.<Map<String, Object>>of(
                        Map.of("dir", evil.toString()), Map.of("dir", other.toString()),
                        Map.of("dir", app.resolve("escape").toString()), Map.of("dir", app.resolve("../../projects-evil").toString()),
                        Map.of("dir", "/"))) {
                    client.refused("graphiti_list", call, "outside the directories this server serves");
                    client.refused("graphiti_index", call, "outside the directories this server serves");
                }
                client.refused("graphiti_add", Map.of("content", "x", "dir", evil.toString()), "outside");
                assertFalse(Files.exists(evil.resolve(".graphiti")), "nothing written into another repository");
                assertFalse(Files.exists(other.resolve(".graphiti")));
                assertEquals(excludeBefore, Files.readString(evil.resolve(".git/info/exclude")));

                client.refused("graphiti_capture", Map.of("transcript", secret.toString(), "dir", app.toString()),
                        "is neither under");
                client.refused("graphiti_capture", Map.of("transcript", "escape/notes.jsonl", "dir", app.toString()),
                        "is neither under");
                assertFalse(client.ok("graphiti_capture", Map.of("transcript", transcript.toString(), "dir",
                        app.toString())).isEmpty(), "a transcript of the server user's Claude Code is read");

                // No dir and no roots: the global graph, never a project the server happens to sit in.
                client.ok("graphiti_add", Map.of("content", "Team-wide: review every migration", "kind", "preference"));
                assertTrue(Files.isRegularFile(base.resolve("home/server/.graphiti/global.db")));
                client.refused("graphiti_list", Map.of("scope", "project"), "pass scope, a project directory under " + projects);
            }
            // A laptop's root that is not on the server is an error, not the global graph.
            try (var laptop = server.client(TOKEN, base.resolve("laptop/alice/app"))) {
                laptop.refused("graphiti_list", Map.of(), "the client's root " + base.resolve("laptop/alice/app"));
            }
            try (var insider = server.client(TOKEN, app)) {
                assertTrue(insider.ok("graphiti_list", Map.of()).contains("SQLite"), "an allowed root is the project");
            }
        }
    }

    /** Without the setting a loopback server without a token serves the project it was started in, and no other. */
    @Test
    void unsetAnHttpServerServesOnlyTheProjectItWasStartedIn() throws Exception {
        Path base = dir.toRealPath();
        Path app = repository(base.resolve("app"));
        Path other = repository(base.resolve("other"));
        try (var server = Server.start(app, base.resolve("home"), Map.of(), "127.0.0.1");
             var client = server.client(null, null)) {
            client.ok("graphiti_add", Map.of("content", "Started here, so this graph", "kind", "decision"));
            assertTrue(Files.isRegularFile(app.resolve(".graphiti/graph.db")));
            client.refused("graphiti_list", Map.of("dir", other.toString()), "outside the directories this server"
                    + " serves (" + app + ")");
            client.refused("graphiti_index", Map.of("dir", base.toString()), "outside");
            assertFalse(Files.exists(other.resolve(".graphiti")));
        }
    }

    /** A root that is not there stops the server at once, saying which (a typo must not refuse every call later). */
    @Test
    void aRootThatIsNotThereStopsTheServerWithItsName() throws Exception {
        for (List<String> transport : List.<List<String>>of(List.of(), List.of("--transport", "http", "--port", "0"))) {
            List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
                    "java").toString(), "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString(),
                    "mcp", "serve"));
            command.addAll(transport);
            var builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
            builder.environment().put("HOME", dir.toString());
            builder.environment().put("GRAPHITI_ALLOWED_ROOTS", dir + "/srv/typo");
            Process process = builder.start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, process.exitValue(), output);
            assertTrue(output.contains("GRAPHITI_ALLOWED_ROOTS (graphiti.allowed-roots): " + dir + "/srv/typo is not a"
                    + " directory on this server"), output);
        }
    }

    private static Path repository(Path path) throws Exception {
        Files.createDirectories(path);
        ProjectFixture.git(path, "init", "-q", "-b", "main");
        Files.writeString(path.resolve("README.md"), "# " + path.getFileName() + "\n");
        ProjectFixture.git(path, "add", ".");
        ProjectFixture.git(path, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m",
                "Start " + path.getFileName());
        return path.toRealPath();
    }

    /** The packaged jar serving HTTP as a child process. */
    record Server(Process process, int port, Path log) implements AutoCloseable {

        static Server start(Path workingDirectory, Path home, Map<String, String> env, String host) throws Exception {
            Files.createDirectories(home);
            Path log = Files.createTempFile(home, "server", ".log");
            var builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString(),
                    "mcp", "serve", "--transport", "http", "--host", host, "--port", "0")
                    .directory(workingDirectory.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            Map<String, String> environment = builder.environment();
            environment.keySet().removeIf(name -> name.startsWith("GRAPHITI_") || name.equals("CLAUDE_CONFIG_DIR"));
            environment.put("HOME", home.toString());
            environment.putAll(env);
            Process process = builder.start();
            try {
                return new Server(process, TeamServerIT.awaitPort(process, log), log);
            } catch (Exception | AssertionError e) {
                process.destroyForcibly();
                throw e;
            }
        }

        Client client(String token, Path root) {
            var transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                    .httpRequestCustomizer((request, method, uri, body, context) -> {
                        if (token != null) {
                            request.header("Authorization", "Bearer " + token);
                        }
                    }).build();
            var spec = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60));
            if (root != null) {
                spec.capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
                        .roots(new McpSchema.Root(root.toUri().toString(), "project"));
            }
            McpSyncClient mcp = spec.build();
            mcp.initialize();
            return new Client(mcp);
        }

        @Override
        public void close() throws Exception {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }

        String output() throws Exception {
            return Files.readString(log, StandardCharsets.UTF_8);
        }
    }

    record Client(McpSyncClient mcp) implements AutoCloseable {

        String ok(String tool, Map<String, Object> arguments) {
            var result = mcp.callTool(new McpSchema.CallToolRequest(tool, new HashMap<>(arguments)));
            assertFalse(Boolean.TRUE.equals(result.isError()), tool + " " + arguments + ": " + TeamServerIT.text(result));
            return TeamServerIT.text(result);
        }

        void refused(String tool, Map<String, Object> arguments, String why) {
            var result = mcp.callTool(new McpSchema.CallToolRequest(tool, new HashMap<>(arguments)));
            String text = TeamServerIT.text(result);
            assertTrue(Boolean.TRUE.equals(result.isError()) && text.contains(why), tool + " " + arguments + ": " + text);
        }

        @Override
        public void close() {
            mcp.closeGracefully();
        }
    }
}
