package dev.graphiti.cli;

import java.io.InputStream;
import java.nio.file.Path;

/** One run of the CLI: its environment, the directory it was started in, and its standard input. */
record Invocation(CliEnvironment environment, Path workingDirectory, InputStream stdin) {
}
