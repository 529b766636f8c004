package dev.graphiti.tools;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.config.ProcessSettings;
import dev.graphiti.config.Settings;
import dev.graphiti.config.GitWorkTree;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How the tools run, from the server's {@link Settings} (system property, environment variable or servlet context
 * parameter, see docs/operations.md): graphiti.mcp.cli (GRAPHITI_MCP_CLI: an external graphiti command, split on
 * whitespace, no shell; unset: in-process), graphiti.mcp.timeout-seconds (60), graphiti.mcp.max-output-bytes
 * (8 MiB), graphiti.mcp.long-commands (imports, exports, indexing... at once; one per core), graphiti.mcp.response-tokens (4096, the budget of one search or list answer), graphiti.token-factor
 * (1.2, o200k to Claude tokens), graphiti.project-root, graphiti.allowed-roots (the directories tool calls may
 * reach, comma-separated; unset, the allowed roots depend on the server: see {@link #forStdio()} and
 * {@link #forHttp(Path)}; a server that decides neither cannot be built), and from the process's parsed settings
 * graphiti.semantic (on; off keeps the embedding model out of this server: search by words only, nothing embedded in
 * the background). Parsed once per process, by its composition root (assembly.GraphitiProcess).
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

    /** @param process the process's settings, parsed once: the tools search by meaning when it does */
    public static ToolSettings from(Settings settings, ProcessSettings process) {
        String external = settings.get("graphiti.mcp.cli").orElse("").strip();
        return new ToolSettings(
                external.isEmpty() ? List.of() : Arrays.asList(external.split("\\s+")),
                new RunnerLimits(Duration.ofSeconds(settings.number("graphiti.mcp.timeout-seconds", 60)),
                        (int) settings.number("graphiti.mcp.max-output-bytes", 8 * 1024 * 1024),
                        (int) settings.number("graphiti.mcp.long-commands", RunnerLimits.defaultLongCommands())),
                (int) settings.number("graphiti.mcp.response-tokens", 4096),
                settings.decimal("graphiti.token-factor", 1.2),
                settings.get(Settings.PROJECT_ROOT).map(Path::of),
                settings.get(Settings.ALLOWED_ROOTS).map(roots -> AllowedRoots.parse(roots, Path.of("").toAbsolutePath())),
                process.semantic());
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
}
