package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * Writes a Qwen Code session as Qwen Code 0.24.4's ChatRecordingService appends it (the words our own):
 * ~/.qwen/projects/&lt;project path, each other character "-"&gt;/chats/&lt;session id&gt;.jsonl, one record a line
 * {uuid, parentUuid, sessionId, timestamp, type, provenance, cwd, version, gitBranch, message: {role, parts}}.
 */
public final class QwenChatFiles {

    private final Path file;
    private final String sessionId;
    private final Path cwd;
    private Instant at;
    private int records;

    private QwenChatFiles(Path file, String sessionId, Path cwd, Instant at) {
        this.file = file;
        this.sessionId = sessionId;
        this.cwd = cwd;
        this.at = at;
    }

    public static QwenChatFiles start(Path qwenHome, String sessionId, Path cwd, Instant at) throws IOException {
        Path file = qwenHome.resolve("projects").resolve(cwd.toString().replaceAll("[^a-zA-Z0-9]", "-"))
                .resolve("chats").resolve(sessionId + ".jsonl");
        Files.createDirectories(file.getParent());
        return new QwenChatFiles(file, sessionId, cwd, at);
    }

    public Path file() {
        return file;
    }

    /** One turn: the user's words, the model's thought, answer and (when given) a file it reads, the tool's result. */
    public QwenChatFiles turn(String user, String assistant, String readsFile) throws IOException {
        record("user", "real_user", "user", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", user)));
        JsonArrayBuilder parts = Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("thought", true).add("text", "We decided to rewrite everything."))
                .add(Json.createObjectBuilder().add("text", assistant));
        if (readsFile != null) {
            parts.add(Json.createObjectBuilder().add("functionCall", Json.createObjectBuilder().add("name", "read_file")
                    .add("args", Json.createObjectBuilder().add("file_path", cwd.resolve(readsFile).toString()))));
        }
        record("assistant", "assistant_output", "model", parts);
        if (readsFile != null) {
            record("tool_result", "tool_result", "user", Json.createArrayBuilder().add(Json.createObjectBuilder()
                    .add("functionResponse", Json.createObjectBuilder().add("name", "read_file").add("response",
                            Json.createObjectBuilder().add("output", "// We decided to use Kafka for everything.")))));
        }
        return this;
    }

    /** A prompt Qwen Code writes as the user while it pursues a goal: not the user's words. */
    public QwenChatFiles goalRuntime(String text) throws IOException {
        record("user", "goal_runtime", "user", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", text)));
        return this;
    }

    private void record(String type, String provenance, String role, JsonArrayBuilder parts) throws IOException {
        at = at.plusSeconds(1);
        JsonObjectBuilder line = Json.createObjectBuilder().add("uuid", sessionId.substring(0, 8) + "-" + records);
        if (records == 0) {
            line.addNull("parentUuid");
        } else {
            line.add("parentUuid", sessionId.substring(0, 8) + "-" + (records - 1));
        }
        line.add("sessionId", sessionId).add("timestamp", at.toString()).add("type", type)
                .add("provenance", provenance).add("cwd", cwd.toString()).add("version", "0.24.4").add("gitBranch", "main")
                .add("message", Json.createObjectBuilder().add("role", role).add("parts", parts));
        records++;
        Files.writeString(file, line.build() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
