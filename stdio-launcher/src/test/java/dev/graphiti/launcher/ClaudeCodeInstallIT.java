package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.install.LaunchCommand;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * `graphiti mcp install` run from the packaged jar against a temporary HOME, then the registered
 * command line started exactly as written into ~/.claude.json, from an unrelated directory, answering
 * initialize over stdio the way Claude Code spawns it.
 */
class ClaudeCodeInstallIT {

    private static final String CLAUDE_JSON = """
            {
              "numStartups": 5,
              "mcpServers": {
                "playwright": {
                  "type": "stdio",
                  "command": "npx",
                  "args": [
                    "-y",
                    "@playwright/mcp@latest"
                  ],
                  "env": {}
                }
              },
              "projects": {
                "/home/dev/shop": {
                  "allowedTools": [],
                  "hasTrustDialogAccepted": true
                }
              },
              "userID": "abc"
            }""";

    @TempDir
    Path home;

    @TempDir
    Path elsewhere;

    private ClaudeUser.Ran run(List<String> command, Path directory, String stdin) throws Exception {
        return new ClaudeUser(home).run(command, directory, stdin);
    }

    private static List<String> graphiti(String... args) {
        return ClaudeUser.graphiti(args);
    }

    @Test
    void theRegisteredCommandLineAnswersInitializeOverStdioFromAnyDirectory() throws Exception {
        Files.writeString(home.resolve(".claude.json"), CLAUDE_JSON);
        Path installed = Files.copy(ClaudeUser.jar(), elsewhere.resolve("graphiti.jar"));
        List<String> command = new ArrayList<>(List.of(ClaudeUser.java(), "-jar", installed.toString(),
                "mcp", "install", "--format", "json"));
        ClaudeUser.Ran install = run(command, elsewhere, "");
        assertEquals(0, install.code(), install.err());
        assertEquals("install", Json.createReader(new StringReader(install.out())).readObject().getString("action"));

        JsonObject servers = Json.createReader(new StringReader(Files.readString(home.resolve(".claude.json"))))
                .readObject().getJsonObject("mcpServers");
        assertEquals(List.of("playwright", "graphiti"), new ArrayList<>(servers.keySet()));
        JsonObject entry = servers.getJsonObject("graphiti");
        assertEquals("stdio", entry.getString("type"));
        List<String> registered = new ArrayList<>();
        registered.add(entry.getString("command"));
        registered.addAll(entry.getJsonArray("args").getValuesAs(JsonString::getString));
        // the plugin's command line too (so Claude Code runs one of the two); the entry's environment names this graphiti
        assertEquals("sh", registered.get(0));
        String graphiti = entry.getJsonObject("env").getString("GRAPHITI_COMMAND");
        assertTrue(Path.of(graphiti.substring(0, graphiti.indexOf(' '))).isAbsolute(), graphiti);
        Path archive = home.resolve(".graphiti/cache/graphiti-" + graphitiVersion() + ".jsa");
        // the server's heap bounded and its collector the serial one; on Java 17 a class-data archive
        assertEquals(String.join(" ", String.join(" ", LaunchCommand.SERVER_JVM_OPTIONS), "-XX:SharedArchiveFile="
                        + archive, "-Xlog:disable", "-Xlog:all=warning:stderr", "-jar", installed.toString()),
                graphiti.substring(graphiti.indexOf(' ') + 1));
        assertTrue(Files.size(archive) > 0, "install trained the startup archive");
        assertMapsItsArchive(graphiti);
        Map<String, String> env = Map.of("GRAPHITI_COMMAND", graphiti);

        assertEquals("", answersInitialize(registered, env), "nothing on stderr with a valid archive");

        // A rebuilt jar: the JVM cannot use the archive and says so on stderr; stdout stays the protocol's.
        Files.setLastModifiedTime(installed, FileTime.fromMillis(Files.getLastModifiedTime(installed).toMillis() + 60_000));
        assertTrue(answersInitialize(registered, env).contains("shared archive"), "the JVM's warning went to stderr");
    }

