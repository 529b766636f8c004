package dev.graphiti.tools;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One command for a runner: the arguments after the program name, the directory to run it in, a
 * question the runner asks while it waits (true stops the command, e.g. when the client cancelled), how
 * long it may run (null: the runner's limit for a tool call; a task's long job gets longer), and who hears of the
 * progress lines the command writes with --json-progress (null: nobody; they stay in stderr).
 */
public record CliCall(List<String> args, Path directory, BooleanSupplier cancelled, Duration timeout,
                      Consumer<JobProgress> progress) {

    public CliCall {
        args = List.copyOf(args);
        Objects.requireNonNull(directory, "directory");
        cancelled = cancelled == null ? () -> false : cancelled;
    }

    public CliCall(List<String> args, Path directory, BooleanSupplier cancelled, Duration timeout) {
        this(args, directory, cancelled, timeout, null);
    }

    public CliCall(List<String> args, Path directory, BooleanSupplier cancelled) {
        this(args, directory, cancelled, null, null);
    }

    /** How long the command may run, given the runner's own limit. */
    public Duration timeoutOr(Duration limit) {
        return timeout == null ? limit : timeout;
    }

    public CliCall(List<String> args, Path directory) {
        this(args, directory, null, null, null);
    }
}
