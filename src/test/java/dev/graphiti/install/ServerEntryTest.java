package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Install's mcpServers entry and the plugin's .mcp.json spell the server with one command line, which is how Claude
 * Code tells they are one server (it hides a plugin's server whose command and args equal a hand-configured one's);
 * run as Claude Code runs each, with its entry's environment, that line starts install's graphiti or the plugin's.
 */
class ServerEntryTest {

    @TempDir
    Path dir;

    @Test
    void thePluginsServerHasInstallsCommandAndArgs() throws Exception {
        Json.JObject plugin = (Json.JObject) ((Json.JObject) ((Json.JObject) JsonParser.parse(Files.readString(
                Path.of("..", "plugins", "graphiti", ".mcp.json"))).value()).get("mcpServers")).get("graphiti");
        Json.JObject installed = (Json.JObject) new ClaudeEntries(ClaudeHomeFixture.COMMAND).server();
        assertEquals(installed.get("command"), plugin.get("command"));
        assertEquals(installed.get("args"), plugin.get("args"));
        assertEquals(null, plugin.get("env"), "the plugin's server reads CLAUDE_PLUGIN_ROOT, which Claude Code sets");
        // Claude Code expands ${VAR} (from its own environment) in both before comparing and starting them.
        assertFalse(String.join(" ", ClaudeEntries.SERVER_COMMAND).contains("${"));
    }

    @Test
    void theLineStartsInstallsGraphitiWithItsEntryAndThePluginsWithoutIt() throws Exception {
        Path mine = fakeGraphiti(dir.resolve("it's mine/bin/graphiti"), "installed");
        Path pluginRoot = dir.resolve("plugin root");
        fakeGraphiti(pluginRoot.resolve("bin/graphiti"), "plugin");

        Json.JObject entry = (Json.JObject) new ClaudeEntries(LaunchCommand.of(mine.toString())).server();
        Json.JObject env = (Json.JObject) entry.get("env");
        assertEquals(List.of(ClaudeEntries.COMMAND_VARIABLE), new ArrayList<>(env.members().keySet()));
        assertEquals(List.of("installed", "mcp", "serve"), run(Map.of(ClaudeEntries.COMMAND_VARIABLE,
                ((Json.JString) env.get(ClaudeEntries.COMMAND_VARIABLE)).value())));
        assertEquals(List.of("plugin", "mcp", "serve"), run(Map.of("CLAUDE_PLUGIN_ROOT", pluginRoot.toString())));

        // install's java command line: each word stays one argument, spaces and quotes included
        LaunchCommand java = new LaunchCommand(List.of(mine.toString(), "-Dx=a b", "-jar", dir + "/g's.jar"), true);
        Json.JObject javaEnv = (Json.JObject) ((Json.JObject) new ClaudeEntries(java).server()).get("env");
        List<String> words = new ArrayList<>(List.of("installed"));
        words.addAll(LaunchCommand.SERVER_JVM_OPTIONS);
        words.addAll(List.of("-Dx=a b", "-jar", dir + "/g's.jar", "mcp", "serve"));
        assertEquals(words, run(Map.of(
                ClaudeEntries.COMMAND_VARIABLE, ((Json.JString) javaEnv.get(ClaudeEntries.COMMAND_VARIABLE)).value())));
    }

    @Test
    void thePluginsServerStepsAsideOnlyForAnInstallFromBeforeTheSharedCommandLine() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path project = Files.createDirectories(dir.resolve("project/.git")).getParent();
        new ClaudeHomeFixture(home).install(ClaudeHomeFixture.COMMAND, false);

        // Claude Code starts it beside such an install only when the installed one does not run: it serves (here it
        // finds no jar, which is what it says), and the plugin's hooks still leave the work to the installed ones.
        Ran server = plugin(home, project, "mcp", "serve");
        assertEquals(1, server.code());
        assertTrue(server.err().contains("no graphiti.jar, so graphiti's server and hooks do nothing"), server.err());
        Ran hook = plugin(home, project, "context", "--session-start");
        assertEquals(0, hook.code());
        assertEquals("", hook.out());
        assertTrue(hook.err().contains("registered graphiti already"), hook.err());

        // An install from before registered java itself, which Claude Code runs beside the plugin's: it steps aside.
        Path manifest = home.resolve(".graphiti/install/claude-code-user.json");
        Files.writeString(manifest, Files.readString(manifest).replace(ClaudeEntries.COMMAND_VARIABLE, "X"));
        server = plugin(home, project, "mcp", "serve");
        assertEquals(1, server.code());
        assertTrue(server.err().contains("Run `graphiti mcp install` again"), server.err());
    }

    record Ran(int code, String out, String err) {
    }

    /**
     * The plugin's launcher as Claude Code starts it for a session in {@code project}, for a user with no jar: a copy
     * of the plugin, so no jar built in this checkout is found beside it.
     */
    private Ran plugin(Path home, Path project, String... args) throws Exception {
        Path launcher = dir.resolve("plugins/graphiti/bin/graphiti");
        if (!Files.exists(launcher)) {
            Path bin = Path.of("..", "plugins", "graphiti", "bin");
            try (var files = Files.list(bin)) {
                for (Path file : files.toList()) {
                    Path copy = launcher.resolveSibling(file.getFileName().toString());
                    Files.createDirectories(copy.getParent());
                    Files.copy(file, copy, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
        for (String leaking : List.of("GRAPHITI_HOME", "GRAPHITI_JAR", "GRAPHITI_PLUGIN_IGNORE_INSTALL", "CLAUDE_PROJECT_DIR")) {
            builder.environment().remove(leaking);
        }
        builder.environment().put("HOME", home.toString());
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        return new Ran(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    /** A `graphiti` that prints its name and its arguments, a line each. */
    private static Path fakeGraphiti(Path file, String name) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\nprintf '%s\\n' " + name + " \"$@\"\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    /** Runs the server's command line as Claude Code starts a stdio server: command, args, the entry's env added. */
    private List<String> run(Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(ClaudeEntries.SERVER_COMMAND).directory(dir.toFile());
        builder.environment().remove(ClaudeEntries.COMMAND_VARIABLE);
        builder.environment().remove("CLAUDE_PLUGIN_ROOT");
        builder.environment().putAll(env);
        builder.redirectErrorStream(true);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), out);
        return out.lines().toList();
    }
}
