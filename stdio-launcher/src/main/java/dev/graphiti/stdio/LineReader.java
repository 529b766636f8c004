package dev.graphiti.stdio;

import dev.graphiti.protocol.jsonrpc.MalformedMessageException;
import dev.graphiti.protocol.jsonrpc.Utf8;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Cuts a byte stream into UTF-8 lines of at most {@code cap} bytes, accepting "\n" and "\r\n". A longer
 * line is skipped to its end and reported, so one oversized message costs no more than the cap in memory
 * and the stream stays in step.
 */
final class LineReader {

    /** 16 MiB: far above any real MCP message, far below what would hurt the JVM. */
    static final int DEFAULT_CAP = 16 * 1024 * 1024;

    private final InputStream in;
    private final int cap;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;

    LineReader(InputStream in, int cap) {
        this.in = in;
        this.cap = cap;
    }

    /** The next line, or empty at end of input (a last line without "\n" still counts). */
    Optional<Line> next() throws IOException {
        var line = new ByteArrayOutputStream();
        long length = 0;
        boolean sawAny = false;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer, 0, buffer.length);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    return sawAny ? Optional.of(finish(line, length)) : Optional.empty();
                }
            }
            sawAny = true;
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int count = position - start;
            if (length + count <= cap) {
                line.write(buffer, start, count);
            }
            length += count;
            if (position < limit) {
                position++; // the '\n'
                return Optional.of(finish(line, length));
            }
        }
    }

    private Line finish(ByteArrayOutputStream line, long length) {
        if (length > cap) {
            return new Line.TooLong(length, cap);
        }
        byte[] bytes = line.toByteArray();
        int end = bytes.length;
        if (end > 0 && bytes[end - 1] == '\r') {
            end--;
        }
        try {
            return new Line.Text(Utf8.decode(bytes, 0, end));
        } catch (MalformedMessageException e) {
            return new Line.NotUtf8();
        }
    }
}
