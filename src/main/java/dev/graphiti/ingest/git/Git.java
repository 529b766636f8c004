package dev.graphiti.ingest.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the git binary in one repository: no shell, stdin closed, stderr captured (capped), a timeout
 * that kills the process, and settings that keep git from paging, prompting, running textconv or
 * external diff drivers (those could execute repository-configured programs on file contents).
 */
public final class Git {

    /** How a streamed git output is consumed; runs while git is still writing. */
    @FunctionalInterface
    public interface OutputReader<T> {
        T read(InputStream stdout) throws IOException;
    }

    private static final int STDERR_CAP = 8 * 1024;

    private final String executable;
    private final Path directory;
    private final Duration timeout;

    public Git(String executable, Path directory, Duration timeout) {
        if (executable == null || executable.isBlank()) {
            throw new IllegalArgumentException("executable must name the git binary");
        }
        if (directory == null) {
            throw new IllegalArgumentException("directory must not be null");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        this.executable = executable;
        this.directory = directory;
        this.timeout = timeout;
    }

    /** git from the PATH with a generous timeout for long histories. */
    public static Git at(Path directory) {
        return new Git("git", directory, Duration.ofMinutes(10));
    }

    public Path directory() {
        return directory;
    }

    /** Runs git and returns its stdout (trailing newline removed); a non-zero exit is a GitException. */
    public String run(String... args) {
        return stream(List.of(args), Git::readAll).strip();
    }

    /** Runs git; returns whether it exited 0 (for yes/no questions like merge-base --is-ancestor). */
    public boolean succeeds(String... args) {
        Result<String> result = execute(List.of(args), Git::readAll);
        return result.exitCode == 0;
    }

    /** Runs git and hands its stdout to reader while git runs; a non-zero exit is a GitException. */
    public <T> T stream(List<String> args, OutputReader<T> reader) {
        Result<T> result = execute(args, reader);
        if (result.exitCode != 0) {
            throw new GitException(named(args) + " failed (exit " + result.exitCode + ")"
                    + (result.stderr.isBlank() ? "" : ": " + result.stderr.strip()));
        }
        return result.value;
    }

    private record Result<T>(int exitCode, T value, String stderr) {
    }

    private <T> Result<T> execute(List<String> args, OutputReader<T> reader) {
        List<String> command = new ArrayList<>();
        command.add(executable);
        command.addAll(List.of("--no-pager", "-c", "core.quotepath=false", "-c", "log.showSignature=false",
                "-c", "color.ui=false"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        builder.environment().put("GIT_OPTIONAL_LOCKS", "0");
        builder.environment().put("GIT_PAGER", "cat");
        builder.environment().remove("GIT_DIR");
        builder.environment().remove("GIT_WORK_TREE");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new GitException("cannot run '" + executable + "': is git installed and on the PATH? ("
                    + e.getMessage() + ")", e);
        }
        AtomicBoolean timedOut = new AtomicBoolean();
        process.onExit().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((p, failure) -> {
            if (failure != null) {
                timedOut.set(true);
                process.destroyForcibly();
            }
        });
        StderrDrain stderr = new StderrDrain(process.getErrorStream());
        try {
            process.getOutputStream().close();
            T value;
            try (InputStream stdout = process.getInputStream()) {
                value = reader.read(stdout);
                stdout.transferTo(java.io.OutputStream.nullOutputStream()); // never leave git blocked on a full pipe
            }
            int exit = process.waitFor();
            if (timedOut.get()) {
                throw new GitException(named(args) + " timed out after " + timeout.toSeconds() + "s");
            }
            return new Result<>(exit, value, stderr.text());
        } catch (IOException e) {
            process.destroyForcibly();
            if (timedOut.get()) {
                throw new GitException(named(args) + " timed out after " + timeout.toSeconds() + "s", e);
            }
            throw new GitException("reading the output of " + named(args) + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new GitException("interrupted while waiting for git", e);
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /**
     * A git command as a person reads it in an error: its subcommand ("git log"), not the options and format strings
     * graphiti passes (git's own message, which follows, names what went wrong).
     */
    private static String named(List<String> args) {
        return args.isEmpty() ? "git" : "git " + args.get(0);
    }

    private static String readAll(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    /** Reads stderr on its own thread (git blocks when a pipe fills), keeping the first few KB. */
    private static final class StderrDrain {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final Thread thread;

        StderrDrain(InputStream stderr) {
            thread = new Thread(() -> {
                byte[] buffer = new byte[4096];
                try (stderr) {
                    int n;
                    while ((n = stderr.read(buffer)) >= 0) {
                        synchronized (kept) {
                            int room = STDERR_CAP - kept.size();
                            if (room > 0) {
                                kept.write(buffer, 0, Math.min(room, n));
                            }
                        }
                    }
                } catch (IOException ignored) {
                    // the process ended or was killed; what was read so far is enough
                }
            }, "git-stderr");
            thread.setDaemon(true);
            thread.start();
        }

        String text() throws InterruptedException {
            thread.join(5_000);
            synchronized (kept) {
                return kept.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
