package dev.graphiti.assembly;

import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.config.Settings;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What an entry point knows when it builds the server: its settings, what the in-process CLI may know of the
 * process (the launcher's own process, or a WAR's container), the directory it runs in, and where the operator
 * reads notices (stderr for the launcher, the server log for a WAR).
 */
public record ServerSetup(Settings settings, CliEnvironment environment, Path directory, Consumer<String> notices) {
}
