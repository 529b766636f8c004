package dev.graphiti.tools;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A stream that keeps the first {@code cap} bytes written to it and counts the rest, so a runaway command
 * cannot fill the server's memory and a child process never blocks on a full pipe.
 */
final class CappedOutput extends OutputStream {

    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final int cap;
    private volatile boolean overflowed;

    CappedOutput(int cap) {
        this.cap = cap;
    }

    @Override
    public synchronized void write(int b) {
        if (kept.size() < cap) {
            kept.write(b);
        } else {
            overflowed = true;
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        int room = Math.max(0, cap - kept.size());
        kept.write(bytes, offset, Math.min(room, length));
        if (length > room) {
            overflowed = true;
        }
    }

    boolean overflowed() {
        return overflowed;
    }

    synchronized String text() {
        return kept.toString(StandardCharsets.UTF_8);
    }
}
