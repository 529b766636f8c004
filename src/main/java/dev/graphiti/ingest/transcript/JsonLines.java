package dev.graphiti.ingest.transcript;

import dev.graphiti.access.FileAccess;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the complete lines of a JSONL session log from a byte offset, each parsed as a JSON object and handed on:
 * the shape every agent that appends its session as JSON lines (Claude Code, Codex) shares. A line still being
 * written (no newline yet) is left for the next read, whole. Lines that are not JSON objects are counted and
 * skipped, never fatal; a line over {@link #MAX_LINE_BYTES} is skipped unread.
 */
final class JsonLines {

    /** A line longer than this is skipped (a huge tool result never holds words worth keeping). */
    static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

    /** Takes one parsed line. */
    interface Handler {
        void line(JsonObject line);
    }

    /** Turns one parsed line into the turns it holds, if any, and the files its tool calls touched. */
    interface Turns {
        void of(JsonObject line, List<Turn> turns, List<Touch> touched);
    }

    /** Where a read ended (just past its last complete line), its complete lines and the malformed among them. */
    record Read(long end, int lines, int malformed) {
    }

    private final JsonReaderFactory json = Json.createReaderFactory(Map.of());

    /** The turns of the complete lines from {@code offset} on, as {@code turns} finds them in each line. */
    TranscriptChunk chunk(Path file, long offset, Turns turns) throws IOException {
        List<Turn> found = new ArrayList<>();
        List<Touch> touched = new ArrayList<>();
        Read read = read(file, offset, line -> turns.of(line, found, touched));
        return new TranscriptChunk(found, offset, read.end(), read.lines(), read.malformed(), touched);
    }

    private Read read(Path file, long offset, Handler handler) throws IOException {
        int lines = 0;
        int malformed = 0;
        long end = offset;
        // a FIFO or a device named as a session log would block or never end: refused before it is opened
        Path real = FileAccess.everywhere().file(file, "transcript " + file);
        try (FileChannel channel = FileChannel.open(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            channel.position(offset);
            InputStream in = Channels.newInputStream(channel);
            byte[] buffer = new byte[1 << 16];
            ByteArrayOutputStream line = new ByteArrayOutputStream(8192);
            boolean oversized = false;
            long position = offset;
            int read;
            while ((read = in.read(buffer)) > 0) {
                int start = 0;
                for (int i = 0; i < read; i++) {
                    if (buffer[i] != '\n') {
                        continue;
                    }
                    oversized |= append(line, buffer, start, i - start);
                    start = i + 1;
                    lines++;
                    end = position + start;
                    if (!oversized) {
                        String text = line.toString(StandardCharsets.UTF_8).strip();
                        if (!text.isEmpty() && !parse(text, handler)) {
                            malformed++;
                        }
                    }
                    line.reset();
                    oversized = false;
                }
                oversized |= append(line, buffer, start, read - start);
                position += read;
            }
        }
        return new Read(end, lines, malformed);
    }

    /** Appends up to {@link #MAX_LINE_BYTES} of a line; true when some of it did not fit. */
    private static boolean append(ByteArrayOutputStream line, byte[] bytes, int from, int length) {
        int room = MAX_LINE_BYTES - line.size();
        line.write(bytes, from, Math.min(length, Math.max(room, 0)));
        return length > room;
    }

    /** Hands the line on; false when it is not a JSON object. */
    private boolean parse(String text, Handler handler) {
        JsonObject object;
        try (JsonReader reader = json.createReader(new StringReader(text))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                return false;
            }
            object = value.asJsonObject();
        } catch (RuntimeException e) {
            return false; // not JSON, or nested deeper than the parser goes (Parsson's bare RuntimeException)
        }
        handler.line(object);
        return true;
    }
}
