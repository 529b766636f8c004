package dev.graphiti.tools;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * One command for a runner: the arguments after the program name, the directory to run it in, and a
 * question the runner asks while it waits (true stops the command, e.g. when the client cancelled).
 */
public record CliCall(List<String> args, Path directory, BooleanSupplier cancelled) {

    public CliCall {
        args = List.copyOf(args);
        Objects.requireNonNull(directory, "directory");
        cancelled = cancelled == null ? () -> false : cancelled;
    }

    public CliCall(List<String> args, Path directory) {
        this(args, directory, null);
    }
}
