package dev.graphiti.tools;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A command's stderr on its way to the runner's capture, with the progress lines `--json-progress` writes
 * ({@code {"progress":120,"total":400,"unit":"commits"}}) taken out and handed to a listener. Only a line that
 * begins like one is held back until its end; every other byte passes at once, so a diagnostic is never delayed.
 */
final class ProgressLineFilter extends OutputStream {

    private static final byte[] PREFIX = "{\"progress\":".getBytes(StandardCharsets.US_ASCII);
    private static final int LONGEST = 512;

    private final OutputStream out;
    private final Consumer<JobProgress> listener;
    private final ByteArrayOutputStream held = new ByteArrayOutputStream();
    private boolean passing;

    ProgressLineFilter(OutputStream out, Consumer<JobProgress> listener) {
        this.out = out;
        this.listener = listener;
    }

    /** {@code out} itself when nobody listens. */
    static OutputStream of(OutputStream out, Consumer<JobProgress> listener) {
        return listener == null ? out : new ProgressLineFilter(out, listener);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (passing) {
            out.write(b);
            passing = b != '\n';
            return;
        }
        held.write(b);
        if (b == '\n') {
            lineEnded();
        } else if (!couldBeProgress()) {
            passing = true;
            held.writeTo(out);
            held.reset();
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    private boolean couldBeProgress() {
        byte[] sofar = held.toByteArray();
        int compared = Math.min(sofar.length, PREFIX.length);
        return sofar.length <= LONGEST && Arrays.equals(sofar, 0, compared, PREFIX, 0, compared);
    }

    private void lineEnded() throws IOException {
        String line = held.toString(StandardCharsets.UTF_8);
        held.reset();
        JobProgress progress = parse(line);
        if (progress == null) {
            out.write(line.getBytes(StandardCharsets.UTF_8));
        } else {
            listener.accept(progress);
        }
    }

    private static JobProgress parse(String line) {
        try (var reader = InputSchema.JSON.createReader(new StringReader(line))) {
            JsonObject json = reader.readObject();
            if (json.get("progress") instanceof JsonNumber done && json.get("total") instanceof JsonNumber total
                    && json.get("unit") instanceof JsonString unit) {
                return new JobProgress(done.longValue(), total.longValue(), unit.getString());
            }
        } catch (RuntimeException notProgress) {
            // a line that only looks like one is kept as it is
        }
        return null;
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    /** An unfinished line is the command's own text after all: it goes to the capture. */
    @Override
    public synchronized void close() throws IOException {
        held.writeTo(out);
        held.reset();
        out.close();
    }
}
