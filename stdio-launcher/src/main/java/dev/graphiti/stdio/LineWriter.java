package dev.graphiti.stdio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The only writer of stdout: one thread takes whole messages from a queue and writes each as UTF-8
 * followed by an explicit "\n", flushing whenever the queue runs dry.
 */
final class LineWriter implements Runnable {

    private static final String END = "\u0000end";

    private final OutputStream out;
    private final java.io.PrintStream diagnostics;
    private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private volatile boolean failed;

    LineWriter(OutputStream out, java.io.PrintStream diagnostics) {
        this.out = out;
        this.diagnostics = diagnostics;
    }

    /** Queues one message (a single line of JSON, without line break); any thread. */
    void write(String line) {
        if (!failed) {
            queue.add(line);
        }
    }

    /** Asks the writer to finish after what is queued. */
    void end() {
        queue.add(END);
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
            failed = true;
            diagnostics.println("graphiti: stdout closed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
