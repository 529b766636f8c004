package dev.graphiti.tools;

import jakarta.json.JsonStructure;
import java.io.ByteArrayInputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The default runner: the CLI's entry point in this JVM with captured streams and an empty stdin, so a
 * call costs no process start; a typed command's answer comes back as the value it is, never printed and parsed. The command runs on its own daemon thread; when it outlives the timeout
 * or the caller cancels, the thread is interrupted and the tool answers once the command ended (a long
 * command checks for the interrupt between its steps and says how far it got), or after a short grace.
 */
public final class InProcessRunner implements CliRunner, AutoCloseable {

    private static final long POLL_MILLIS = 50;
    /** How long a stopped command may take to end between two of its steps and say what it did. */
    private static final java.time.Duration STOP_GRACE = java.time.Duration.ofSeconds(10);

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
        var answer = new AtomicReference<JsonStructure>();
        var ended = new CountDownLatch(1);
        Future<Integer> running = threads.submit(() -> {
            try (var out = writer(stdout); var err = writer(ProgressLineFilter.of(stderr, call.progress()))) {
                return cli.run(call.args(), call.directory(), new ByteArrayInputStream(new byte[0]), out, err,
                        answered -> answer.set(answered.json()));
            } finally {
                ended.countDown();
            }
        });
        java.time.Duration timeout = call.timeoutOr(limits.timeout());
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                try {
                    int code = running.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    boolean truncated = stdout.overflowed();
                    return new CliOutcome(code, stdout.text(), stderr.text(), CliOutcome.Ending.EXITED, truncated,
                            answer.get());
                } catch (TimeoutException e) {
                    if (call.cancelled().getAsBoolean()) {
                        return stop(running, ended, CliOutcome.Ending.CANCELLED, "cancelled", stdout, stderr);
                    }
                    if (System.nanoTime() - deadline > 0) {
                        return stop(running, ended, CliOutcome.Ending.TIMED_OUT, "stopped after " + timeout.toSeconds()
                                + " s", stdout, stderr);
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

    /**
     * Interrupts the command and waits a little for it to end (a long command ends between two batches when
     * interrupted, saying what it stored), so the answer tells what it did and no work goes on after it.
     */
    private static CliOutcome stop(Future<Integer> running, CountDownLatch ended, CliOutcome.Ending ending, String why,
                                   CappedOutput stdout, CappedOutput stderr) {
        running.cancel(true);
        boolean stopped;
        try {
            stopped = ended.await(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = false;
        }
        String said = stopped ? why : why + "; it had not ended " + STOP_GRACE.toSeconds() + " s later";
        return CliOutcome.notFinished(ending, said, stdout.text(), stderr.text());
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
