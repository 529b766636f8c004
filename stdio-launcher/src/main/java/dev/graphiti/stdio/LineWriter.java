package dev.graphiti.stdio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The only writer of stdout: one thread takes whole messages from a queue and writes each as UTF-8
 * followed by an explicit "\n", flushing whenever the queue runs dry. The queue is bounded: a client that
 * stops reading blocks the threads that answer it, and so the reader, instead of growing the heap.
 */
final class LineWriter implements Runnable {

    private static final String END = "\u0000end";

    /** Messages that may wait for stdout before writers block. */
    static final int CAPACITY = 1024;

    private final OutputStream out;
    private final java.io.PrintStream diagnostics;
    private final BlockingQueue<String> queue;
    private volatile boolean failed;

    LineWriter(OutputStream out, java.io.PrintStream diagnostics) {
        this(out, diagnostics, CAPACITY);
    }

    LineWriter(OutputStream out, java.io.PrintStream diagnostics, int capacity) {
        this.out = out;
        this.diagnostics = diagnostics;
        this.queue = new LinkedBlockingQueue<>(capacity);
    }

    /** Queues one message (a single line of JSON, without line break); any thread; waits while the queue is full. */
    void write(String line) {
        enqueue(line);
    }

    /** Asks the writer to finish after what is queued. */
    void end() {
        enqueue(END);
    }

    private void enqueue(String line) {
        try {
            while (!failed && !queue.offer(line, 100, TimeUnit.MILLISECONDS)) {
                // The client is not reading stdout: wait for it (a failed stdout ends the wait).
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean failed() {
        return failed;
    }

    @Override
    public void run() {
        try {
            while (true) {
                String line = queue.poll();
                if (line == null) {
                    out.flush();
                    line = queue.take();
                }
                if (line == END) {
                    out.flush();
                    return;
                }
                out.write(line.getBytes(StandardCharsets.UTF_8));
                out.write('\n');
            }
        } catch (IOException e) {
            // Said before the waiting writers are released, so whoever sees the failure can also see why.
            diagnostics.println("graphiti: stdout closed: " + e.getMessage());
            failed = true;
            queue.clear();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
