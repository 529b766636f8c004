package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio server an agent session keeps for hours runs with a bounded heap and the serial collector, wherever it
 * is registered (install's entry, the plugin's launcher); the hooks and the `graphiti` script keep their own
 * options. The startup archive takes the form the installing JVM maps.
 */
class ServerJvmOptionsTest {

    @TempDir
    Path dir;

    private static final LaunchCommand JAVA = new LaunchCommand(List.of("/jdk/bin/java",
            "-XX:SharedArchiveFile=/home/u/.graphiti/cache/graphiti-1.jsa", "-jar", "/opt/graphiti.jar"), true);

    @Test
    void installsServerEntryBoundsTheHeapAndTheHooksAndScriptKeepTheirOptions() {
        ClaudeEntries entries = new ClaudeEntries(JAVA);
        String server = ((Json.JString) ((Json.JObject) ((Json.JObject) entries.server()).get("env"))
                .get(ClaudeEntries.COMMAND_VARIABLE)).value();
        List<String> expected = new ArrayList<>(List.of("/jdk/bin/java"));
        expected.addAll(LaunchCommand.SERVER_JVM_OPTIONS);
        expected.addAll(List.of("-XX:SharedArchiveFile=/home/u/.graphiti/cache/graphiti-1.jsa", "-jar", "/opt/graphiti.jar"));
        assertEquals(String.join(" ", expected), server);
        assertTrue(LaunchCommand.SERVER_JVM_OPTIONS.contains("-XX:+UseSerialGC"));
        assertTrue(LaunchCommand.SERVER_JVM_OPTIONS.stream().anyMatch(o -> o.startsWith("-Xmx")));

        // a hook lives a second and sizes its young generation itself; the script runs any command
        for (Json hook : entries.hooks().values()) {
            assertFalse(hook.toString().contains("-Xmx"), hook.toString());
        }
        assertFalse(entries.wrapperScript().contains("-Xmx"), entries.wrapperScript());
        // a command given by the user is registered as it is
        assertEquals(List.of("/usr/local/bin/graphiti"), LaunchCommand.of("/usr/local/bin/graphiti").server().argv());
    }

    @Test
    void everyAgentsServerEntryCarriesTheSameOptions() {
        for (Agent agent : Agent.values()) {
            String edits = agent.edits(ClaudeScope.project, java.util.Map.of(), dir, JAVA).toString();
            for (String option : LaunchCommand.SERVER_JVM_OPTIONS) {
                assertTrue(edits.contains(option), agent + " lacks " + option + ": " + edits);
            }
        }
    }

    @Test
    void thePluginsLauncherStartsTheServerWithInstallsOptionsAndItsArchive() throws Exception {
        Path jar = Files.writeString(dir.resolve("graphiti.jar"), "not a jar: the java here only prints its arguments");
        Path java = dir.resolve("jdk/bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        List<String> first = plugin(jar, "mcp", "serve");
        List<String> expected = new ArrayList<>(LaunchCommand.SERVER_JVM_OPTIONS);
        assertEquals(expected, first.subList(0, expected.size()), first.toString());
        Path archive = dir.resolve("home/.graphiti/cache/graphiti-plugin-mcp.jsa");
        assertTrue(first.stream().anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit=" + archive + ".")), first.toString());
        assertEquals(List.of("-jar", jar.toString(), "mcp", "serve"), first.subList(first.size() - 4, first.size()));

        // once the archive is there (and newer than the jar) the server maps it
        Files.writeString(archive, "archive");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 60_000));
        List<String> next = plugin(jar, "mcp", "serve");
        assertEquals(expected, next.subList(0, expected.size()), next.toString());
        assertTrue(next.contains("-XX:SharedArchiveFile=" + archive), next.toString());

        // a hook keeps its own options; any other command runs plain
        assertFalse(plugin(jar, "capture", "--async").contains("-Xmx512m"));
        assertFalse(plugin(jar, "search", "x").stream().anyMatch(a -> a.startsWith("-XX:")));
    }

    @Test
    void theStartupArchiveIsAnAotCacheFromJava25AndAClassDataArchiveBefore() {
        assertEquals(StartupArchive.Form.CLASS_DATA, StartupArchive.Form.of(17));
        assertEquals(StartupArchive.Form.CLASS_DATA, StartupArchive.Form.of(21));
        assertEquals(StartupArchive.Form.AOT_CACHE, StartupArchive.Form.of(25));
        assertEquals(StartupArchive.Form.AOT_CACHE, StartupArchive.Form.of(26));
        assertEquals("graphiti-1.2.aot", StartupArchive.location(dir, "1.2", StartupArchive.Form.AOT_CACHE)
                .getFileName().toString());
        assertEquals("graphiti-1.2.jsa", StartupArchive.location(dir, "1.2", StartupArchive.Form.CLASS_DATA)
                .getFileName().toString());
    }

    /** The plugin's launcher (this checkout's) with JAVA_HOME at the printing java; the arguments java got. */
    private List<String> plugin(Path jar, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of("..", "plugins", "graphiti", "bin", "graphiti")
                .toAbsolutePath().normalize().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        for (String leaking : List.of("GRAPHITI_HOME", "GRAPHITI_PLUGIN_IGNORE_INSTALL", "CLAUDE_PROJECT_DIR")) {
            builder.environment().remove(leaking);
        }
        builder.environment().put("HOME", dir.resolve("home").toString());
        builder.environment().put("GRAPHITI_JAR", jar.toString());
        builder.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), err);
        return out.lines().toList();
    }
}
