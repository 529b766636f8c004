package dev.graphiti.install;

import static dev.graphiti.install.ClaudeHomeFixture.CLAUDE_JSON;
import static dev.graphiti.install.ClaudeHomeFixture.COMMAND;
import static dev.graphiti.install.ClaudeHomeFixture.SETTINGS_JSON;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeInstallTest {

    /** The server's script as a JSON string: the same in install's entry and the plugin's .mcp.json. */
    static final String SCRIPT_JSON = "\"[ -z \\\"$GRAPHITI_COMMAND\\\" ] || eval \\\"exec $GRAPHITI_COMMAND mcp serve\\\";"
            + " exec \\\"$CLAUDE_PLUGIN_ROOT/bin/graphiti\\\" mcp serve\"";

    @TempDir
    Path home;

    private ClaudeHomeFixture fixture() throws IOException {
        return new ClaudeHomeFixture(home).withClaudeJson(CLAUDE_JSON).withSettings(SETTINGS_JSON);
    }

    private static List<String> withoutCommas(TextDiff diff, boolean added) {
        return (added ? diff.added() : diff.removed()).stream().map(l -> l.endsWith(",") ? l.substring(0, l.length() - 1) : l)
                .toList();
    }

    private static TextDiff diffIgnoringCommas(String before, String after) {
        return TextDiff.of(before.replace(",\n", "\n"), after.replace(",\n", "\n"));
    }

    @Test
    void theDiffAfterInstallShowsOnlyGraphitiEntries() throws Exception {
        ClaudeHomeFixture f = fixture();
        f.install(COMMAND, false);

        TextDiff servers = diffIgnoringCommas(CLAUDE_JSON, f.read(".claude.json"));
        assertEquals(List.of(), servers.removed());
        assertEquals("""
                    "graphiti": {
                      "type": "stdio"
                      "command": "sh"
                      "args": [
                        "-c"
                        SCRIPT
                      ]
                      "env": {
                        "GRAPHITI_COMMAND": "'/opt/jdk 17/bin/java' -XX:+UseSerialGC -Xms16m -Xmx512m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -jar /opt/graphiti/graphiti.jar"
                      }
                    }""".replace("SCRIPT", SCRIPT_JSON).indent(4).stripTrailing(), String.join("\n", servers.added()));

        String settings = f.read(".claude/settings.json");
        TextDiff hooks = diffIgnoringCommas(SETTINGS_JSON, settings);
        assertEquals(List.of(), hooks.removed());
        String added = String.join("\n", hooks.added());
        assertEquals(5, added.split("\"timeout\": 30").length - 1, added);
        assertTrue(added.contains(" graphiti-prompt-hook '/opt/jdk 17/bin/java' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
                + " -Xmn256m -Xlog:disable -Xlog:all=warning:stderr -jar /opt/graphiti/graphiti.jar context --session-start\""),
                added);
        assertEquals(2, added.split("graphiti.jar capture --async\"").length - 1, added);
        assertEquals(1, added.split("graphiti.jar recall --prompt\"").length - 1, added);
        assertEquals(1, added.split("graphiti.jar recall --file\"").length - 1, added);
        assertTrue(added.contains("\"matcher\": \"Read|Edit|Write|MultiEdit\""), added);
        assertFalse(added.contains("notify-send") || added.contains("guard.sh") || added.contains("permissions"));

        Json.JObject hooksObject = (Json.JObject) ((Json.JObject) JsonParser.parse(settings).value()).get("hooks");
        assertEquals(List.of("PreToolUse", "Stop", "SessionStart", "UserPromptSubmit", "PreCompact"),
                new ArrayList<>(hooksObject.members().keySet()));
        assertEquals(2, ((Json.JArray) hooksObject.get("Stop")).items().size());

        assertArrayEquals(Files.readAllBytes(Path.of("..", "SKILL.md")),
                Files.readAllBytes(home.resolve(".claude/skills/graphiti/SKILL.md")));
        assertEquals("#!/bin/sh\n" + ClaudeEntries.WRAPPER_MARK
                        + "\nexec '/opt/jdk 17/bin/java' -jar /opt/graphiti/graphiti.jar \"$@\"\n",
                f.read(".local/bin/graphiti"));
        assertTrue(Files.isExecutable(home.resolve(".local/bin/graphiti")));
        assertEquals(CLAUDE_JSON, f.read(".claude.json" + AtomicFile.BACKUP_SUFFIX));
        assertEquals(SETTINGS_JSON, f.read(".claude/settings.json" + AtomicFile.BACKUP_SUFFIX));
    }

    @Test
    void installingTwiceEqualsOnceAndUninstallRestoresTheOriginalBytes() throws Exception {
        ClaudeHomeFixture f = fixture();
        Map<Path, byte[]> before = snapshot(home);

        InstallReport first = f.install(COMMAND, false);
        assertEquals(List.of("updated", "updated", "created", "created"),
                first.changes().stream().map(FileChange::status).toList());
        Map<Path, byte[]> once = snapshot(home);
        InstallReport second = f.install(COMMAND, false);
        assertEquals(List.of("unchanged", "unchanged", "unchanged", "unchanged"),
                second.changes().stream().map(FileChange::status).toList());
        assertSameFiles(once, snapshot(home));

        f.uninstall(false);
        Map<Path, byte[]> after = snapshot(home);
        after.keySet().removeIf(p -> p.toString().endsWith(AtomicFile.BACKUP_SUFFIX));
        assertSameFiles(before, after);
        assertFalse(Files.exists(home.resolve(".claude/skills")), "the skills directory install created is gone");
        assertFalse(Files.exists(home.resolve(".local")), "the bin directory install created is gone");
        assertFalse(Files.exists(home.resolve(".graphiti")), "the manifest and its directories are gone");
    }

    @Test
    void anEmptyHomeGetsNewFilesAndUninstallLeavesItEmpty() throws Exception {
        ClaudeHomeFixture f = new ClaudeHomeFixture(home);
        f.install(COMMAND, false);
        assertEquals("""
                {
                  "mcpServers": {
                    "graphiti": {
                      "type": "stdio",
                      "command": "sh",
                      "args": [
                        "-c",
                        SCRIPT
                      ],
                      "env": {
                        "GRAPHITI_COMMAND": "'/opt/jdk 17/bin/java' -XX:+UseSerialGC -Xms16m -Xmx512m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -jar /opt/graphiti/graphiti.jar"
                      }
                    }
                  }
                }
                """.replace("SCRIPT", SCRIPT_JSON), f.read(".claude.json"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve(".claude.json"))));
        assertTrue(f.read(".claude/settings.json").startsWith("{\n  \"hooks\": {\n    \"SessionStart\": [\n"));
        f.uninstall(false);
        try (Stream<Path> left = Files.list(home)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void aMalformedFileStopsInstallWithNothingWritten() throws Exception {
        ClaudeHomeFixture f = new ClaudeHomeFixture(home).withClaudeJson(CLAUDE_JSON)
                .withSettings("{\n  \"hooks\": {\n    \"Stop\": [\n  }\n}\n");
        Map<Path, byte[]> before = snapshot(home);
        InstallException e = assertThrows(InstallException.class, () -> f.install(COMMAND, false));
        assertTrue(e.getMessage().startsWith(home.resolve(".claude/settings.json") + " is not valid JSON (unexpected"
                + " character '}', expected a value at line 4, column 3); it was left untouched."), e.getMessage());
        assertSameFiles(before, snapshot(home));

        ClaudeHomeFixture notAnObject = new ClaudeHomeFixture(home).withSettings(SETTINGS_JSON).withClaudeJson("[]");
        e = assertThrows(InstallException.class, () -> notAnObject.install(COMMAND, false));
        assertTrue(e.getMessage().contains("does not hold a JSON object"), e.getMessage());

        new ClaudeHomeFixture(home).withClaudeJson("{\"mcpServers\": []}");
        e = assertThrows(InstallException.class, () -> notAnObject.install(COMMAND, false));
        assertTrue(e.getMessage().startsWith("mcpServers in " + home.resolve(".claude.json") + " is not an object"));
    }

    static final String WITH_PLUGIN = SETTINGS_JSON.replace("\"model\": \"opus\"",
            "\"enabledPlugins\": {\n    \"other@somewhere\": true,\n    \"graphiti@graphiti-mcp\": true\n  },\n  \"model\": \"opus\"");

    @Test
    void anEnabledGraphitiPluginStopsAFirstInstallWithNothingChanged() throws Exception {
        ClaudeHomeFixture f = new ClaudeHomeFixture(home).withClaudeJson(CLAUDE_JSON).withSettings(WITH_PLUGIN);
        var before = snapshot(home);
        InstallException e = assertThrows(InstallException.class, () -> f.install(COMMAND, false));
        assertTrue(e.getMessage().startsWith("the graphiti plugin (graphiti@graphiti-mcp, enabled in "
                + home.resolve(".claude/settings.json") + ") already gives Claude Code"), e.getMessage());
        assertTrue(e.getMessage().contains("claude plugin disable graphiti@graphiti-mcp"), e.getMessage());
        assertSameFiles(before, snapshot(home));

        // Disabled (false), the plugin registers nothing: install goes ahead.
        new ClaudeHomeFixture(home).withSettings(WITH_PLUGIN.replace("\"graphiti@graphiti-mcp\": true",
                "\"graphiti@graphiti-mcp\": false"));
        f.install(COMMAND, false);
        assertTrue(f.read(".claude.json").contains("\"graphiti\": {"));
        f.uninstall(false);
    }

    @Test
    void besideThePluginAForcedInstallRegistersEverythingAndUninstallLeavesThePluginAlone() throws Exception {
        ClaudeHomeFixture f = new ClaudeHomeFixture(home).withClaudeJson(CLAUDE_JSON).withSettings(WITH_PLUGIN);
        InstallReport report = f.install(COMMAND, true);
        // Claude Code keeps one server of the two (the same command line), the plugin's hooks step aside for these,
        // and SKILL.md (fallback) yields to the plugin's skill; it is there for when the plugin goes.
        assertTrue(report.warnings().get(0).startsWith("the graphiti plugin (graphiti@graphiti-mcp) is enabled too;"
                + " Claude Code runs one graphiti server, this one"), report.warnings().toString());
        assertTrue(f.read(".claude.json").contains("\"GRAPHITI_COMMAND\": "));
        assertArrayEquals(SkillText.bytes(), Files.readAllBytes(home.resolve(".claude/skills/graphiti/SKILL.md")));
        assertEquals(5, f.read(".claude/settings.json").split("graphiti.jar").length - 1);

        f.uninstall(false);
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));
        assertEquals(WITH_PLUGIN, f.read(".claude/settings.json"), "the plugin stays enabled");
        assertFalse(Files.exists(home.resolve(".claude/skills")));
    }

    @Test
    void installedBeforeThePluginInstallingAgainUpdatesTheRegistration() throws Exception {
        ClaudeHomeFixture f = fixture();
        // an install from before install and the plugin shared the server's command line
        f.install(new LaunchCommand(List.of("/old/java", "-jar", "/old/graphiti.jar"), true), false);
        String settings = f.read(".claude/settings.json");
        Files.writeString(home.resolve(".claude/settings.json"), settings.replace("\"model\": \"opus\"",
                "\"enabledPlugins\": {\n    \"graphiti@graphiti-mcp\": true\n  },\n  \"model\": \"opus\""));

        InstallReport again = f.install(COMMAND, false);
        assertTrue(again.warnings().get(0).contains("is enabled too"), again.warnings().toString());
        assertFalse(f.read(".claude.json").contains("/old/") || f.read(".claude/settings.json").contains("/old/"));
        assertTrue(f.read(".claude.json").contains("\"command\": \"sh\""));
        f.uninstall(false);
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));
    }

    @Test
    void aServerEntryGraphitiDidNotWriteNeedsForceAndComesBackOnUninstall() throws Exception {
        String theirs = CLAUDE_JSON.replace("\"docs\": {", "\"graphiti\": {\n      \"command\": \"graphiti-mcp\"\n    },\n    \"docs\": {");
        ClaudeHomeFixture f = new ClaudeHomeFixture(home).withClaudeJson(theirs).withSettings(SETTINGS_JSON);
        InstallException e = assertThrows(InstallException.class, () -> f.install(COMMAND, false));
        assertTrue(e.getMessage().contains("mcpServers.graphiti in " + home.resolve(".claude.json")
                + " was not written by graphiti; nothing was changed. Use --force"), e.getMessage());
        assertEquals(theirs, f.read(".claude.json"));
        assertEquals(SETTINGS_JSON, f.read(".claude/settings.json"));

        f.install(COMMAND, true);
        assertTrue(f.read(".claude.json").contains("graphiti.jar"));
        f.uninstall(false);
        assertEquals(theirs, f.read(".claude.json"));
    }

    @Test
    void aForeignSkillNeedsForceAndAForeignScriptIsLeftAlone() throws Exception {
        ClaudeHomeFixture f = fixture();
        Path skill = home.resolve(".claude/skills/graphiti/SKILL.md");
        Files.createDirectories(skill.getParent());
        Files.writeString(skill, "my own notes");
        Path script = home.resolve(".local/bin/graphiti");
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/bin/sh\necho someone else's graphiti\n");

        InstallException e = assertThrows(InstallException.class, () -> f.install(COMMAND, false));
        assertTrue(e.getMessage().contains("differs from graphiti's SKILL.md"), e.getMessage());
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));

        InstallReport report = f.install(COMMAND, true);
        assertEquals("updated", report.changes().get(3).status(), "--force replaces the script too");
        assertTrue(f.read(".local/bin/graphiti").contains(ClaudeEntries.WRAPPER_MARK));

        script.toFile().delete();
        Files.writeString(script, "#!/bin/sh\necho someone else's graphiti\n");
        report = f.install(COMMAND, false);
        assertEquals("skipped", report.changes().get(3).status());
        assertTrue(report.warnings().get(0).contains(script + " exists and is not graphiti's"));
        assertEquals("#!/bin/sh\necho someone else's graphiti\n", f.read(".local/bin/graphiti"));

        f.uninstall(false);
        assertEquals("my own notes", Files.readString(skill));
        assertEquals("#!/bin/sh\necho someone else's graphiti\n", f.read(".local/bin/graphiti"));
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));
        assertEquals(SETTINGS_JSON, f.read(".claude/settings.json"));
    }

    @Test
    void aNewCommandLineReplacesTheOldEntriesInsteadOfAddingMore() throws Exception {
        ClaudeHomeFixture f = fixture();
        f.install(new LaunchCommand(List.of("/old/java", "-jar", "/old/graphiti.jar"), true), false);
        f.install(COMMAND, false);
        String settings = f.read(".claude/settings.json");
        assertFalse(settings.contains("/old/") || f.read(".claude.json").contains("/old/"));
        assertFalse(f.read(".local/bin/graphiti").contains("/old/"));
        assertEquals(5, settings.split("graphiti.jar").length - 1);
        f.uninstall(false);
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));
        assertEquals(SETTINGS_JSON, f.read(".claude/settings.json"));
    }

    @Test
    void movingTheScriptElsewhereStillUninstallsBoth() throws Exception {
        ClaudeHomeFixture f = fixture();
        f.install(COMMAND, false);
        ClaudeLocations other = ClaudeLocations.user(Map.of("HOME", home.toString()),
                java.util.Optional.of(home.resolve("bin")));
        new ClaudeInstall(other, COMMAND, false).run();
        assertTrue(Files.exists(home.resolve("bin/graphiti")));
        new ClaudeUninstall(other, java.util.Optional.of(COMMAND), false).run();
        assertFalse(Files.exists(home.resolve("bin")));
        assertFalse(Files.exists(home.resolve(".local")), "the script of the first install is removed too");
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));
    }

    @Test
    void uninstallKeepsWhatOthersAddedSinceAndLeavesChangedEntries() throws Exception {
        ClaudeHomeFixture f = fixture();
        f.install(COMMAND, false);
        // Claude Code rewrites the file meanwhile: a counter changes, a project appears.
        String changed = f.read(".claude.json").replace("\"numStartups\": 42", "\"numStartups\": 43")
                .replace("  \"userID\"", "  \"extra\": {},\n  \"userID\"");
        Files.writeString(home.resolve(".claude.json"), changed);
        String editedSettings = f.read(".claude/settings.json").replace("context --session-start\",\n            \"timeout\": 30",
                "context --session-start --tokens 2000\",\n            \"timeout\": 30");
        Files.writeString(home.resolve(".claude/settings.json"), editedSettings);

        InstallReport report = f.uninstall(false);
        assertEquals(CLAUDE_JSON.replace("\"numStartups\": 42", "\"numStartups\": 43")
                .replace("  \"userID\"", "  \"extra\": {},\n  \"userID\""), f.read(".claude.json"));
        String settings = f.read(".claude/settings.json");
        assertTrue(settings.contains("context --session-start --tokens 2000"), "a hook the user edited stays");
        assertFalse(settings.contains("capture --async"));
        assertEquals(List.of(), report.warnings().stream().filter(w -> w.contains("mcpServers")).toList());
    }

    @Test
    void withoutAManifestUninstallRemovesEntriesEqualToWhatItWouldInstall() throws Exception {
        ClaudeHomeFixture f = fixture();
        f.install(COMMAND, false);
        Files.delete(home.resolve(".graphiti/install/claude-code-user.json"));
        InstallReport report = f.uninstall(false);
        assertTrue(report.warnings().get(0).startsWith("no install manifest"));
        assertEquals(CLAUDE_JSON, f.read(".claude.json"));
        assertEquals(SETTINGS_JSON, f.read(".claude/settings.json"));
        assertFalse(Files.exists(home.resolve(".claude/skills/graphiti/SKILL.md")));
        assertFalse(Files.exists(home.resolve(".local/bin/graphiti")));
    }

    @Test
    void otherLayoutsAreEditedInTheirOwnStyleAndRestoredExactly() throws Exception {
        String fourSpaces = "{\r\n    \"theme\": \"dark\",\r\n    \"mcpServers\": {\r\n        \"x\": {\"command\": \"x\"}\r\n    }\r\n}\r\n";
        String oneLine = "{\"model\":\"opus\",\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"true\"}]}]}}";
        ClaudeHomeFixture f = new ClaudeHomeFixture(home).withClaudeJson(fourSpaces).withSettings(oneLine);
        f.install(COMMAND, false);
        String servers = f.read(".claude.json");
        assertTrue(servers.contains("},\r\n        \"graphiti\": {\r\n            \"type\": \"stdio\",\r\n"), servers);
        String settings = f.read(".claude/settings.json");
        assertFalse(settings.contains("\n"), settings);
        assertTrue(settings.startsWith("{\"model\":\"opus\",\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"true\"}]},{\"hooks\":"),
                settings);
        f.uninstall(false);
        assertEquals(fourSpaces, f.read(".claude.json"));
        assertEquals(oneLine, f.read(".claude/settings.json"));
    }

    @Test
    void permissionsAndSymlinksSurvive() throws Exception {
        Path dotfiles = Files.createDirectories(home.resolve("dotfiles"));
        Files.writeString(dotfiles.resolve("claude.json"), CLAUDE_JSON);
        Files.setPosixFilePermissions(dotfiles.resolve("claude.json"), PosixFilePermissions.fromString("rw-------"));
        Files.createSymbolicLink(home.resolve(".claude.json"), dotfiles.resolve("claude.json"));
        ClaudeHomeFixture f = new ClaudeHomeFixture(home);
        f.install(COMMAND, false);
        assertTrue(Files.isSymbolicLink(home.resolve(".claude.json")));
        assertTrue(Files.readString(dotfiles.resolve("claude.json")).contains("\"graphiti\""));
        assertEquals("rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(dotfiles.resolve("claude.json"))));
        f.uninstall(false);
        assertEquals(CLAUDE_JSON, Files.readString(dotfiles.resolve("claude.json")));
    }

    @Test
    void claudeConfigDirMovesTheUserFiles() throws Exception {
        Path config = home.resolve("alt");
        ClaudeLocations where = ClaudeLocations.user(Map.of("HOME", home.toString(),
                "CLAUDE_CONFIG_DIR", config.toString()), java.util.Optional.empty());
        new ClaudeInstall(where, COMMAND, false).run();
        assertTrue(Files.exists(config.resolve(".claude.json")));
        assertTrue(Files.exists(config.resolve("settings.json")));
        assertTrue(Files.exists(config.resolve("skills/graphiti/SKILL.md")));
        assertFalse(Files.exists(home.resolve(".claude.json")));
    }

    @Test
    void projectScopeWritesOnlyInsideTheProject() throws Exception {
        Path project = Files.createDirectories(home.resolve("work/shop"));
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(project.resolve(".mcp.json"), "{\n  \"mcpServers\": {\n    \"db\": {\n      \"command\": \"pg-mcp\"\n    }\n  }\n}\n");
        Path sub = Files.createDirectories(project.resolve("src/app"));
        Map<Path, byte[]> before = snapshot(home);

        ClaudeLocations where = ClaudeLocations.project(sub);
        new ClaudeInstall(where, COMMAND, false).run();
        assertTrue(Files.readString(project.resolve(".mcp.json")).contains("\"graphiti\": {"));
        assertTrue(Files.readString(project.resolve(".claude/settings.json")).contains("capture --async"));
        assertTrue(Files.exists(project.resolve(".claude/skills/graphiti/SKILL.md")));
        assertTrue(Files.exists(project.resolve(".graphiti/install/claude-code-project.json")));
        try (Stream<Path> all = Files.walk(home)) {
            assertTrue(all.allMatch(p -> p.startsWith(project) || before.containsKey(home.relativize(p))
                    || Files.isDirectory(p)), "nothing written outside the project");
        }
        new ClaudeUninstall(where, java.util.Optional.of(COMMAND), false).run();
        Map<Path, byte[]> after = snapshot(home);
        after.keySet().removeIf(p -> p.toString().endsWith(AtomicFile.BACKUP_SUFFIX));
        assertSameFiles(before, after);
        assertFalse(Files.exists(project.resolve(".claude")));
    }

    private static Map<Path, byte[]> snapshot(Path root) throws IOException {
        Map<Path, byte[]> files = new java.util.TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p), Files.readAllBytes(p));
            }
        }
        return files;
    }

    private static void assertSameFiles(Map<Path, byte[]> expected, Map<Path, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        for (Path p : expected.keySet()) {
            assertTrue(Arrays.equals(expected.get(p), actual.get(p)), () -> p + " differs:\n" + new String(actual.get(p)));
        }
    }
}
