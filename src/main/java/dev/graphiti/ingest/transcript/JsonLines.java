package dev.graphiti.ingest.transcript;

import dev.graphiti.access.FileAccess;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A reader of a JSONL session log: reads its complete lines from a byte offset, each parsed as a JSON object and handed
 * to the format's {@link #parse}, the shape every agent that appends its session as JSON lines (Claude Code, Codex,
 * Qwen Code, Gemini CLI, Copilot CLI) shares. A line still being written (no newline yet) is left for the next read,
 * whole. Lines that are not JSON objects are counted and skipped, never fatal; a line over {@link #MAX_LINE_BYTES} is
 * skipped unread. What a line says of the lines after it (the session's directory) lasts for one read only.
 */
abstract class JsonLines implements SessionReader {

    /** A line longer than this is skipped (a huge tool result never holds words worth keeping). */
    static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

    /** Takes one parsed line. */
    private interface Handler {
        void line(JsonObject line);
    }

    /** Where a read ended (just past its last complete line), its complete lines and the malformed among them. */
    private record Read(long end, int lines, int malformed) {
    }

    private final JsonReaderFactory json = Json.createReaderFactory(Map.of());

    /** Adds the turn one line holds, if any, and the files its tool calls touched, to {@code reading}. */
    abstract void parse(JsonObject line, Reading reading);

    /** The turns of the complete lines from {@code offset} on. */
    @Override
    public final TranscriptChunk read(Path file, long offset, String sessionId) throws IOException {
        Reading reading = new Reading(sessionId);
        Read read = lines(file, offset, line -> parse(line, reading));
        return new TranscriptChunk(reading.turns(), offset, read.end(), read.lines(), read.malformed(), reading.touched());
    }

    /** What one read has found so far: the turns, the files touched, and the directory the session was last in. */
    static final class Reading {
        private final String sessionId;
        private final List<Turn> turns = new ArrayList<>();
        private final List<Touch> touched = new ArrayList<>();
        private String cwd = "";

        Reading(String sessionId) {
            this.sessionId = sessionId;
        }

        List<Turn> turns() {
            return turns;
        }

        List<Touch> touched() {
            return touched;
        }

        /** A turn with words (none when blank); {@code session} blank for a line that names none. */
        void turn(String session, Turn.Role role, String words, Instant at) {
            if (!words.isBlank()) {
                turns.add(new Turn(session.isBlank() ? sessionId : session, role, words, at));
            }
        }

        /** A file a tool call read or changed, as the call named it: before the turn that comes next. */
        void touch(String path) {
            if (!path.isBlank()) {
                touched.add(new Touch(turns.size(), path, cwd));
            }
        }

        /** A shell command a tool call ran (part of what the session was doing: a captured item's occasion). */
        void ran(String command) {
            if (!command.isBlank()) {
                touched.add(Touch.ran(turns.size(), command, cwd));
            }
        }

        /** The directory the session is in from this line on (a blank one says nothing). */
        void cwd(String directory) {
            if (!directory.isBlank()) {
                cwd = directory;
            }
        }
    }

    private Read lines(Path file, long offset, Handler handler) throws IOException {
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

    /**
     * The first line of a log as a JSON object, reading at most {@code most} characters of it; empty when the file is
     * gone, empty, or its first line is not a JSON object (a log graphiti cannot place).
     */
    static Optional<JsonObject> firstLine(Path file, int most) throws IOException {
        String first;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
                StandardCharsets.UTF_8))) {
            char[] chars = new char[most];
            int length = reader.read(chars);
            if (length <= 0) {
                return Optional.empty();
            }
            String text = new String(chars, 0, length);
            int newline = text.indexOf('\n');
            first = newline < 0 ? text : text.substring(0, newline);
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
        try (JsonReader json = Json.createReader(new StringReader(first))) {
            return json.readValue() instanceof JsonObject object ? Optional.of(object) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
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
