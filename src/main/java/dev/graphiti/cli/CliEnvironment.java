package dev.graphiti.cli;

import dev.graphiti.config.ProcessSettings;
import java.util.Map;
import java.util.Optional;

/**
 * What the CLI may know of the process around it: environment variables (HOME, PATH, CLAUDE_CONFIG_DIR, ...), the
 * process's graphiti settings parsed once ({@link ProcessSettings}: the graphiti home, where graphs live, search by
 * meaning, debug), whether a person is at a terminal, the MCP server launcher when the process can serve (the
 * launcher jar can; the in-process runner and the WAR cannot), and whether the process is the graphiti program's
 * own: then `capture --async` may start the program again, detached, to outlive this process, and process-wide
 * settings (where SQLite's native library loads from) are the CLI's to make.
 */
public record CliEnvironment(Map<String, String> variables, ProcessSettings settings, boolean interactive,
                             Optional<McpServerLauncher> serverLauncher, boolean ownProcess) {

    public CliEnvironment {
        variables = Map.copyOf(variables);
    }

    /** The graphiti program's own command line: it can serve, and its process is its own. */
    public CliEnvironment(Map<String, String> variables, ProcessSettings settings, boolean interactive,
                          Optional<McpServerLauncher> serverLauncher) {
        this(variables, settings, interactive, serverLauncher, serverLauncher.isPresent());
    }

    /** A CLI whose only settings are the GRAPHITI_* among {@code variables} (a test's, or a tool's own). */
    public CliEnvironment(Map<String, String> variables, boolean interactive, Optional<McpServerLauncher> serverLauncher,
                          boolean ownProcess) {
        this(variables, ProcessSettings.ofEnvironment(variables), interactive, serverLauncher, ownProcess);
    }

    /** As above, a command line that can serve when given a launcher. */
    public CliEnvironment(Map<String, String> variables, boolean interactive, Optional<McpServerLauncher> serverLauncher) {
        this(variables, interactive, serverLauncher, serverLauncher.isPresent());
    }

    /** An environment for running the CLI inside another component (no terminal, no server). */
    public static CliEnvironment embedded(Map<String, String> variables, ProcessSettings settings) {
        return new CliEnvironment(variables, settings, false, Optional.empty(), false);
    }

    /** As {@link #embedded(Map, ProcessSettings)}, the settings those of {@code variables} alone. */
    public static CliEnvironment embedded(Map<String, String> variables) {
        return embedded(variables, ProcessSettings.ofEnvironment(variables));
    }

    /**
     * The CLI inside the graphiti launcher's own MCP server: no terminal, no server of its own, but the
     * process is the program's (a background capture starts it again: a thread would die with the server).
     */
    public static CliEnvironment inLauncher(Map<String, String> variables, ProcessSettings settings) {
        return new CliEnvironment(variables, settings, false, Optional.empty(), true);
    }
}
