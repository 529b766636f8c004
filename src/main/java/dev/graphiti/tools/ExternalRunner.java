package dev.graphiti.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a separately installed graphiti-compatible CLI as a child process: the command list is executed
 * directly (no shell, so nothing in an argument is interpreted), stdin is closed at once, stdout and
 * stderr are read on their own threads up to the cap (the rest is read and dropped so the child never
 * blocks), and a child that outlives the timeout is killed with everything it started.
 */
public final class ExternalRunner implements CliRunner {

    private static final long POLL_MILLIS = 50;

    private final List<String> command;
    private final RunnerLimits limits;

    /** @param command the executable and any fixed leading arguments, e.g. [java, -jar, /opt/graphiti.jar] */
    public ExternalRunner(List<String> command, RunnerLimits limits) {
        if (command.isEmpty() || command.get(0).isBlank()) {
            throw new IllegalArgumentException("the external graphiti command is empty");
        }
        this.command = List.copyOf(command);
        this.limits = limits;
    }

    public List<String> command() {
        return command;
    }

    @Override
    public CliOutcome run(CliCall call) {
        List<String> argv = new ArrayList<>(command);
        argv.addAll(call.args());
        Process process;
        try {
            process = new ProcessBuilder(argv).directory(call.directory().toFile()).start();
        } catch (IOException e) {
            return CliOutcome.notFinished(CliOutcome.Ending.FAILED_TO_START,
                    "cannot start " + command.get(0) + ": " + e.getMessage(), "", "");
        }
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // a child that already exited has no stdin to close
        }
        var stdout = new CappedOutput(limits.maxOutputBytes());
        var stderr = new CappedOutput(limits.maxOutputBytes());
        Thread outReader = pump(process.getInputStream(), stdout, "graphiti-ext-out");
        Thread errReader = pump(process.getErrorStream(), ProgressLineFilter.of(stderr, call.progress()), "graphiti-ext-err");
        java.time.Duration timeout = call.timeoutOr(limits.timeout());
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (call.cancelled().getAsBoolean()) {
                    kill(process);
                    return CliOutcome.notFinished(CliOutcome.Ending.CANCELLED, "cancelled", stdout.text(), stderr.text());
                }
                if (System.nanoTime() - deadline > 0) {
                    kill(process);
                    return CliOutcome.notFinished(CliOutcome.Ending.TIMED_OUT,
                            "killed after " + timeout.toSeconds() + " s", stdout.text(), stderr.text());
                }
            }
            // The pipes close when the child exits; a grandchild holding them open must not hold us.
            outReader.join(1000);
            errReader.join(1000);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            return CliOutcome.notFinished(CliOutcome.Ending.CANCELLED, "interrupted", stdout.text(), stderr.text());
        }
        return new CliOutcome(process.exitValue(), stdout.text(), stderr.text(), CliOutcome.Ending.EXITED,
                stdout.overflowed());
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static Thread pump(InputStream in, OutputStream into, String name) {
        Thread thread = new Thread(() -> {
            try (in; into) {
                in.transferTo(into);
            } catch (IOException ignored) {
                // the stream closes when the child is killed
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
