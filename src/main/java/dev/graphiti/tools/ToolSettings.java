package dev.graphiti.tools;

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
 * GRAPHITI_TOKEN_FACTOR (1.2, o200k to Claude tokens), GRAPHITI_PROJECT_ROOT, and GRAPHITI_SEMANTIC (on; off
 * keeps the embedding model out of this server: search by words only, nothing embedded in the background).
 */
public record ToolSettings(List<String> externalCommand, RunnerLimits limits, int responseTokens,
                           double tokenFactor, Optional<Path> projectRoot, boolean semantic) {

    public ToolSettings {
        externalCommand = List.copyOf(externalCommand);
        if (responseTokens < 64) {
            throw new IllegalArgumentException("GRAPHITI_MCP_RESPONSE_TOKENS must be at least 64: " + responseTokens);
        }
    }

    public static ToolSettings defaults() {
        return new ToolSettings(List.of(), RunnerLimits.defaults(), 4096, 1.2, Optional.empty(), true);
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
                semantic(env.getOrDefault("GRAPHITI_SEMANTIC", "on")));
    }

    public ToolSettings withExternalCommand(List<String> command) {
        return new ToolSettings(command, limits, responseTokens, tokenFactor, projectRoot, semantic);
    }

    public ToolSettings withLimits(RunnerLimits value) {
        return new ToolSettings(externalCommand, value, responseTokens, tokenFactor, projectRoot, semantic);
    }

    public ToolSettings withProjectRoot(Path root) {
        return new ToolSettings(externalCommand, limits, responseTokens, tokenFactor, Optional.of(root), semantic);
    }

    public ToolSettings withResponseTokens(int value) {
        return new ToolSettings(externalCommand, limits, value, tokenFactor, projectRoot, semantic);
    }

    public ToolSettings withSemantic(boolean value) {
        return new ToolSettings(externalCommand, limits, responseTokens, tokenFactor, projectRoot, value);
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
