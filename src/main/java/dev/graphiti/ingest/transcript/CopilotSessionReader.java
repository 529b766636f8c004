package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Set;

/**
 * Reads a GitHub Copilot CLI session ($COPILOT_HOME/session-state/&lt;session id&gt;/events.jsonl, ~/.copilot unless
 * set, as Copilot CLI 1.0.102 appends it) from a byte offset. Each line is an event {type, data, id, timestamp,
 * parentId, agentId}; kept: "user.message" (data.content, what the user typed, not transformedContent, what was sent
 * with Copilot's additions), "assistant.message" (data.content), and the file each of the assistant's toolRequests
 * reads or changes (view, create, edit: arguments.path). Left out: a subagent's events (they carry an agentId), messages
 * Copilot sends as the user (a skill's hidden text, another agent's prompt, autopilot's continuations), reasoning,
 * system messages, tool results and every other event. The session's directory comes from session.start,
 * session.resume and session.context_changed.
 */
public final class CopilotSessionReader extends JsonLines {

    /** Copilot's tools that read or change the one file their "path" argument names. */
    private static final Set<String> FILE_TOOLS = Set.of("view", "create", "edit");

    @Override
    void parse(JsonObject line, Reading reading) {
        if (line.containsKey("agentId") || !(line.get("data") instanceof JsonObject data)) {
            return;
        }
        switch (TranscriptReader.string(line, "type")) {
            case "session.start", "session.resume" -> {
                if (data.get("context") instanceof JsonObject context) {
                    reading.cwd(TranscriptReader.string(context, "cwd"));
                }
            }
            case "session.context_changed" -> reading.cwd(TranscriptReader.string(data, "cwd"));
            case "user.message" -> {
                if (typed(data)) {
                    reading.turn("", Turn.Role.user, TranscriptReader.clean(TranscriptReader.string(data, "content")),
                            TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp")));
                }
            }
            case "assistant.message" -> {
                touches(data.get("toolRequests"), reading);
                reading.turn("", Turn.Role.assistant, TranscriptReader.string(data, "content").strip(),
                        TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp")));
            }
            default -> {
                // reasoning, tool events, system messages, usage, shutdown: not the people's words
            }
        }
    }

    /** A message the user typed: not one Copilot sends as the user (source "skill-..." or "agent-...", autopilot). */
    private static boolean typed(JsonObject data) {
        String source = TranscriptReader.string(data, "source");
        return data.get("isAutopilotContinuation") != JsonValue.TRUE && !source.startsWith("skill")
                && !source.startsWith("agent");
    }

    private static void touches(JsonValue requests, Reading reading) {
        if (!(requests instanceof JsonArray calls)) {
            return;
        }
        for (JsonValue call : calls) {
            if (call instanceof JsonObject request && FILE_TOOLS.contains(TranscriptReader.string(request, "name"))
                    && request.get("arguments") instanceof JsonObject arguments) {
                reading.touch(TranscriptReader.string(arguments, "path"));
            }
        }
    }
}
