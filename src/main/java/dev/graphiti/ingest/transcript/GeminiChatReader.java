package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a Gemini CLI session (~/.gemini/tmp/&lt;project&gt;/chats/session-&lt;time&gt;-&lt;id&gt;.jsonl, as Gemini CLI
 * 0.61.0's ChatRecordingService appends it) from a byte offset. The first line is the session's metadata, then one
 * message record a line {id, timestamp, type, content, displayContent, thoughts, toolCalls}, and {"$set"} or
 * {"$rewindTo"} records. Kept: "user" messages (what the user typed, displayContent when it differs from what was
 * sent) and "gemini" messages, their text. Left out: thoughts, tool calls, "info", "error" and "warning" messages,
 * metadata and update records. A message Gemini CLI records again (the same id, with its tool calls filled in) is
 * read again; the graph stores its statement once.
 */
public final class GeminiChatReader implements SessionReader {

    private final JsonLines lines = new JsonLines();

    @Override
    public TranscriptChunk read(Path file, long offset, String sessionId) throws IOException {
        return lines.chunk(file, offset, (line, turns, touched) -> parse(line, sessionId, turns));
    }

    private static void parse(JsonObject line, String sessionId, List<Turn> turns) {
        String type = TranscriptReader.string(line, "type");
        if (!type.equals("user") && !type.equals("gemini")) {
            return;
        }
        JsonValue shown = line.get("displayContent");
        String words = TranscriptReader.clean(words(type.equals("user") && shown != null && shown != JsonValue.NULL
                ? shown : line.get("content")));
        if (!words.isEmpty()) {
            turns.add(new Turn(sessionId, type.equals("user") ? Turn.Role.user : Turn.Role.assistant, words,
                    TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp"))));
        }
    }

    /** A string, or the text of a part list (parts that are thoughts left out). */
    private static String words(JsonValue content) {
        if (content instanceof JsonString string) {
            return string.getString().strip();
        }
        return content instanceof JsonArray parts ? textParts(parts) : "";
    }

    /** The text of a Gemini API part list (Gemini CLI's and Qwen Code's messages), thoughts left out. */
    static String textParts(JsonArray parts) {
        StringBuilder text = new StringBuilder();
        for (JsonValue part : parts) {
            if (part instanceof JsonObject object && object.get("thought") != JsonValue.TRUE) {
                String words = TranscriptReader.string(object, "text").strip();
                if (!words.isEmpty()) {
                    text.append(text.length() > 0 ? "\n\n" : "").append(words);
                }
            }
        }
        return text.toString();
    }
}
