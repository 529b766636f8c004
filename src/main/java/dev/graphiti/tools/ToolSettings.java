package dev.graphiti.tools;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.graph.GitWorkTree;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the tools run, read from the server's environment:
 * GRAPHITI_MCP_CLI (an external graphiti command, split on whitespace, no shell; unset: in-process),
 * GRAPHITI_MCP_TIMEOUT_SECONDS (60), GRAPHITI_MCP_MAX_OUTPUT_BYTES (8 MiB),
 * GRAPHITI_MCP_RESPONSE_TOKENS (4096, the budget of one search or list answer),
 * GRAPHITI_TOKEN_FACTOR (1.2, o200k to Claude tokens), GRAPHITI_PROJECT_ROOT, GRAPHITI_ALLOWED_ROOTS (the
 * directories tool calls may reach, comma-separated; unset, the allowed roots depend on the server: see
 * {@link #forStdio()} and {@link #forHttp(Path)}; a server that decides neither cannot be built) and
 * GRAPHITI_SEMANTIC (on; off keeps the embedding model out of this server: search by words only, nothing
 * embedded in the background).
 */
public record ToolSettings(List<String> externalCommand, RunnerLimits limits, int responseTokens,
                           double tokenFactor, Optional<Path> projectRoot, Optional<AllowedRoots> allowedRoots,
                           boolean semantic) {

    public ToolSettings {
        externalCommand = List.copyOf(externalCommand);
        if (responseTokens < 64) {
            throw new IllegalArgumentException("GRAPHITI_MCP_RESPONSE_TOKENS must be at least 64: " + responseTokens);
        }
    }

    public static ToolSettings defaults() {
        return new ToolSettings(List.of(), RunnerLimits.defaults(), 4096, 1.2, Optional.empty(),
                Optional.of(AllowedRoots.everywhere()), true);
    }

    public static ToolSettings fromEnvironment(Map<String, String> env) {
        String external = env.getOrDefault("GRAPHITI_MCP_CLI", "").strip();
        return new ToolSettings(
                external.isEmpty() ? List.of() : Arrays.asList(external.split("\\s+")),
                new RunnerLimits(Duration.ofSeconds(number(env, "GRAPHITI_MCP_TIMEOUT_SECONDS", 60)),
                        (int) number(env, "GRAPHITI_MCP_MAX_OUTPUT_BYTES", 8 * 1024 * 1024)),
                (int) number(env, "GRAPHITI_MCP_RESPONSE_TOKENS", 4096),
                Double.parseDouble(env.getOrDefault("GRAPHITI_TOKEN_FACTOR", "1.2")),
                Optional.ofNullable(env.get("GRAPHITI_PROJECT_ROOT")).filter(s -> !s.isBlank()).map(Path::of),
                Optional.ofNullable(env.get(AllowedRoots.VARIABLE)).filter(s -> !s.isBlank())
                        .map(roots -> AllowedRoots.parse(roots, Path.of("").toAbsolutePath())),
                semantic(env.getOrDefault("GRAPHITI_SEMANTIC", "on")));
    }

    /** A local stdio server, started by its user's own client: every directory unless the setting says otherwise. */
    public ToolSettings forStdio() {
        return allowedRoots.isPresent() ? this : withAllowedRoots(AllowedRoots.everywhere());
    }

    /**
     * An HTTP server (the launcher's or a WAR), which other users or processes may reach: unless the setting
     * says otherwise, only the git work tree of GRAPHITI_PROJECT_ROOT or of the directory it was started in,
     * and none (the global graph only) when that is not inside a git work tree.
     */
    public ToolSettings forHttp(Path serverDirectory) {
        if (allowedRoots.isPresent()) {
            return this;
        }
        Path own = projectRoot.orElse(serverDirectory).toAbsolutePath().normalize();
        return withAllowedRoots(GitWorkTree.containing(own).map(tree -> AllowedRoots.of(List.of(tree.root())))
                .orElse(AllowedRoots.none()));
    }

    public ToolSettings withAllowedRoots(AllowedRoots roots) {
        return new ToolSettings(externalCommand, limits, responseTokens, tokenFactor, projectRoot, Optional.of(roots),
                semantic);
    }

    public ToolSettings withExternalCommand(List<String> command) {
        return new ToolSettings(command, limits, responseTokens, tokenFactor, projectRoot, allowedRoots, semantic);
    }

    public ToolSettings withLimits(RunnerLimits value) {
        return new ToolSettings(externalCommand, value, responseTokens, tokenFactor, projectRoot, allowedRoots, semantic);
    }

    public ToolSettings withProjectRoot(Path root) {
        return new ToolSettings(externalCommand, limits, responseTokens, tokenFactor, Optional.of(root), allowedRoots,
                semantic);
    }

    public ToolSettings withResponseTokens(int value) {
        return new ToolSettings(externalCommand, limits, value, tokenFactor, projectRoot, allowedRoots, semantic);
    }

    public ToolSettings withSemantic(boolean value) {
        return new ToolSettings(externalCommand, limits, responseTokens, tokenFactor, projectRoot, allowedRoots, value);
    }

    private static boolean semantic(String value) {
        return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "on", "true", "1", "" -> true;
            case "off", "false", "0" -> false;
            default -> throw new IllegalArgumentException("GRAPHITI_SEMANTIC must be on or off: " + value);
        };
    }

    private static long number(Map<String, String> env, String name, long fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number: " + value);
        }
    }
}
