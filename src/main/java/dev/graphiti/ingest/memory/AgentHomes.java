package dev.graphiti.ingest.memory;

import java.nio.file.Path;

/**
 * The folders the agents keep their user-wide files in: Claude Code's (~/.claude or CLAUDE_CONFIG_DIR), Codex's
 * (~/.codex or CODEX_HOME), Gemini CLI's (~/.gemini under GEMINI_CLI_HOME when set), Qwen Code's (~/.qwen or QWEN_HOME)
 * and opencode's (~/.config/opencode).
 */
public record AgentHomes(Path claude, Path codex, Path gemini, Path qwen, Path opencode) {
}
