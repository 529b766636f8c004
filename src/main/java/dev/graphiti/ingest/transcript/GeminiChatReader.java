package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Set;

/**
 * Reads a Gemini CLI session (~/.gemini/tmp/&lt;project&gt;/chats/session-&lt;time&gt;-&lt;id&gt;.jsonl, as Gemini CLI
 * 0.61.0's ChatRecordingService appends it) from a byte offset. The first line is the session's metadata, then one
 * message record a line {id, timestamp, type, content, displayContent, thoughts, toolCalls}, and {"$set"} or
 * {"$rewindTo"} records. Kept: "user" messages (what the user typed, displayContent when it differs from what was
 * sent) and "gemini" messages, their text, and the file each of their tool calls reads or changes (read_file,
 * write_file, replace: its file_path). Left out: thoughts, tool results, "info", "error" and "warning" messages,
 * metadata and update records. A message Gemini CLI records again (the same id, with its tool calls filled in) is
 * read again; the graph stores its statement once.
 */
public final class GeminiChatReader extends JsonLines {

    /** Gemini CLI's and Qwen Code's tools that read or change the one file their arguments name. */
    private static final Set<String> FILE_TOOLS = Set.of("read_file", "write_file", "replace", "edit");
    /** The argument naming it: file_path today, absolute_path in earlier versions. */
    private static final List<String> FILE_ARGUMENTS = List.of("file_path", "absolute_path", "path");

    @Override
    void parse(JsonObject line, Reading reading) {
        String type = TranscriptReader.string(line, "type");
        if (!type.equals("user") && !type.equals("gemini")) {
            return;
        }
        if (line.get("toolCalls") instanceof JsonArray calls) {
            for (JsonValue call : calls) {
                if (call instanceof JsonObject object) {
                    touch(TranscriptReader.string(object, "name"), object.get("args"), reading);
                }
            }
        }
        JsonValue shown = line.get("displayContent");
        reading.turn("", type.equals("user") ? Turn.Role.user : Turn.Role.assistant,
                TranscriptReader.clean(words(type.equals("user") && shown != null && shown != JsonValue.NULL
                        ? shown : line.get("content"))), TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp")));
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

    /** The file a Gemini API tool call (Gemini CLI's, Qwen Code's) named {@code name} with {@code args} touched. */
    static void touch(String name, JsonValue args, Reading reading) {
        if (FILE_TOOLS.contains(name) && args instanceof JsonObject arguments) {
            FILE_ARGUMENTS.stream().map(key -> TranscriptReader.string(arguments, key)).filter(path -> !path.isBlank())
                    .findFirst().ifPresent(reading::touch);
        }
    }
}
