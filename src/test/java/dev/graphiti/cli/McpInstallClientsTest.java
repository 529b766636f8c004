package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `mcp install --client` / `mcp uninstall --client` on real files in a scratch HOME and a real git project. */
class McpInstallClientsTest {

    @TempDir
    Path home;

    private record Result(int code, String out, String err) {
    }

    private Result run(Path directory, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Cli cli = new Cli(CliEnvironment.embedded(Map.of("HOME", home.toString(), "PATH", "/nonexistent")));
        List<String> all = new ArrayList<>(List.of(args));
        int code = cli.run(all, directory, new ByteArrayInputStream(new byte[0]), new PrintWriter(out),
                new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    private Result install(Path directory, String... args) {
        List<String> all = new ArrayList<>(List.of("mcp", "install", "--command", "/opt/graphiti/bin/graphiti"));
        all.addAll(List.of(args));
        return run(directory, all.toArray(String[]::new));
    }

    @Test
    void codexGetsATomlTableAndUninstallGivesBackTheSameBytes() throws Exception {
        Path config = home.resolve(".codex/config.toml");
        Files.createDirectories(config.getParent());
        String before = "# mine\nmodel = \"o3\"\n\n[profiles.fast]\nmodel = \"o4-mini\"";
        Files.writeString(config, before);

        Result install = install(home, "--client", "codex");
        assertEquals(0, install.code(), install.err());
        String after = Files.readString(config);
        assertTrue(after.startsWith(before + "\n\n[mcp_servers.graphiti]\ncommand = \"/opt/graphiti/bin/graphiti\"\n"
                + "args = [\"mcp\", \"serve\"]\n"), after);
        assertTrue(Files.exists(home.resolve(".codex/skills/graphiti/SKILL.md")));
        assertEquals(0, install(home, "--client", "codex").code(), "a second install changes nothing");
        assertEquals(after, Files.readString(config));

        Result uninstall = run(home, "mcp", "uninstall", "--client", "codex");
        assertEquals(0, uninstall.code(), uninstall.err());
        assertEquals(before, Files.readString(config));
        assertFalse(Files.exists(home.resolve(".codex/skills")));
    }

    @Test
    void aTomlTableGraphitiDidNotWriteStopsTheInstallWithNothingWritten() throws Exception {
        Path config = home.resolve(".codex/config.toml");
        Files.createDirectories(config.getParent());
        String before = "[mcp_servers.graphiti]\ncommand = \"graphiti-old\"\n";
        Files.writeString(config, before);

        Result install = install(home, "--client", "codex");
        assertEquals(1, install.code());
        assertTrue(install.err().contains("already has a [mcp_servers.graphiti] table at line 1, which graphiti did not"
                + " write; nothing was changed"), install.err());
        assertEquals(before, Files.readString(config));
        assertFalse(Files.exists(home.resolve(".codex/skills")));
    }

    @Test
    void jsoncCommentsAndLayoutStayAndAMalformedFileIsLeftAlone() throws Exception {
        Path settings = home.resolve(".gemini/settings.json");
        Files.createDirectories(settings.getParent());
        String before = "{\n\t// the user's note\n\t\"ui\": { \"theme\": \"GitHub\" } /* inline */\n}\n";
        Files.writeString(settings, before);
        Path copilot = home.resolve(".copilot/mcp-config.json");
        Files.createDirectories(copilot.getParent());
        Files.writeString(copilot, "{\"mcpServers\": {");

        Result install = install(home, "--client", "gemini,copilot");
        assertEquals(1, install.code(), "copilot's file is malformed");
        assertTrue(install.err().contains("GitHub Copilot CLI: " + copilot + " is not valid JSON"), install.err());
        assertEquals("{\"mcpServers\": {", Files.readString(copilot));
        String after = Files.readString(settings);
        assertTrue(after.startsWith("{\n\t// the user's note\n\t\"ui\": { \"theme\": \"GitHub\" },\n\t\"mcpServers\": {\n"
                + "\t\t\"graphiti\": {\n\t\t\t\"command\": \"/opt/graphiti/bin/graphiti\","), after);
        assertTrue(after.contains("/* inline */"), after);

        assertEquals(0, run(home, "mcp", "uninstall", "--client", "gemini").code());
        assertEquals(before, Files.readString(settings));
    }

    @Test
    void projectScopeWritesCursorAndVsCodeFilesAndUninstallRemovesThemAll() throws Exception {
        Path project = Files.createDirectories(home.resolve("work/app"));
        Files.createDirectories(project.resolve(".git"));
        Path vscode = project.resolve(".vscode/mcp.json");
        Files.createDirectories(vscode.getParent());
        String before = "{\n  // team servers\n  \"servers\": {\n    \"db\": {\"type\": \"stdio\", \"command\": \"db-mcp\"},\n  },\n}\n";
        Files.writeString(vscode, before);

        Result install = install(project.resolve("src").toFile().mkdirs() ? project.resolve("src") : project,
                "--client", "cursor,vscode", "--scope", "project");
        assertEquals(0, install.code(), install.err());
        String rule = Files.readString(project.resolve(".cursor/rules/graphiti.mdc"));
        assertTrue(rule.startsWith("---\ndescription: Project memory") && rule.contains("\nalwaysApply: true\n---\n"), rule);
        assertTrue(Files.readString(project.resolve(".cursor/mcp.json")).contains("\"graphiti\""));
        assertTrue(Files.readString(project.resolve(".github/instructions/graphiti.instructions.md"))
                .startsWith("---\napplyTo: \"**\"\n---\n"));
        assertTrue(Files.readString(vscode).contains("\"graphiti\": {\n      \"type\": \"stdio\""), Files.readString(vscode));

        assertEquals(0, run(project, "mcp", "uninstall", "--client", "cursor,vscode", "--scope", "project").code());
        assertEquals(before, Files.readString(vscode));
        assertFalse(Files.exists(project.resolve(".cursor")));
        assertFalse(Files.exists(project.resolve(".github")));
    }

    @Test
    void allInstallsIntoTheAgentsFoundAndSaysWhyTheOthersWereSkipped() throws Exception {
        Files.createDirectories(home.resolve(".qwen"));
        Files.createDirectories(home.resolve(".config/opencode"));

        Result install = install(home, "--client", "all");
        assertEquals(0, install.code(), install.err());
        assertTrue(install.out().contains("found Qwen Code: " + home.resolve(".qwen") + " exists"), install.out());
        assertTrue(install.out().contains("graphiti installed for opencode (user scope):"), install.out());
        assertTrue(install.out().contains("skipped Codex CLI: not found (no " + home.resolve(".codex")
                + ", no `codex` on PATH)"), install.out());
        assertTrue(install.out().contains("skipped Claude Code: not found"), install.out());
        assertTrue(Files.readString(home.resolve(".config/opencode/opencode.json"))
                .contains("\"command\": [\n        \"/opt/graphiti/bin/graphiti\",\n        \"mcp\",\n        \"serve\"\n      ]"));

        Result uninstall = run(home, "mcp", "uninstall", "--client", "all");
        assertEquals(0, uninstall.code(), uninstall.err());
        assertFalse(Files.exists(home.resolve(".config/opencode/opencode.json")));
        assertFalse(Files.exists(home.resolve(".qwen/settings.json")));
        assertTrue(Files.isDirectory(home.resolve(".qwen")), "the agent's own folder stays");
    }

    /** The hook commands install registered for {@code event}, read from the agent's file as the agent reads it. */
    private static List<String> hookCommands(Path file, String event, boolean groups) throws Exception {
        try (var reader = jakarta.json.Json.createReader(new java.io.StringReader(Files.readString(file)
                .replaceAll("(?m)^\\s*//.*$", "")))) {
            jakarta.json.JsonObject root = reader.readObject();
            List<String> commands = new ArrayList<>();
            for (var entry : root.getJsonObject("hooks").getJsonArray(event).getValuesAs(jakarta.json.JsonObject.class)) {
                for (var hook : groups ? entry.getJsonArray("hooks").getValuesAs(jakarta.json.JsonObject.class)
                        : List.of(entry)) {
                    commands.add(hook.containsKey("bash") ? hook.getString("bash") : hook.getString("command"));
                }
            }
            return commands;
        }
    }

    /**
     * Each agent with hooks gets session-start context and prompt recall in its own file and shape, beside the user's
     * own hooks, in user and project scope; uninstall gives every file back byte for byte and deletes graphiti's own.
     */
    @Test
    void agentsWithHooksGetContextAndRecallHooksAndUninstallGivesBackTheSameBytes() throws Exception {
        Path project = Files.createDirectories(home.resolve("work/app"));
        Files.createDirectories(project.resolve(".git"));
        String theirs = "{\n  // mine\n  \"hooks\": {\n    \"SessionStart\": [{\"hooks\": [{\"type\": \"command\","
                + " \"command\": \"echo hi\"}]}]\n  }\n}\n";
        String cursorTheirs = "{\n  \"version\": 1,\n  \"hooks\": {\n    \"stop\": [{\"command\": \"./audit.sh\"}]\n  }\n}\n";
        for (boolean user : List.of(true, false)) {
            Path base = user ? home : project;
            Map<Path, String> seeded = Map.of(base.resolve(".gemini/settings.json"), theirs,
                    base.resolve(".qwen/settings.json"), theirs, base.resolve(".cursor/hooks.json"), cursorTheirs);
            for (var file : seeded.entrySet()) {
                Files.createDirectories(file.getKey().getParent());
                Files.writeString(file.getKey(), file.getValue());
            }
            String[] scope = user ? new String[0] : new String[] {"--scope", "project"};
            List<String> args = new ArrayList<>(List.of("--client", "gemini,qwen,copilot,opencode,cursor"));
            args.addAll(List.of(scope));
            Result install = install(project, args.toArray(String[]::new));
            assertEquals(0, install.code(), install.err());

            Path gemini = base.resolve(".gemini/settings.json");
            assertEquals(List.of("echo hi", "/opt/graphiti/bin/graphiti context --session-start --hook-format gemini"),
                    hookCommands(gemini, "SessionStart", true));
            assertTrue(hookCommands(gemini, "BeforeAgent", true).get(0).endsWith(
                    " graphiti-prompt-hook /opt/graphiti/bin/graphiti recall --prompt"), Files.readString(gemini));
            assertTrue(Files.readString(gemini).contains("\"mcpServers\""), "server and hooks in one write");
            Path qwen = base.resolve(".qwen/settings.json");
            assertEquals("/opt/graphiti/bin/graphiti context --session-start", hookCommands(qwen, "SessionStart", true).get(1));
            assertTrue(hookCommands(qwen, "UserPromptSubmit", true).get(0).endsWith("recall --prompt"));
            Path copilot = user ? home.resolve(".copilot/hooks/graphiti.json") : project.resolve(".github/hooks/graphiti.json");
            assertEquals(List.of("/opt/graphiti/bin/graphiti context --session-start --hook-format copilot"),
                    hookCommands(copilot, "SessionStart", false));
            assertTrue(hookCommands(copilot, "UserPromptSubmit", false).get(0).startsWith("GRAPHITI_HOOK_FORMAT=copilot sh -c"));
            Path cursor = base.resolve(".cursor/hooks.json");
            assertEquals(List.of("cd \"${CURSOR_PROJECT_DIR:-.}\" && /opt/graphiti/bin/graphiti context --session-start"
                    + " --hook-format cursor"), hookCommands(cursor, "sessionStart", false));
            Path plugin = user ? home.resolve(".config/opencode/plugins/graphiti.js")
                    : project.resolve(".opencode/plugins/graphiti.js");
            assertTrue(Files.readString(plugin).contains("const CONTEXT = \"/opt/graphiti/bin/graphiti context --session-start\";"),
                    Files.readString(plugin));
            assertTrue(install.out().contains("Cursor's beforeSubmitPrompt hook cannot add context"), install.out());

            assertEquals(0, install(project, args.toArray(String[]::new)).code(), "a second install changes nothing");
            List<String> un = new ArrayList<>(List.of("mcp", "uninstall"));
            un.addAll(args);
            Result uninstall = run(project, un.toArray(String[]::new));
            assertEquals(0, uninstall.code(), uninstall.err());
            for (var file : seeded.entrySet()) {
                assertEquals(file.getValue(), Files.readString(file.getKey()), file.getKey().toString());
            }
            assertFalse(Files.exists(copilot));
            assertFalse(Files.exists(plugin));
        }
    }

    @Test
    void cursorsHooksFileGraphitiCreatesStartsWithItsVersionAndGoesAgain() throws Exception {
        Result install = install(home, "--client", "cursor");
        assertEquals(0, install.code(), install.err());
        String hooks = Files.readString(home.resolve(".cursor/hooks.json"));
        assertTrue(hooks.startsWith("{\n  \"version\": 1,\n  \"hooks\": {\n    \"sessionStart\": ["), hooks);
        assertEquals(0, run(home, "mcp", "uninstall", "--client", "cursor").code());
        assertFalse(Files.exists(home.resolve(".cursor")));
    }

    @Test
    void anUnknownClientIsAUsageErrorNamingTheKnownOnes() {
        Result install = install(home, "--client", "codx");
        assertEquals(2, install.code());
        assertTrue(install.err().contains("unknown client 'codx'; use one or more of claude, codex, gemini, qwen,"
                + " copilot, opencode, cursor, vscode (comma-separated), or all"), install.err());
    }
}
