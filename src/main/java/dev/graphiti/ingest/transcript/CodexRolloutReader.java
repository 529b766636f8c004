package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a Codex CLI rollout (~/.codex/sessions/YYYY/MM/DD/rollout-&lt;time&gt;-&lt;session id&gt;.jsonl) from a
 * byte offset. Each line is {"timestamp", "type", "payload"}; kept: the text of "response_item" lines whose payload
 * is a "message" from the user or the assistant (Codex 0.171.0 writes them as it has since its first rollouts).
 * Left out, by design: developer and system messages (Codex's own instructions); the user messages Codex injects
 * (environment context, AGENTS.md instructions, shell output, aborted-turn notes: one markup block each);
 * "event_msg" lines, which restate the same messages for the terminal; tool calls, their output and reasoning;
 * "session_meta", "turn_context", "compacted" and any other line type.
 */
public final class CodexRolloutReader implements SessionReader {

    /** A message that is one markup block from end to end: context Codex adds, not the user's words. */
    private static final Pattern INJECTED = Pattern.compile("(?s)<([a-z_][a-z_ ]*)(\\s[^>]*)?>.*</\\1>");
    private static final String AGENTS_MD = "# AGENTS.md instructions for ";

    private final JsonLines lines = new JsonLines();

    @Override
    public TranscriptChunk read(Path file, long offset, String sessionId) throws IOException {
        return lines.chunk(file, offset, (line, turns, touched) -> parse(line, sessionId, turns));
    }

    private static void parse(JsonObject line, String sessionId, List<Turn> turns) {
        if (!TranscriptReader.string(line, "type").equals("response_item")
                || !(line.get("payload") instanceof JsonObject payload)
                || !TranscriptReader.string(payload, "type").equals("message")) {
            return;
        }
        String role = TranscriptReader.string(payload, "role");
        if (!role.equals("user") && !role.equals("assistant")) {
            return;
        }
        String words = words(payload.get("content"));
        if (!words.isEmpty()) {
            turns.add(new Turn(sessionId, Turn.Role.valueOf(role), words,
                    TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp"))));
        }
    }

    /** The input_text and output_text blocks of a message, injected context left out. */
    private static String words(JsonValue content) {
        if (!(content instanceof JsonArray blocks)) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (JsonValue block : blocks) {
            if (!(block instanceof JsonObject object)) {
                continue;
            }
            String type = TranscriptReader.string(object, "type");
            String words = TranscriptReader.string(object, "text").strip();
            if ((type.equals("input_text") || type.equals("output_text")) && !words.isEmpty() && !injected(words)) {
                if (text.length() > 0) {
                    text.append("\n\n");
                }
                text.append(words);
            }
        }
        return text.toString();
    }

    private static boolean injected(String words) {
        return words.startsWith(AGENTS_MD) || INJECTED.matcher(words).matches();
    }
}
