package dev.graphiti.install;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The coding agents besides Claude Code that `graphiti mcp install --client` configures, each in its own file
 * and format, read from the agent's own package: where its MCP servers are kept (user and project scope)
 * and where its skill or rule files go. Claude Code keeps its own, richer install ({@link ClaudeInstall}).
 */
public enum Agent {
    CODEX("codex", "Codex CLI", "codex"),
    GEMINI("gemini", "Gemini CLI", "gemini"),
    QWEN("qwen", "Qwen Code", "qwen"),
    COPILOT("copilot", "GitHub Copilot CLI", "copilot"),
    OPENCODE("opencode", "opencode", "opencode"),
    CURSOR("cursor", "Cursor", "cursor"),
    VSCODE("vscode", "VS Code", "code");

    static final String SERVER_NAME = "graphiti";

    private final String id;
    private final String title;
    private final String executable;

    Agent(String id, String title, String executable) {
        this.id = id;
        this.title = title;
        this.executable = executable;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    String executable() {
        return executable;
    }

    /** The agent named {@code id} (as --client takes it), if graphiti supports it. */
    public static Optional<Agent> named(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id)).findFirst();
    }

    /** Why the agent counts as present on this machine (its configuration folder, or its command on PATH), if it does. */
    public Optional<String> foundOn(Map<String, String> variables) {
        Path dir = userDirectory(variables);
        if (Files.isDirectory(dir)) {
            return Optional.of(dir + " exists");
        }
        for (String entry : variables.getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!entry.isBlank() && Files.isExecutable(Path.of(entry, executable))) {
                return Optional.of("`" + executable + "` is on PATH (" + Path.of(entry, executable) + ")");
            }
        }
        return Optional.empty();
    }

    /** The folder the agent keeps its user configuration in (honouring its own variable, e.g. CODEX_HOME). */
    Path userDirectory(Map<String, String> variables) {
        Path home = Path.of(variables.getOrDefault("HOME", System.getProperty("user.home")));
        Path config = Optional.ofNullable(variables.get("XDG_CONFIG_HOME")).filter(s -> !s.isBlank()).map(Path::of)
                .orElse(home.resolve(".config"));
        return switch (this) {
            case CODEX -> variable(variables, "CODEX_HOME").orElse(home.resolve(".codex"));
            case GEMINI -> variable(variables, "GEMINI_CLI_HOME").orElse(home).resolve(".gemini");
            case QWEN -> variable(variables, "QWEN_HOME").orElse(home.resolve(".qwen"));
            case COPILOT -> variable(variables, "COPILOT_HOME").orElse(home.resolve(".copilot"));
            case OPENCODE -> config.resolve("opencode");
            case CURSOR -> home.resolve(".cursor");
            case VSCODE -> config.resolve("Code").resolve("User");
        };
    }

    private static Optional<Path> variable(Map<String, String> variables, String name) {
        return Optional.ofNullable(variables.get(name)).filter(s -> !s.isBlank()).map(Path::of);
    }

    /**
     * What install writes for this agent in one scope: the MCP server entry running {@code launch} with `mcp serve`,
     * its session-start and prompt hooks where the agent has them ({@link AgentHooks}), and the usage guidance (the repository's SKILL.md where the agent
     * reads skills, a rule or instructions file where that is its mechanism). {@code root}: the project root.
     */
    List<AgentEdit> edits(ClaudeScope scope, Map<String, String> variables, Path root, LaunchCommand launch) {
        List<String> server = launch.server().with("mcp", "serve");
        boolean user = scope == ClaudeScope.user;
        Path dir = user ? userDirectory(variables) : null;
        String command = server.get(0);
        List<String> args = server.subList(1, server.size());
        List<AgentEdit> edits = new ArrayList<>();
        AgentHooks hooks = new AgentHooks(launch);
        switch (this) {
            case CODEX -> {
                Map<String, Object> table = new LinkedHashMap<>();
                table.put("command", command);
                table.put("args", args);
                Path config = (user ? dir : root.resolve(".codex")).resolve("config.toml");
                edits.add(new AgentEdit.TomlTable(config, "mcp_servers." + SERVER_NAME,
                        TomlTable.render("mcp_servers." + SERVER_NAME, table)));
                edits.add(skill(user ? dir.resolve("skills") : root.resolve(".agents").resolve("skills")));
                // Codex's hooks take Claude Code's shape (payload on stdin, stdout as context), so the same commands serve.
                edits.add(new AgentEdit.JsonHooks((user ? dir : root.resolve(".codex")).resolve("hooks.json"),
                        hooks.claudeShaped(id)));
            }
            case GEMINI, QWEN -> {
                Path base = user ? dir : root.resolve(this == GEMINI ? ".gemini" : ".qwen");
                edits.add(server(base.resolve("settings.json"), true, "mcpServers",
                        Json.object("command", Json.string(command), "args", Json.strings(args))));
                edits.add(new AgentEdit.JsonHooks(base.resolve("settings.json"),
                        this == GEMINI ? hooks.gemini() : hooks.claudeShaped(id)));
                edits.add(skill(base.resolve("skills")));
            }
            case COPILOT -> {
                Path file = user ? dir.resolve("mcp-config.json") : root.resolve(".github").resolve("mcp.json");
                edits.add(server(file, false, "mcpServers", Json.object("type", Json.string("local"),
                        "command", Json.string(command), "args", Json.strings(args), "tools", Json.strings(List.of("*")))));
                edits.add(new AgentEdit.OwnFile((user ? dir : root.resolve(".github")).resolve("hooks")
                        .resolve(SERVER_NAME + ".json"), hooks.copilotFile()));
                edits.add(skill(user ? dir.resolve("skills") : root.resolve(".github").resolve("skills")));
            }
            case OPENCODE -> {
                Path base = user ? dir : root;
                Path jsonc = base.resolve("opencode.jsonc");
                Path file = Files.exists(jsonc) ? jsonc : base.resolve("opencode.json");
                edits.add(server(file, true, "mcp", Json.object("type", Json.string("local"),
                        "command", Json.strings(server), "enabled", new Json.JBool(true))));
                Path own = user ? dir : root.resolve(".opencode");
                edits.add(new AgentEdit.OwnFile(own.resolve("plugins").resolve(SERVER_NAME + ".js"), hooks.opencodePlugin()));
                edits.add(skill(own.resolve("skills")));
            }
            case CURSOR -> {
                Path base = user ? dir : root.resolve(".cursor");
                edits.add(server(base.resolve("mcp.json"), true, "mcpServers",
                        Json.object("command", Json.string(command), "args", Json.strings(args))));
                edits.add(new AgentEdit.JsonHooks(base.resolve("hooks.json"), hooks.cursor(),
                        Map.of("version", Json.number(1))));
                if (!user) {
                    edits.add(new AgentEdit.OwnFile(base.resolve("rules").resolve("graphiti.mdc"),
                            SkillText.withFrontMatter("description: " + SkillText.description() + "\nalwaysApply: true")));
                }
            }
            case VSCODE -> {
                Path file = user ? dir.resolve("mcp.json") : root.resolve(".vscode").resolve("mcp.json");
                edits.add(server(file, true, "servers", Json.object("type", Json.string("stdio"),
                        "command", Json.string(command), "args", Json.strings(args))));
                if (!user) {
                    edits.add(new AgentEdit.OwnFile(root.resolve(".github").resolve("instructions")
                            .resolve("graphiti.instructions.md"), SkillText.withFrontMatter("applyTo: \"**\"")));
                }
            }
        }
        return edits;
    }

    /** What the agent cannot carry in this scope, or needs from the user, for the report. */
    List<String> lacks(ClaudeScope scope) {
        List<String> lacks = new ArrayList<>();
        if (scope == ClaudeScope.user && (this == CURSOR || this == VSCODE)) {
            lacks.add(title + " keeps user rules in its settings UI, not a file: the guidance is installed in project"
                    + " scope only (graphiti mcp install --client " + id + " --scope project)");
        }
        if (this == GEMINI) {
            lacks.add("Gemini CLI starts MCP servers and runs hooks only in folders you trust (it asks on first start;"
                    + " or ~/.gemini/trustedFolders.json)");
        }
        if (this == CURSOR) {
            lacks.add("Cursor's beforeSubmitPrompt hook cannot add context: Cursor gets the project's context at session"
                    + " start (sessionStart), not recall on each prompt");
        }
        if (this == OPENCODE) {
            lacks.add("opencode loads the graphiti plugin at its next start");
        }
        if (this == CODEX) {
            lacks.add("Codex runs new hooks only once you trust them: review graphiti's SessionStart, UserPromptSubmit and Stop"
                    + " hooks with /hooks in Codex");
        }
        if (scope == ClaudeScope.project && this == CODEX) {
            lacks.add("Codex reads .codex/config.toml only in projects it trusts (projects.\"<path>\".trust_level"
                    + " = \"trusted\" in ~/.codex/config.toml)");
        }
        return lacks;
    }

    private static AgentEdit server(Path file, boolean jsonc, String object, Json entry) {
        return new AgentEdit.JsonMember(file, jsonc, List.of(object), SERVER_NAME, entry);
    }

    private static AgentEdit skill(Path skills) {
        return new AgentEdit.OwnFile(skills.resolve(SERVER_NAME).resolve("SKILL.md"), SkillText.text());
    }
}
