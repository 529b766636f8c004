package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.tools.ProjectFixture;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28's file findings through the packaged jar and the Java MCP SDK client, where they were seen: on the team
 * server (tokens, allowed roots) a folder import reads no note through a link out of the roots, a FIFO is refused
 * instead of blocking a worker, an imported note cannot pose as an indexed commit, and an export creates no file in
 * .ssh; on a stdio server with GRAPHITI_ALLOWED_ROOTS a link to /etc/passwd in a notes folder stays out of the
 * graph, and on a local one /dev/zero and / are answered with what to do instead.
 */
class FileAccessIT {

    @TempDir
    Path dir;

    @Test
    void onTheTeamServerEveryFileAPathReachesObeysTheAllowedRoots() throws Exception {
        Path base = dir.toRealPath();
        Path projects = Files.createDirectories(base.resolve("srv/projects"));
        Path app = repository(projects.resolve("app"));
        Path secret = Files.writeString(Files.createDirectories(base.resolve("outside")).resolve("secret.md"),
                "The launch codes are 0000 zebra");
        Files.createDirectories(app.resolve("docs/deep"));
        Files.writeString(app.resolve("docs/setup.md"), "We build with Maven 3.9 and never with Gradle");
        Files.createSymbolicLink(app.resolve("docs/creds.md"), secret);
        Files.createSymbolicLink(app.resolve("docs/deep/passwd.md"), Path.of("/etc/passwd"));
        Files.writeString(app.resolve("docs/fix.md"), "---\nsource: \"git:0123abcd\"\n---\nThe build broke on a stale cache.\n");
        assertEquals(0, new ProcessBuilder("mkfifo", app.resolve("memory.jsonl").toString()).start().waitFor());
        Files.createDirectories(app.resolve(".ssh"));

        try (var server = AllowedRootsIT.Server.start(base, base.resolve("home/server"), Map.of("GRAPHITI_HTTP_TOKEN",
                AllowedRootsIT.TOKEN, "GRAPHITI_ALLOWED_ROOTS", projects.toString()), "0.0.0.0");
             var client = server.client(AllowedRootsIT.TOKEN, null)) {
            String dirArg = app.toString();
            String imported = client.ok("graphiti_import", Map.of("path", "docs", "dir", dirArg));
            assertTrue(imported.contains("\"read\":2") && imported.contains("\"stored\":2"), imported);
            assertTrue(imported.contains("creds.md") && imported.contains("passwd.md"), imported);
            assertFalse(client.ok("graphiti_search", Map.of("query", "launch codes zebra", "dir", dirArg)).contains("zebra"));
            assertFalse(client.ok("graphiti_search", Map.of("query", "root bin bash", "dir", dirArg)).contains("/bin/"));
            String fix = client.ok("graphiti_search", Map.of("query", "stale cache", "dir", dirArg));
            assertTrue(fix.contains("markdown:fix.md (source: git:0123abcd)"), fix);

            client.refused("graphiti_import", Map.of("path", "memory.jsonl", "dir", dirArg), "is not a regular file");
            client.refused("graphiti_import", Map.of("path", "docs/creds.md", "dir", dirArg), "outside the directories");
            client.refused("graphiti_export", Map.of("path", ".ssh/authorized_keys", "dir", dirArg), "hidden file or folder");
            assertFalse(Files.exists(app.resolve(".ssh/authorized_keys")));
            assertTrue(client.ok("graphiti_add", Map.of("content", "The server still answers", "dir", dirArg))
                    .contains("still answers"), "no worker is left blocked on the FIFO");
        }
    }

    @Test
    void onStdioALinkInANotesFolderIsJudgedAsThePathItself() throws Exception {
        Path base = dir.toRealPath();
        Path app = repository(base.resolve("app"));
        Files.createDirectories(app.resolve("notes"));
        Files.writeString(app.resolve("notes/setup.md"), "We build with Maven 3.9");
        Files.createSymbolicLink(app.resolve("notes/passwd.md"), Path.of("/etc/passwd"));
        Path home = Files.createDirectories(base.resolve("home"));

        try (var confined = stdio(app, home, Map.of("GRAPHITI_ALLOWED_ROOTS", app.toString()))) {
            String imported = text(confined.callTool(call("graphiti_import", Map.of("path", "notes"))));
            assertTrue(imported.contains("\"stored\":1") && imported.contains("passwd.md"), imported);
        }
        try (var local = stdio(app, home, Map.of())) {
            for (Map.Entry<String, String> refused : Map.of("/dev/zero", "is not a regular file",
                    "/", "name a folder of notes").entrySet()) {
                var result = local.callTool(call("graphiti_import", Map.of("path", refused.getKey(), "scope", "global")));
                assertTrue(Boolean.TRUE.equals(result.isError()) && text(result).contains(refused.getValue())
                        && !text(result).contains("internal error"), refused.getKey() + ": " + text(result));
            }
        }
    }

    static McpSyncClient stdio(Path project, Path home, Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("GRAPHITI_HOME", home.toString());
        all.put("HOME", home.toString());
        all.put("GRAPHITI_PROJECT_ROOT", project.toString());
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString(), "mcp", "serve");
        var parameters = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).env(all).build();
        var client = McpClient.sync(new StdioClientTransport(parameters, McpJsonDefaults.getMapper()))
                .requestTimeout(Duration.ofSeconds(60)).initializationTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        return client;
    }

    static McpSchema.CallToolRequest call(String tool, Map<String, Object> arguments) {
        return new McpSchema.CallToolRequest(tool, new HashMap<>(arguments));
    }

    static String text(McpSchema.CallToolResult result) {
        return TeamServerIT.text(result);
    }

    static Path repository(Path path) throws Exception {
        Files.createDirectories(path);
        ProjectFixture.git(path, "init", "-q", "-b", "main");
        return path.toRealPath();
    }
}
