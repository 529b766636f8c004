package dev.graphiti.cli;

import java.io.InputStream;
import java.nio.file.Path;

/**
 * One run of the CLI: its environment, the directory it was started in, its standard input, and the token
 * counter shared by the runs of one {@link Cli}.
 */
record Invocation(CliEnvironment environment, Path workingDirectory, InputStream stdin,
                  java.util.function.Supplier<dev.graphiti.toon.TokenCounter> tokens) {
}
