package dev.graphiti.ingest.transcript;

import dev.graphiti.access.FileAccess;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
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
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a Claude Code transcript (JSONL) from a byte offset. Kept: the text blocks of "user" and
 * "assistant" lines of the main conversation, and the files its tool calls read or changed ({@link Touch}: the
 * call's file path only, never its payload). Left out, by design:
 * tool_use, tool_result and thinking blocks (payloads, not the people's words);
 * sidechain lines (a subagent's own conversation, prompted by the agent, not the user);
 * "summary" lines and compaction summaries (restatements of earlier turns, which would repeat them);
 * meta lines and command/system-reminder markup Claude Code injects; any other or unknown line type.
 * Malformed lines are counted and skipped, never fatal.
 */
public final class TranscriptReader {

    /** A line longer than this is skipped (a huge tool result never holds words worth keeping). */
    static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

    private static final Pattern INJECTED = Pattern.compile(
            "<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder"
                    + "|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr)>.*?</\\1>",
            Pattern.DOTALL);
    private static final Pattern INTERRUPTED = Pattern.compile("\\[Request interrupted by user[^]]*]");

    /** The tools whose input names the one file they read or change, and the field naming it. */
    private static final Map<String, String> FILE_TOOLS = Map.of("Read", "file_path", "Edit", "file_path", "Write",
            "file_path", "MultiEdit", "file_path", "NotebookEdit", "notebook_path");

    private final JsonReaderFactory json = Json.createReaderFactory(Map.of());

    /** Reads the complete lines from offset on; sessionId names turns whose lines carry none. */
    public TranscriptChunk read(Path file, long offset, String sessionId) throws IOException {
        List<Turn> turns = new ArrayList<>();
        List<Touch> touched = new ArrayList<>();
        int lines = 0;
        int malformed = 0;
        long end = offset;
        // a FIFO or a device named as a transcript would block or never end: refused before it is opened
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
                        if (!text.isEmpty() && !parse(text, sessionId, turns, touched)) {
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
        return new TranscriptChunk(turns, offset, end, lines, malformed, touched);
    }

    /** Appends up to {@link #MAX_LINE_BYTES} of a line; true when some of it did not fit. */
    private static boolean append(ByteArrayOutputStream line, byte[] bytes, int from, int length) {
        int room = MAX_LINE_BYTES - line.size();
        line.write(bytes, from, Math.min(length, Math.max(room, 0)));
        return length > room;
    }

    /** Adds the line's turn, if it has one; false when the line is not a JSON object. */
    private boolean parse(String text, String sessionId, List<Turn> turns, List<Touch> touched) {
        JsonObject line;
        try (JsonReader reader = json.createReader(new StringReader(text))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                return false;
            }
            line = value.asJsonObject();
        } catch (RuntimeException e) {
            return false; // not JSON, or nested deeper than the parser goes (Parsson's bare RuntimeException)
        }
        String type = string(line, "type");
        if (!type.equals("user") && !type.equals("assistant")) {
            return true;
        }
        if (flag(line, "isSidechain") || flag(line, "isMeta") || flag(line, "isCompactSummary")
                || flag(line, "isVisibleInTranscriptOnly")) {
            return true;
        }
        JsonValue message = line.get("message");
        if (message == null || message.getValueType() != JsonValue.ValueType.OBJECT) {
            return true;
        }
        JsonValue content = message.asJsonObject().get("content");
        if (type.equals("assistant") && content instanceof JsonArray blocks) {
            touches(blocks, string(line, "cwd"), turns.size(), touched);
        }
        String words = clean(words(content));
        if (words.isEmpty()) {
            return true;
        }
        String session = string(line, "sessionId");
        turns.add(new Turn(session.isEmpty() ? sessionId : session, Turn.Role.valueOf(type), words,
                timestamp(string(line, "timestamp"))));
        return true;
    }

    /** The text of a message: a plain string, or the "text" blocks of a block array. */
    private static String words(JsonValue content) {
        if (content == null) {
            return "";
        }
        if (content instanceof JsonString string) {
            return string.getString();
        }
        if (!(content instanceof JsonArray blocks)) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (JsonValue block : blocks) {
            if (block instanceof JsonObject object && string(object, "type").equals("text")) {
                if (text.length() > 0) {
                    text.append("\n\n");
                }
                text.append(string(object, "text"));
            }
        }
        return text.toString();
    }

    /** The files the tool calls among {@code blocks} read or changed. */
    private static void touches(JsonArray blocks, String cwd, int turn, List<Touch> touched) {
        for (JsonValue block : blocks) {
            if (block instanceof JsonObject call && string(call, "type").equals("tool_use")
                    && FILE_TOOLS.containsKey(string(call, "name")) && call.get("input") instanceof JsonObject input) {
                String path = string(input, FILE_TOOLS.get(string(call, "name")));
                if (!path.isBlank()) {
                    touched.add(new Touch(turn, path, cwd));
                }
            }
        }
    }

    private static String clean(String text) {
        String cleaned = INJECTED.matcher(text).replaceAll(" ");
        return INTERRUPTED.matcher(cleaned).replaceAll(" ").strip();
    }

    private static String string(JsonObject object, String key) {
        JsonValue value = object.get(key);
        return value instanceof JsonString string ? string.getString() : "";
    }

    private static boolean flag(JsonObject object, String key) {
        return object.get(key) == JsonValue.TRUE;
    }

    private static Instant timestamp(String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
