package dev.graphiti.tools;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * One command for a runner: the arguments after the program name, the directory to run it in, a
 * question the runner asks while it waits (true stops the command, e.g. when the client cancelled), and how
 * long it may run (null: the runner's limit for a tool call; a task's long job gets longer).
 */
public record CliCall(List<String> args, Path directory, BooleanSupplier cancelled, Duration timeout) {

    public CliCall {
        args = List.copyOf(args);
        Objects.requireNonNull(directory, "directory");
        cancelled = cancelled == null ? () -> false : cancelled;
    }

    public CliCall(List<String> args, Path directory, BooleanSupplier cancelled) {
        this(args, directory, cancelled, null);
    }

    /** How long the command may run, given the runner's own limit. */
    public Duration timeoutOr(Duration limit) {
        return timeout == null ? limit : timeout;
    }

    public CliCall(List<String> args, Path directory) {
        this(args, directory, null, null);
    }
}
