package dev.graphiti.tools;

import java.io.ByteArrayInputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default runner: the CLI's entry point in this JVM with captured streams and an empty stdin, so a
 * call costs no process start. The command runs on its own daemon thread; when it outlives the timeout
 * or the caller cancels, the thread is interrupted and the tool answers at once (a command that ignores
 * the interrupt finishes on its own thread, unobserved).
 */
public final class InProcessRunner implements CliRunner, AutoCloseable {

    private static final long POLL_MILLIS = 50;

    private final CliEntryPoint cli;
    private final RunnerLimits limits;
    private final ExecutorService threads;
    private final Runnable closeCli;

    /** @param cli the CLI entry point, normally {@code new Cli(environment)::run} */
    public InProcessRunner(CliEntryPoint cli, RunnerLimits limits) {
        this(cli, limits, () -> { });
    }

    /** @param closeCli releases what the CLI keeps between calls (its database connections) */
    public InProcessRunner(CliEntryPoint cli, RunnerLimits limits, Runnable closeCli) {
        this.cli = cli;
        this.limits = limits;
        this.closeCli = closeCli;
        var counter = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "graphiti-cli-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public CliOutcome run(CliCall call) {
        var stdout = new CappedOutput(limits.maxOutputBytes());
        var stderr = new CappedOutput(limits.maxOutputBytes());
        Future<Integer> running = threads.submit(() -> {
            try (var out = writer(stdout); var err = writer(ProgressLineFilter.of(stderr, call.progress()))) {
                return cli.run(call.args(), call.directory(), new ByteArrayInputStream(new byte[0]), out, err);
            }
        });
        java.time.Duration timeout = call.timeoutOr(limits.timeout());
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                try {
                    int code = running.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    boolean truncated = stdout.overflowed();
                    return new CliOutcome(code, stdout.text(), stderr.text(), CliOutcome.Ending.EXITED, truncated);
                } catch (TimeoutException e) {
                    if (call.cancelled().getAsBoolean()) {
                        running.cancel(true);
                        return CliOutcome.notFinished(CliOutcome.Ending.CANCELLED, "cancelled", stdout.text(), stderr.text());
                    }
                    if (System.nanoTime() - deadline > 0) {
                        running.cancel(true);
                        return CliOutcome.notFinished(CliOutcome.Ending.TIMED_OUT,
                                "stopped after " + timeout.toSeconds() + " s", stdout.text(), stderr.text());
                    }
                }
            }
        } catch (InterruptedException e) {
            running.cancel(true);
            Thread.currentThread().interrupt();
            return CliOutcome.notFinished(CliOutcome.Ending.CANCELLED, "interrupted", stdout.text(), stderr.text());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new CliOutcome(1, stdout.text(), "internal error: " + cause, CliOutcome.Ending.EXITED, false);
        }
    }

    private static PrintWriter writer(java.io.OutputStream output) {
        return new PrintWriter(new OutputStreamWriter(output, StandardCharsets.UTF_8), false);
    }

    @Override
    public void close() {
        threads.shutdownNow();
        closeCli.run();
    }
}
