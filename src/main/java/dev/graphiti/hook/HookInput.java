package dev.graphiti.hook;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The JSON object Claude Code writes to a command hook's stdin, as far as graphiti needs it. Every
 * event carries session_id, transcript_path, cwd and hook_event_name; SessionStart adds source
 * (startup, resume, clear, compact), PreCompact adds trigger (manual, auto), UserPromptSubmit adds prompt (what
 * the user typed), PreToolUse adds tool_name and tool_input, whose file_path (Read, Edit, Write, MultiEdit: an
 * absolute path) is the file about to be touched. Other fields are ignored.
 */
public record HookInput(String sessionId, Optional<Path> transcriptPath, Optional<Path> cwd, String hookEventName,
                        Optional<String> source, Optional<String> trigger, Optional<String> prompt,
                        Optional<String> toolName, Optional<String> filePath) {

    /** Hook input is a small object; anything larger than this is not what Claude Code sends. */
    public static final int MAX_BYTES = 1 << 20;

    /** Reads and parses the hook input from {@code stdin}. */
    public static HookInput read(InputStream stdin) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        for (int n; (n = stdin.read(chunk)) >= 0; ) {
            buffer.write(chunk, 0, n);
            if (buffer.size() > MAX_BYTES) {
                throw new IllegalArgumentException("hook input on stdin is larger than " + MAX_BYTES
                        + " bytes; expected the JSON object Claude Code sends to hooks");
            }
        }
        return parse(buffer.toString(StandardCharsets.UTF_8));
    }

    /** Parses hook input; the message of the IllegalArgumentException says what is wrong with it. */
    public static HookInput parse(String json) {
        if (json.isBlank()) {
            throw new IllegalArgumentException("no hook input on stdin; expected the JSON object Claude Code sends"
                    + " to hooks (or pass --transcript and --session-id)");
        }
        JsonValue value;
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            value = reader.readValue();
        } catch (JsonException e) {
            throw new IllegalArgumentException("hook input on stdin is not valid JSON: " + e.getMessage(), e);
        }
        if (!(value instanceof JsonObject object)) {
            throw new IllegalArgumentException("hook input on stdin is not a JSON object");
        }
        return new HookInput(required(object, "session_id"),
                optional(object, "transcript_path").map(Path::of), optional(object, "cwd").map(Path::of),
                required(object, "hook_event_name"), optional(object, "source"), optional(object, "trigger"),
                optional(object, "prompt"), optional(object, "tool_name"), filePath(object));
    }

    private static Optional<String> filePath(JsonObject object) {
        JsonValue input = object.get("tool_input");
        return input instanceof JsonObject tool ? optional(tool, "file_path") : Optional.empty();
    }

    private static String required(JsonObject object, String name) {
        return optional(object, name).orElseThrow(() ->
                new IllegalArgumentException("hook input on stdin has no \"" + name + "\""));
    }

    private static Optional<String> optional(JsonObject object, String name) {
        JsonValue value = object.get(name);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (!(value instanceof JsonString string)) {
            throw new IllegalArgumentException("hook input on stdin: \"" + name + "\" is not a string");
        }
        return string.getString().isEmpty() ? Optional.empty() : Optional.of(string.getString());
    }
}
