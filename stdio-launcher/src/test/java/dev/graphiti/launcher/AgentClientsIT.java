package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each agent's own CLI (the pinned npm packages scripts/test installs under .cache/, in a scratch HOME, no login)
 * lists graphiti's server after `graphiti mcp install --client NAME`, connected where the CLI checks (Gemini CLI,
 * Qwen Code, opencode), and after `graphiti mcp uninstall --client NAME` the agent's configuration file, which held
 * the user's own settings and comments, is back byte for byte and graphiti's skill is gone. Each test is skipped when
 * its GRAPHITI_* variable (the agent's executable) is unset.
 */
@Tag("agent-cli")
class AgentClientsIT {

    @TempDir
    Path home;

    @TempDir
    Path project;

    @BeforeEach
    void gitProject() throws Exception {
        assertEquals(0, run(List.of("git", "init", "-q", "."), Map.of()).code());
    }

    private AgentProcess run(List<String> command, Map<String, String> variables) throws Exception {
        return run(command, variables, "");
    }

    private AgentProcess run(List<String> command, Map<String, String> variables, String stdin) throws Exception {
        return AgentProcess.run(command, project, home, variables, stdin);
    }

    private static String executable(String variable) {
        return AgentProcess.executable(variable);
    }

    /**
     * Seeds the agent's files, installs, lets the agent's CLI list its servers, uninstalls, and checks every seeded
     * file is back byte for byte and every file graphiti created is gone. Returns what the CLI printed.
     */
    private String installListUninstall(String client, Map<Path, String> seeded, List<Path> created,
                                         List<String> list) throws Exception {
        Map<Path, byte[]> before = new LinkedHashMap<>();
        for (Map.Entry<Path, String> file : seeded.entrySet()) {
            Files.createDirectories(file.getKey().getParent());
            Files.writeString(file.getKey(), file.getValue());
            before.put(file.getKey(), file.getValue().getBytes(StandardCharsets.UTF_8));
        }
        AgentProcess install = run(ClaudeUser.graphiti("mcp", "install", "--client", client, "--no-startup-archive"), Map.of());
        assertEquals(0, install.code(), install.out() + install.err());
        for (Path file : created) {
            assertTrue(Files.exists(file), file + " after install:\n" + install.out());
        }
        AgentProcess listed = run(list, Map.of());
        String printed = listed.out() + listed.err();
        assertTrue(printed.contains("graphiti"), String.join(" ", list) + " printed:\n" + printed);

        AgentProcess uninstall = run(ClaudeUser.graphiti("mcp", "uninstall", "--client", client), Map.of());
        assertEquals(0, uninstall.code(), uninstall.out() + uninstall.err());
        for (Map.Entry<Path, byte[]> file : before.entrySet()) {
            assertArrayEquals(file.getValue(), Files.readAllBytes(file.getKey()),
                    file.getKey() + " after uninstall:\n" + Files.readString(file.getKey()));
        }
        for (Path file : created) {
            assertFalse(Files.exists(file), file + " after uninstall");
        }
        return printed;
    }

    private static List<String> command(String executable, String... args) {
        List<String> command = new ArrayList<>(List.of(executable));
        command.addAll(List.of(args));
        return command;
    }

    @Test
    void codexListsGraphitiAndItsConfigTomlComesBackByteForByte() throws Exception {
        String codex = executable("GRAPHITI_CODEX");
        Path config = home.resolve(".codex/config.toml");
        String printed = installListUninstall("codex",
                Map.of(config, "# my settings\nmodel = \"o3\"\n\n[profiles.fast]\nmodel = \"o4-mini\" # quick\n"),
                List.of(home.resolve(".codex/skills/graphiti/SKILL.md"), home.resolve(".codex/hooks.json")),
                command(codex, "mcp", "list"));
        assertTrue(printed.contains("mcp serve") && printed.contains("enabled"), printed);
    }

    /**
     * Codex's hooks take Claude Code's shape, so install registers the same commands in Codex's hooks.json; run as Codex
     * runs them (its SessionStart and UserPromptSubmit payloads on stdin, in the project), they print the project's
     * context and the items relevant to the prompt, which Codex adds to the session.
     */
    @Test
    void codexHooksPrintTheProjectsContextAndRecallForCodexsPayloads() throws Exception {
        assertEquals(0, run(ClaudeUser.graphiti("add", "We chose SQLite over a server database: one file per project,"
                + " nothing to run", "-k", "decision", "-t", "storage"), Map.of()).code());
        AgentProcess install = run(ClaudeUser.graphiti("mcp", "install", "--client", "codex", "--no-startup-archive"), Map.of());
        assertEquals(0, install.code(), install.out() + install.err());
        assertTrue(install.out().contains("(hooks.SessionStart, hooks.UserPromptSubmit, hooks.Stop)"), install.out());
        jakarta.json.JsonObject hooks;
        try (var reader = jakarta.json.Json.createReader(Files.newBufferedReader(home.resolve(".codex/hooks.json")))) {
            hooks = reader.readObject().getJsonObject("hooks");
        }
        String sessionStart = hooks.getJsonArray("SessionStart").getJsonObject(0).getJsonArray("hooks").getJsonObject(0)
                .getString("command");
        String prompt = hooks.getJsonArray("UserPromptSubmit").getJsonObject(0).getJsonArray("hooks").getJsonObject(0)
                .getString("command");
        String common = "\"session_id\":\"019b0c3e-5f1a-7c10-9d2e-4a1b2c3d4e5f\",\"transcript_path\":null,\"cwd\":\""
                + project + "\",\"model\":\"gpt-5.1-codex\",";
        AgentProcess context = run(List.of("sh", "-c", sessionStart), Map.of(),
                "{" + common + "\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}");
        assertEquals(0, context.code(), context.err());
        assertTrue(context.out().contains("We chose SQLite over a server database"), context.out() + context.err());
        AgentProcess recall = run(List.of("sh", "-c", prompt), Map.of(), "{" + common + "\"turn_id\":\"1\","
                + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"Should storage move to a server database?\"}");
        assertEquals(0, recall.code(), recall.err());
        assertTrue(recall.out().contains("We chose SQLite over a server database"), recall.out() + recall.err());

        assertEquals(0, run(ClaudeUser.graphiti("mcp", "uninstall", "--client", "codex"), Map.of()).code());
        assertFalse(Files.exists(home.resolve(".codex/hooks.json")));
    }

    @Test
    void geminiCliConnectsToGraphitiAndItsSettingsComeBackByteForByte() throws Exception {
        String gemini = executable("GRAPHITI_GEMINI");
        // Gemini CLI starts MCP servers only in folders the user trusts (its first-run question, here answered yes).
        String trusted = "{\n  \"" + project.toRealPath() + "\": \"TRUST_FOLDER\"\n}";
        String printed = installListUninstall("gemini",
                Map.of(home.resolve(".gemini/settings.json"), "{\n  // the user's comment stays\n  \"ui\": {\"theme\": \"GitHub\"}\n}\n",
                        home.resolve(".gemini/trustedFolders.json"), trusted),
                List.of(home.resolve(".gemini/skills/graphiti/SKILL.md")), command(gemini, "mcp", "list"));
        assertTrue(printed.contains("graphiti") && printed.contains("Connected"), printed);
    }

    @Test
    void qwenCodeConnectsToGraphitiAndItsSettingsComeBackByteForByte() throws Exception {
        String qwen = executable("GRAPHITI_QWEN");
        String printed = installListUninstall("qwen",
                Map.of(home.resolve(".qwen/settings.json"), "{\n    \"model\": {\"name\": \"qwen3-coder-plus\"},\n    \"$version\": 4\n}\n"),
                List.of(home.resolve(".qwen/skills/graphiti/SKILL.md")), command(qwen, "mcp", "list"));
        assertTrue(printed.contains("Connected"), printed);
    }

    @Test
    void copilotCliListsGraphitiAndItsMcpConfigComesBackByteForByte() throws Exception {
        String copilot = executable("GRAPHITI_COPILOT");
        String printed = installListUninstall("copilot",
                Map.of(home.resolve(".copilot/mcp-config.json"),
                        "{\n  \"mcpServers\": {\n    \"other\": {\"type\": \"local\", \"command\": \"true\", \"args\": [], \"tools\": [\"*\"]}\n  }\n}"),
                List.of(home.resolve(".copilot/skills/graphiti/SKILL.md")), command(copilot, "mcp", "list"));
        assertTrue(printed.contains("graphiti (local)"), printed);
    }

    @Test
    void opencodeConnectsToGraphitiAndItsConfigComesBackByteForByte() throws Exception {
        String opencode = executable("GRAPHITI_OPENCODE");
        String printed = installListUninstall("opencode",
                Map.of(home.resolve(".config/opencode/opencode.json"),
                        "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"autoupdate\": false\n}\n"),
                List.of(home.resolve(".config/opencode/skills/graphiti/SKILL.md")), command(opencode, "mcp", "list"));
        assertTrue(printed.contains("connected"), printed);
    }
}
