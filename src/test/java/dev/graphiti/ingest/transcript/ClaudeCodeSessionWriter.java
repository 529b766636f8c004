package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Writes a session's blocks as Claude Code writes its JSONL: a user line per prompt (a string), one assistant line
 * per content block (thinking, text, tool_use; the blocks of one reply share the message id), and a user line
 * carrying each tool_result back; every line with its uuid, parentUuid, sessionId, cwd, version, gitBranch and
 * timestamp.
 */
public final class ClaudeCodeSessionWriter {

    private final String session;
    private final String cwd;
    private Instant clock;
    private final StringBuilder lines = new StringBuilder();
    private String parent;
    private String message;
    private String lastTool;
    private int counter;

    public ClaudeCodeSessionWriter(String session, String cwd, Instant start) {
        this.session = session;
        this.cwd = cwd;
        this.clock = start;
    }

    /** The session id Claude Code would give a session of this name. */
    public static String sessionId(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
    }

    public ClaudeCodeSessionWriter blocks(List<MemoryLoopCorpus.Block> blocks) {
        for (MemoryLoopCorpus.Block block : blocks) {
            switch (block.type()) {
                case "user" -> user(Json.createValue(block.text()));
                case "result" -> result(block.text());
                case "thinking" -> assistant(Json.createObjectBuilder().add("type", "thinking").add("thinking", block.text())
                        .add("signature", "sig" + Integer.toHexString(block.text().hashCode())).build());
                case "assistant" -> assistant(Json.createObjectBuilder().add("type", "text").add("text", block.text()).build());
                case "tool" -> {
                    lastTool = "toolu_" + uuid().replace("-", "").substring(0, 24);
                    assistant(Json.createObjectBuilder().add("type", "tool_use").add("id", lastTool).add("name", block.tool())
                            .add("input", input(block.text())).build());
                }
                default -> throw new IllegalArgumentException("unknown block " + block.type());
            }
        }
        return this;
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, lines, StandardCharsets.UTF_8);
    }

    public Instant clock() {
        return clock;
    }

    private void user(JsonValue content) {
        message = null;
        line(common("user").add("message", Json.createObjectBuilder().add("role", "user").add("content", content)));
    }

    private void result(String text) {
        message = null;
        line(common("user").add("message", Json.createObjectBuilder().add("role", "user").add("content",
                        Json.createArrayBuilder().add(Json.createObjectBuilder().add("tool_use_id", lastTool)
                                .add("type", "tool_result").add("content", text).add("is_error", false))))
                .add("toolUseResult", Json.createObjectBuilder().add("stdout", text).add("stderr", "")
                        .add("interrupted", false).add("isImage", false)));
    }

    private void assistant(JsonObject block) {
        if (message == null) {
            message = "msg_01" + uuid().replace("-", "").substring(0, 22);
        }
        line(common("assistant").add("message", Json.createObjectBuilder().add("id", message).add("type", "message")
                        .add("role", "assistant").add("model", "claude-sonnet-4-5-20250929")
                        .add("content", Json.createArrayBuilder().add(block)).addNull("stop_reason").addNull("stop_sequence")
                        .add("usage", Json.createObjectBuilder().add("input_tokens", 4).add("cache_read_input_tokens", 18211)
                                .add("output_tokens", 212)))
                .add("requestId", "req_011" + message.substring(6, 20)));
    }

    private static JsonObject input(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private JsonObjectBuilder common(String type) {
        return common(type, parent, session, cwd);
    }

    /** The fields every line of the main conversation carries, before its uuid and timestamp. */
    static JsonObjectBuilder common(String type, String parent, String session, String cwd) {
        JsonObjectBuilder line = Json.createObjectBuilder();
        if (parent == null) {
            line.addNull("parentUuid");
        } else {
            line.add("parentUuid", parent);
        }
        return line.add("isSidechain", false).add("userType", "external").add("cwd", cwd).add("sessionId", session)
                .add("version", "2.0.14").add("gitBranch", "main").add("type", type);
    }

    private void line(JsonObjectBuilder line) {
        String uuid = uuid();
        clock = clock.plusSeconds(17 + counter % 23);
        lines.append(line.add("uuid", uuid).add("timestamp", clock.toString()).build()).append('\n');
        parent = uuid;
    }

    private String uuid() {
        return UUID.nameUUIDFromBytes((session + "#" + counter++).getBytes(StandardCharsets.UTF_8)).toString();
    }
}
