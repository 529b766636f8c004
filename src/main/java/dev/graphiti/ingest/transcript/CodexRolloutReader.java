package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Codex CLI rollout (~/.codex/sessions/YYYY/MM/DD/rollout-&lt;time&gt;-&lt;session id&gt;.jsonl) from a
 * byte offset. Each line is {"timestamp", "type", "payload"}; kept: the text of "response_item" lines whose payload
 * is a "message" from the user or the assistant (Codex 0.171.0 writes them as it has since its first rollouts), and
 * the files the model's tool calls name: the paths of an apply_patch (a "custom_tool_call", or a function or shell
 * call whose arguments hold the patch), view_image's and read_file's path, relative to the session's directory
 * ("session_meta" and "turn_context" name it). Left out, by design: developer and system messages (Codex's own
 * instructions); the user messages Codex injects (environment context, AGENTS.md instructions, shell output,
 * aborted-turn notes: one markup block each); "event_msg" lines, which restate the same messages for the terminal;
 * tool output, reasoning, the files a shell command reads (a command line is not a list of files); "compacted" and
 * any other line type.
 */
public final class CodexRolloutReader extends JsonLines {

    /** A message that is one markup block from end to end: context Codex adds, not the user's words. */
    private static final Pattern INJECTED = Pattern.compile("(?s)<([a-z_][a-z_ ]*)(\\s[^>]*)?>.*</\\1>");
    private static final String AGENTS_MD = "# AGENTS.md instructions for ";
    /** The header lines of Codex's patch format that name a file: added, updated, deleted or moved to. */
    private static final Pattern PATCHED = Pattern.compile("(?m)^\\*\\*\\* (?:(?:Add|Update|Delete) File|Move to): (.+)$");
    /** The function calls that name one file, and the argument naming it. */
    private static final Map<String, String> FILE_CALLS = Map.of("view_image", "path", "read_file", "file_path");

    @Override
    void parse(JsonObject line, Reading reading) {
        String type = TranscriptReader.string(line, "type");
        if (!(line.get("payload") instanceof JsonObject payload)) {
            return;
        }
        if (type.equals("session_meta") || type.equals("turn_context")) {
            reading.cwd(TranscriptReader.string(payload, "cwd"));
            return;
        }
        if (!type.equals("response_item")) {
            return;
        }
        switch (TranscriptReader.string(payload, "type")) {
            case "message" -> message(line, payload, reading);
            case "custom_tool_call" -> patched(TranscriptReader.string(payload, "input"), reading);
            case "function_call" -> functionCall(payload, reading);
            default -> {
                // tool output, reasoning and the rest: not the people's words, no file named
            }
        }
    }

    private static void message(JsonObject line, JsonObject payload, Reading reading) {
        String role = TranscriptReader.string(payload, "role");
        if (role.equals("user") || role.equals("assistant")) {
            reading.turn("", Turn.Role.valueOf(role), words(payload.get("content")),
                    TranscriptReader.timestamp(TranscriptReader.string(line, "timestamp")));
        }
    }

    /** A function call's arguments (a JSON text): the file it names, or the patch it carries (apply_patch, shell). */
    private static void functionCall(JsonObject payload, Reading reading) {
        JsonValue arguments;
        try (JsonReader json = Json.createReader(new StringReader(TranscriptReader.string(payload, "arguments")))) {
            arguments = json.readValue();
        } catch (RuntimeException e) {
            return; // arguments that are not JSON name no file graphiti can read
        }
        if (!(arguments instanceof JsonObject object)) {
            return;
        }
        String file = FILE_CALLS.get(TranscriptReader.string(payload, "name"));
        if (file != null) {
            reading.touch(TranscriptReader.string(object, file));
            return;
        }
        for (JsonValue value : object.values()) {
            if (value instanceof JsonString text) {
                patched(text.getString(), reading);
            } else if (value instanceof JsonArray words) {
                words.getValuesAs(JsonValue.class).stream().filter(JsonString.class::isInstance)
                        .forEach(word -> patched(((JsonString) word).getString(), reading));
            }
        }
    }

    /** The files a patch in Codex's format adds, updates, deletes or moves to. */
    private static void patched(String patch, Reading reading) {
        if (!patch.contains("*** ")) {
            return;
        }
        Matcher file = PATCHED.matcher(patch);
        while (file.find()) {
            reading.touch(file.group(1).strip());
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
