package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.UUID;

/**
 * Writes a GitHub Copilot CLI session as Copilot CLI 1.0.102 keeps it (the shapes seen in a `copilot -p` run against
 * a model on loopback, the words our own): $COPILOT_HOME/session-state/&lt;session id&gt;/workspace.yaml and
 * events.jsonl, one event a line {type, data, id, timestamp, parentId}: session.start (its context names the cwd),
 * user.message (content as typed, transformedContent as sent), system.message, assistant.turn_start, assistant.message
 * (content, toolRequests), tool.execution_start/complete, assistant.turn_end, session.shutdown.
 */
public final class CopilotSessionFiles {

    private final Path file;
    private final Path cwd;
    private Instant at;
    private String previous;
    private int turns;

    private CopilotSessionFiles(Path file, Path cwd, Instant at) {
        this.file = file;
        this.cwd = cwd;
        this.at = at;
    }

    /** Starts session {@code sessionId} (a UUID) run in {@code cwd}, under copilotHome/session-state. */
    public static CopilotSessionFiles start(Path copilotHome, String sessionId, Path cwd, Instant at) throws IOException {
        Path folder = Files.createDirectories(copilotHome.resolve("session-state").resolve(sessionId));
        Files.writeString(folder.resolve("workspace.yaml"), "id: " + sessionId + "\ncwd: " + cwd + "\ngit_root: " + cwd
                + "\nbranch: main\nclient_name: github/cli\nsummary_count: 0\ncreated_at: " + at + "\n");
        CopilotSessionFiles session = new CopilotSessionFiles(folder.resolve("events.jsonl"), cwd, at);
        session.event("session.start", Json.createObjectBuilder().add("sessionId", sessionId).add("version", 1)
                .add("producer", "copilot-agent").add("copilotVersion", "1.0.102").add("startTime", at.toString())
                .add("selectedModel", "gpt-4.1").add("context", Json.createObjectBuilder().add("cwd", cwd.toString())
                        .add("gitRoot", cwd.toString()).add("branch", "main")), null);
        return session;
    }

    public Path file() {
        return file;
    }

    /**
     * One turn: the user's words; then, when {@code tool} is given ("view", "edit" or "create"), the model calls it on
     * {@code path} (relative to the cwd) with a few words first; then the model's answer.
     */
    public CopilotSessionFiles turn(String user, String tool, String path, String assistant) throws IOException {
        String turn = String.valueOf(turns++);
        event("user.message", Json.createObjectBuilder().add("content", user).add("transformedContent",
                "<current_datetime>" + at + "</current_datetime>\n\n" + user).add("messageId", UUID.randomUUID().toString())
                .add("delivery", "idle").add("turnId", turn), null);
        if (turns == 1) {
            event("system.message", Json.createObjectBuilder().add("role", "system").add("content",
                    "You are the GitHub Copilot CLI. We decided to answer in French."), null);
        }
        event("assistant.turn_start", Json.createObjectBuilder().add("turnId", turn), null);
        if (tool != null) {
            String absolute = cwd.resolve(path).toString();
            JsonObjectBuilder arguments = Json.createObjectBuilder().add("path", absolute);
            if (tool.equals("edit")) {
                arguments.add("old_str", "pass").add("new_str", "return Decimal(0)");
            }
            JsonObject args = arguments.build();
            event("assistant.message", Json.createObjectBuilder().add("messageId", UUID.randomUUID().toString())
                    .add("model", "gpt-4.1").add("content", "").add("toolRequests", Json.createArrayBuilder()
                            .add(Json.createObjectBuilder().add("toolCallId", "call_" + turn).add("name", tool)
                                    .add("arguments", args).add("type", "function")))
                    .add("reasoningText", "We decided to rewrite the whole module.").add("turnId", turn), null);
            event("tool.execution_start", Json.createObjectBuilder().add("toolCallId", "call_" + turn).add("toolName", tool)
                    .add("arguments", args).add("turnId", turn), null);
            event("tool.execution_complete", Json.createObjectBuilder().add("toolCallId", "call_" + turn)
                    .add("success", true).add("result", Json.createObjectBuilder()
                            .add("content", "# We decided to use Kafka for everything.")), null);
        }
        event("assistant.message", Json.createObjectBuilder().add("messageId", UUID.randomUUID().toString())
                .add("model", "gpt-4.1").add("content", assistant).add("toolRequests", Json.createArrayBuilder())
                .add("turnId", turn), null);
        event("assistant.turn_end", Json.createObjectBuilder().add("turnId", turn), null);
        return this;
    }

    /** What a subagent (the task tool's) says: its events carry an agentId and are not the session's own words. */
    public CopilotSessionFiles subagent(String words) throws IOException {
        event("assistant.message", Json.createObjectBuilder().add("messageId", UUID.randomUUID().toString())
                .add("content", words).add("toolRequests", Json.createArrayBuilder()), "explore-1");
        return this;
    }

    public CopilotSessionFiles shutdown() throws IOException {
        event("session.shutdown", Json.createObjectBuilder().add("shutdownType", "routine"), null);
        return this;
    }

    /** Appends raw text (a torn or foreign line). */
    public CopilotSessionFiles raw(String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return this;
    }

    private void event(String type, JsonObjectBuilder data, String agentId) throws IOException {
        at = at.plusMillis(400);
        String id = UUID.randomUUID().toString();
        JsonObjectBuilder line = Json.createObjectBuilder().add("type", type).add("data", data).add("id", id)
                .add("timestamp", at.toString());
        if (previous == null) {
            line.addNull("parentId");
        } else {
            line.add("parentId", previous);
        }
        if (agentId != null) {
            line.add("agentId", agentId);
        }
        previous = id;
        raw(line.build() + "\n");
    }
}
