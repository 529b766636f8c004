package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * Reads a Qwen Code session (~/.qwen/projects/&lt;project&gt;/chats/&lt;session id&gt;.jsonl, as Qwen Code 0.24.4's
 * ChatRecordingService appends it) from a byte offset. Each line is a record {uuid, parentUuid, sessionId, timestamp,
 * type, provenance, cwd, message: {role, parts}}; kept: the text parts of "user" records the user wrote (provenance
 * real_user) and of "assistant" records, and the file each of the assistant's function calls reads or changes
 * (read_file, write_file, edit: its file_path). Left out: thought parts, function responses, "tool_result" and
 * "system" records, runtime messages Qwen Code writes as the user (a goal's runtime prompt), injected reminder markup.
 */
public final class QwenChatReader extends JsonLines {

    @Override
    void parse(JsonObject line, Reading reading) {
        String type = TranscriptReader.string(line, "type");
        String provenance = TranscriptReader.string(line, "provenance");
        boolean user = type.equals("user") && (provenance.isEmpty() || provenance.equals("real_user"));
        boolean assistant = type.equals("assistant") && (provenance.isEmpty() || provenance.equals("assistant_output"));
        if (!user && !assistant || !(line.get("message") instanceof JsonObject message)
                || !(message.get("parts") instanceof JsonArray parts)) {
            return;
        }
        reading.cwd(TranscriptReader.string(line, "cwd"));
        if (assistant) {
            for (JsonValue part : parts) {
                if (part instanceof JsonObject object && object.get("functionCall") instanceof JsonObject call) {
                    GeminiChatReader.touch(TranscriptReader.string(call, "name"), call.get("args"), reading);
                }
            }
        }
        reading.turn(TranscriptReader.string(line, "sessionId"), user ? Turn.Role.user : Turn.Role.assistant,
                TranscriptReader.clean(GeminiChatReader.textParts(parts)),
                TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp")));
    }
}
