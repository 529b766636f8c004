package dev.graphiti.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LineWriterTest {

    /** stdout of a client that stopped reading: every write blocks until the client reads again. */
    private static final class StalledStdout extends OutputStream {
        final CountDownLatch reading = new CountDownLatch(1);
        final ByteArrayOutputStream received = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) throws IOException {
            awaitReader();
            received.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            awaitReader();
            received.write(b, off, len);
        }

        private void awaitReader() throws IOException {
            try {
                reading.await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
        }
    }

    @Test
    void aClientThatStopsReadingBlocksWritersAtTheBoundAndLosesNothing() throws Exception {
        var stdout = new StalledStdout();
        var writer = new LineWriter(stdout, new PrintStream(new ByteArrayOutputStream()), 4);
        Thread writing = new Thread(writer);
        writing.start();

        var queued = new AtomicInteger();
        Thread answering = new Thread(() -> {
            for (int i = 0; i < 20; i++) {
                writer.write("{\"id\":" + i + "}");
                queued.incrementAndGet();
            }
            writer.end();
        });
        answering.start();
        // One message is taken by the writer (stuck on stdout), four wait in the queue, the sixth blocks.
        for (int i = 0; i < 250 && queued.get() < 5; i++) {
            Thread.sleep(20);
        }
        Thread.sleep(300);
        assertEquals(5, queued.get(), "no more than the bound waits for stdout");
        assertTrue(answering.isAlive(), "the answering thread waits for room");

        stdout.reading.countDown();
        answering.join(TimeUnit.SECONDS.toMillis(10));
        writing.join(TimeUnit.SECONDS.toMillis(10));
        String[] lines = stdout.received.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(20, lines.length);
        for (int i = 0; i < 20; i++) {
            assertEquals("{\"id\":" + i + "}", lines[i]);
        }
        assertTrue(!writer.failed());
    }

    @Test
    void aClosedStdoutReleasesWaitingWriters() throws Exception {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        var diagnostics = new ByteArrayOutputStream();
        var writer = new LineWriter(closed, new PrintStream(diagnostics, true, StandardCharsets.UTF_8), 2);
        Thread writing = new Thread(writer);
        writing.start();
        Thread answering = new Thread(() -> {
            for (int i = 0; i < 50; i++) {
                writer.write("{\"id\":" + i + "}");
            }
        });
        answering.start();
        answering.join(TimeUnit.SECONDS.toMillis(10));
        assertEquals(Thread.State.TERMINATED, answering.getState(), "writers are not left waiting on a dead stdout");
        assertTrue(writer.failed());
        assertTrue(diagnostics.toString(StandardCharsets.UTF_8).contains("stdout closed: Broken pipe"));
    }
}
