package dev.graphiti.ingest.memory;

import java.nio.file.Path;
import java.util.List;

/**
 * A memory file to import: where it is, how its items name it in their source (e.g. "CLAUDE.md", "user/CLAUDE.md",
 * "auto-memory/testing.md"), and whether it is an index (auto-memory's MEMORY.md, whose lines that only link to the
 * other files are left out: those files are imported themselves).
 */
public record MemoryFile(Path path, String label, boolean index) {

    /** Claude Code's files: CLAUDE.md, .claude/rules, auto memory, the user's CLAUDE.md and rules. */
    public static final String CLAUDE = "claude-memory";
    /** The AGENTS.md a project keeps for every agent that reads it (Codex, opencode, Copilot CLI, Qwen Code). */
    public static final String AGENTS = "agents-memory";
    public static final String CODEX = "codex-memory";
    public static final String GEMINI = "gemini-memory";
    public static final String QWEN = "qwen-memory";
    public static final String OPENCODE = "opencode-memory";
    /** Every tag an import gives, and so every tag an earlier import's items carry. */
    public static final List<String> TAGS = List.of(CLAUDE, AGENTS, CODEX, GEMINI, QWEN, OPENCODE);

    /** The tag this file's items get: the agent whose file it is. */
    public String tag() {
        return tagOf(label);
    }

    /** The tag of the items of the file labelled {@code label} (its folder in a user's home, else its name). */
    static String tagOf(String label) {
        String name = label.substring(label.lastIndexOf('/') + 1);
        if (label.startsWith(".claude/") || label.startsWith("user/") || label.startsWith("auto-memory/")) {
            return CLAUDE;
        }
        if (label.startsWith("codex/")) {
            return CODEX;
        }
        if (label.startsWith("opencode/")) {
            return OPENCODE;
        }
        if (label.startsWith("gemini/") || label.startsWith("gemini-memory/") || name.equals("GEMINI.md")) {
            return GEMINI;
        }
        if (label.startsWith("qwen/") || name.equals("QWEN.md") || name.equals("QWEN.local.md")) {
            return QWEN;
        }
        if (name.equals("AGENTS.md") || name.equals("AGENTS.override.md")) {
            return AGENTS;
        }
        return CLAUDE;
    }
}
