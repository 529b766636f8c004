package dev.graphiti.ingest.transcript;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a Claude Code transcript (JSONL) from a byte offset. Kept: the text blocks of "user" and
 * "assistant" lines of the main conversation, and the files its tool calls read or changed and the shell commands they
 * ran ({@link Touch}: the call's file path or command line only, never its payload or output). Left out, by design:
 * tool_use, tool_result and thinking blocks (payloads, not the people's words);
 * sidechain lines (a subagent's own conversation, prompted by the agent, not the user);
 * "summary" lines and compaction summaries (restatements of earlier turns, which would repeat them);
 * meta lines and command/system-reminder markup Claude Code injects; any other or unknown line type.
 * Malformed lines are counted and skipped, never fatal.
 */
public final class TranscriptReader extends JsonLines {

    /** A line longer than this is skipped (a huge tool result never holds words worth keeping). */
    static final int MAX_LINE_BYTES = JsonLines.MAX_LINE_BYTES;

    private static final Pattern INJECTED = Pattern.compile(
            "<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder"
                    + "|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr)>.*?</\\1>",
            Pattern.DOTALL);
    private static final Pattern INTERRUPTED = Pattern.compile("\\[Request interrupted by user[^]]*]");

    /** The tools whose input names the one file they read or change, and the field naming it. */
    private static final Map<String, String> FILE_TOOLS = Map.of("Read", "file_path", "Edit", "file_path", "Write",
            "file_path", "MultiEdit", "file_path", "NotebookEdit", "notebook_path");
    /** The tool whose input is a shell command, and its field: the command is part of what the session was doing. */
    private static final String SHELL_TOOL = "Bash";

    /** Adds the line's turn, if it has one, and the files its tool calls touched. */
    @Override
    void parse(JsonObject line, Reading reading) {
        String type = string(line, "type");
        if (!type.equals("user") && !type.equals("assistant")) {
            return;
        }
        if (flag(line, "isSidechain") || flag(line, "isMeta") || flag(line, "isCompactSummary")
                || flag(line, "isVisibleInTranscriptOnly")) {
            return;
        }
        JsonValue message = line.get("message");
        if (message == null || message.getValueType() != JsonValue.ValueType.OBJECT) {
            return;
        }
        JsonValue content = message.asJsonObject().get("content");
        reading.cwd(string(line, "cwd"));
        if (type.equals("assistant") && content instanceof JsonArray blocks) {
            touches(blocks, reading);
        }
        reading.turn(string(line, "sessionId"), Turn.Role.valueOf(type), clean(words(content)),
                timestamp(string(line, "timestamp")));
    }

    /** The text of a message: a plain string, or the "text" blocks of a block array. */
    private static String words(JsonValue content) {
        if (content == null) {
            return "";
        }
        if (content instanceof JsonString string) {
            return string.getString();
        }
        if (!(content instanceof JsonArray blocks)) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (JsonValue block : blocks) {
            if (block instanceof JsonObject object && string(object, "type").equals("text")) {
                if (text.length() > 0) {
                    text.append("\n\n");
                }
                text.append(string(object, "text"));
            }
        }
        return text.toString();
    }

    /** The files the tool calls among {@code blocks} read or changed, and the commands they ran. */
    private static void touches(JsonArray blocks, Reading reading) {
        for (JsonValue block : blocks) {
            if (!(block instanceof JsonObject call && string(call, "type").equals("tool_use")
                    && call.get("input") instanceof JsonObject input)) {
                continue;
            }
            String tool = string(call, "name");
            if (FILE_TOOLS.containsKey(tool)) {
                reading.touch(string(input, FILE_TOOLS.get(tool)));
            } else if (tool.equals(SHELL_TOOL)) {
                reading.ran(string(input, "command"));
            }
        }
    }

    static String clean(String text) {
        String cleaned = INJECTED.matcher(text).replaceAll(" ");
        return INTERRUPTED.matcher(cleaned).replaceAll(" ").strip();
    }

    static String string(JsonObject object, String key) {
        JsonValue value = object.get(key);
        return value instanceof JsonString string ? string.getString() : "";
    }

    private static boolean flag(JsonObject object, String key) {
        return object.get(key) == JsonValue.TRUE;
    }

    static Instant timestamp(String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
