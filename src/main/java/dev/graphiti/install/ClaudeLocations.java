package dev.graphiti.install;

import dev.graphiti.config.Locations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The files install writes for one scope. User scope: ~/.claude.json (mcpServers), ~/.claude/settings.json
 * (hooks), ~/.claude/skills/graphiti/SKILL.md and a `graphiti` script in ~/.local/bin; CLAUDE_CONFIG_DIR
 * moves the first three as it does for Claude Code. Project scope: .mcp.json, .claude/settings.json and
 * .claude/skills/graphiti/SKILL.md under the project root, nothing outside it. The manifest records
 * what install added, so uninstall removes exactly that.
 */
public record ClaudeLocations(ClaudeScope scope, Path servers, Path settings, Path skill, Optional<Path> wrapper,
                              Path manifest) {

    /** User scope, from the environment (see {@link Locations}: HOME, CLAUDE_CONFIG_DIR, GRAPHITI_HOME). */
    public static ClaudeLocations user(Map<String, String> variables, Optional<Path> binDir) throws InstallException {
        Locations where = Locations.of(variables, Path.of("").toAbsolutePath());
        Path claudeDir = where.claude();
        // Claude Code keeps .claude.json beside its folder, or inside it when CLAUDE_CONFIG_DIR moved the folder.
        Path servers = Locations.claudeMoved(variables) ? claudeDir.resolve(".claude.json")
                : where.userHome().resolve(".claude.json");
        Path bin = binDir.orElse(where.userHome().resolve(".local").resolve("bin"));
        return new ClaudeLocations(ClaudeScope.user, servers, claudeDir.resolve("settings.json"),
                claudeDir.resolve("skills").resolve("graphiti").resolve("SKILL.md"),
                Optional.of(bin.resolve("graphiti")), where.home().resolve("install").resolve("claude-code-user.json"));
    }

    /** Project scope for the project holding {@code directory} (its git work tree root, else the directory). */
    public static ClaudeLocations project(Path directory) {
        Path root = projectRoot(directory.toAbsolutePath().normalize());
        Path claudeDir = root.resolve(".claude");
        return new ClaudeLocations(ClaudeScope.project, root.resolve(".mcp.json"), claudeDir.resolve("settings.json"),
                claudeDir.resolve("skills").resolve("graphiti").resolve("SKILL.md"), Optional.empty(),
                root.resolve(".graphiti").resolve("install").resolve("claude-code-project.json"));
    }

    /** The nearest directory at or above {@code directory} holding .git (a directory, or a file in worktrees). */
    static Path projectRoot(Path directory) {
        for (Path dir = directory; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return dir;
            }
        }
        return directory;
    }
}
