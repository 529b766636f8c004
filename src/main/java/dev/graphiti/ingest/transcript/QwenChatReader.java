package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a Qwen Code session (~/.qwen/projects/&lt;project&gt;/chats/&lt;session id&gt;.jsonl, as Qwen Code 0.24.4's
 * ChatRecordingService appends it) from a byte offset. Each line is a record {uuid, parentUuid, sessionId, timestamp,
 * type, provenance, cwd, message: {role, parts}}; kept: the text parts of "user" records the user wrote (provenance
 * real_user) and of "assistant" records. Left out: thought parts, function calls and responses, "tool_result" and
 * "system" records, runtime messages Qwen Code writes as the user (a goal's runtime prompt), injected reminder markup.
 */
public final class QwenChatReader implements SessionReader {

    private final JsonLines lines = new JsonLines();

    @Override
    public TranscriptChunk read(Path file, long offset, String sessionId) throws IOException {
        return lines.chunk(file, offset, (line, turns, touched) -> parse(line, sessionId, turns));
    }

    private static void parse(JsonObject line, String sessionId, List<Turn> turns) {
        String type = TranscriptReader.string(line, "type");
        String provenance = TranscriptReader.string(line, "provenance");
        boolean user = type.equals("user") && (provenance.isEmpty() || provenance.equals("real_user"));
        boolean assistant = type.equals("assistant") && (provenance.isEmpty() || provenance.equals("assistant_output"));
        if (!user && !assistant || !(line.get("message") instanceof JsonObject message)
                || !(message.get("parts") instanceof JsonArray parts)) {
            return;
        }
        String words = TranscriptReader.clean(GeminiChatReader.textParts(parts));
        if (!words.isEmpty()) {
            String session = TranscriptReader.string(line, "sessionId");
            turns.add(new Turn(session.isEmpty() ? sessionId : session, user ? Turn.Role.user : Turn.Role.assistant,
                    words, TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp"))));
        }
    }
}
