package dev.graphiti.cli;

import java.util.Map;
import java.util.Optional;

/**
 * What the CLI may know of the process around it: environment variables (GRAPHITI_HOME, HOME, ...),
 * whether a person is at a terminal, and the MCP server launcher when the process can serve
 * (the launcher jar can; the in-process runner and the WAR cannot).
 */
public record CliEnvironment(Map<String, String> variables, boolean interactive,
                             Optional<McpServerLauncher> serverLauncher) {

    public CliEnvironment {
        variables = Map.copyOf(variables);
    }

    /** An environment for running the CLI inside another component (no terminal, no server). */
    public static CliEnvironment embedded(Map<String, String> variables) {
        return new CliEnvironment(variables, false, Optional.empty());
    }
}