    /**
     * On Java 25 and later install makes an AOT cache (JEP 483/514) in place of the class-data archive, and the
     * registered server maps it: same command line otherwise, nothing on stderr.
     */
    @Test
    @EnabledIfEnvironmentVariable(named = "GRAPHITI_JAVA25", matches = ".+")
    void onJava25TheRegisteredServerMapsAnAheadOfTimeCache() throws Exception {
        Files.writeString(home.resolve(".claude.json"), CLAUDE_JSON);
        String java25 = Path.of(System.getenv("GRAPHITI_JAVA25"), "bin", "java").toString();
        Path installed = Files.copy(ClaudeUser.jar(), elsewhere.resolve("graphiti.jar"));
        ClaudeUser.Ran install = run(List.of(java25, "-jar", installed.toString(), "mcp", "install"), elsewhere, "");
        assertEquals(0, install.code(), install.err());
        assertFalse(install.err().contains("no startup archive"), install.err());

        JsonObject entry = Json.createReader(new StringReader(Files.readString(home.resolve(".claude.json"))))
                .readObject().getJsonObject("mcpServers").getJsonObject("graphiti");
        String graphiti = entry.getJsonObject("env").getString("GRAPHITI_COMMAND");
        Path cache = home.resolve(".graphiti/cache/graphiti-" + graphitiVersion() + ".aot");
        assertEquals(String.join(" ", java25, String.join(" ", LaunchCommand.SERVER_JVM_OPTIONS), "-XX:AOTCache=" + cache,
                "-Xlog:disable", "-Xlog:all=warning:stderr", "-jar", installed.toString()), graphiti);
        assertTrue(Files.size(cache) > 0, "install trained the AOT cache");
        assertMapsItsArchive(graphiti);
        List<String> registered = new ArrayList<>();
        registered.add(entry.getString("command"));
        registered.addAll(entry.getJsonArray("args").getValuesAs(JsonString::getString));
        assertEquals("", answersInitialize(registered, Map.of("GRAPHITI_COMMAND", graphiti)), "nothing on stderr");
    }

    /** The JVM says where it loaded graphiti's entry class from: the archive (or cache), not the jar. */
    private void assertMapsItsArchive(String javaCommand) throws Exception {
        // to a file: thousands of lines, more than a pipe holds while stdout is read
        Path log = elsewhere.resolve("class-load.log");
        List<String> words = new ArrayList<>(List.of(javaCommand.split(" ")));
        words.add(words.indexOf("-jar"), "-Xlog:class+load=info:file=" + log);
        words.add("--version");
        ClaudeUser.Ran version = run(words, elsewhere, "");
        assertEquals(0, version.code(), version.err());
        List<String> main = Files.readAllLines(log).stream().filter(line -> line.contains(" dev.graphiti.launcher.Main ")).toList();
        assertTrue(main.stream().anyMatch(line -> line.contains("source: shared objects file")), main.toString());
    }

    /**
     * Starts the command as Claude Code does (its entry's environment added), checks the first stdout line answers
     * initialize; returns stderr.
     */
    private String answersInitialize(List<String> registered, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(registered).directory(Path.of("/").toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().putAll(env);
        Process server = builder.start();
        try {
            OutputStream in = server.getOutputStream();
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"claude-code\",\"version\":\"2.1.0\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            JsonObject response = Json.createReader(new StringReader(out.readLine())).readObject();
            assertEquals(1, response.getInt("id"));
            JsonObject result = response.getJsonObject("result");
            assertEquals("2025-06-18", result.getString("protocolVersion"));
            assertEquals("graphiti", result.getJsonObject("serverInfo").getString("name"));
            in.close();
            assertEquals(null, out.readLine(), "nothing else on stdout");
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server exits when stdin closes");
            assertEquals(0, server.exitValue());
            return new String(server.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            server.destroyForcibly();
        }
    }

    private String graphitiVersion() throws Exception {
        ClaudeUser.Ran version = run(graphiti("--version"), elsewhere, "");
        return version.out().trim().substring("graphiti ".length());
    }

    @Test
    void graphitiIsOneCommandAndUninstallRestoresTheOriginalBytes() throws Exception {
        Files.writeString(home.resolve(".claude.json"), CLAUDE_JSON);
        ClaudeUser.Ran install = run(graphiti("mcp", "install", "--no-startup-archive"), elsewhere, "");
        assertEquals(0, install.code(), install.err());
        assertTrue(install.err().contains(".local/bin is not on your PATH"), install.err());

        Path script = home.resolve(".local/bin/graphiti");
        ClaudeUser.Ran version = run(List.of(script.toString(), "--version"), elsewhere, "");
        assertEquals(0, version.code(), version.err());
        assertTrue(version.out().startsWith("graphiti "), version.out());

        ClaudeUser.Ran again = run(graphiti("mcp", "install", "--no-startup-archive"), elsewhere, "");
        assertEquals(0, again.code(), again.err());
        assertFalse(again.out().contains("updated") || again.out().contains("created"), again.out());

        ClaudeUser.Ran uninstall = run(List.of(script.toString(), "mcp", "uninstall"), elsewhere, "");
        assertEquals(0, uninstall.code(), uninstall.err());
        assertEquals(CLAUDE_JSON, Files.readString(home.resolve(".claude.json")));
        assertFalse(Files.exists(script));
        assertFalse(Files.exists(home.resolve(".claude")));
    }
}
