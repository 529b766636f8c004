package dev.graphiti.install;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One of Claude Code's JSON files as read from disk, with an editor over its text. A file that does
 * not exist (or holds only whitespace) starts as an empty object; one that does not parse, or whose top
 * level is not an object, stops the command before anything is written.
 */
final class JsonConfigFile {

    private final Path path;
    private final Optional<byte[]> original;
    private final JsonEditor editor;

    private JsonConfigFile(Path path, Optional<byte[]> original, JsonEditor editor) {
        this.path = path;
        this.original = original;
        this.editor = editor;
    }

    static JsonConfigFile read(Path path) throws InstallException {
        return read(path, false);
    }

    /** {@code jsonc}: the file's owner reads comments and trailing commas (JSONC), so they are accepted and kept. */
    static JsonConfigFile read(Path path, boolean jsonc) throws InstallException {
        Optional<byte[]> bytes = AtomicFile.read(path);
        String text = bytes.isEmpty() ? "" : decode(path, bytes.get());
        try {
            JsonEditor editor = new JsonEditor(text.isBlank() ? "{}" : text, jsonc);
            if (!(editor.root() instanceof JsonNode.ObjectNode)) {
                throw new InstallException(path + " does not hold a JSON object at the top level; it was left untouched."
                        + " Fix or move it, then run the command again.");
            }
            return new JsonConfigFile(path, bytes, editor);
        } catch (JsonSyntaxException e) {
            throw new InstallException(path + " is not valid " + (jsonc ? "JSONC" : "JSON") + " (" + e.getMessage() + "); it was left untouched."
                    + " Fix or move it, then run the command again.", e);
        }
    }

    /** The file's text; a file that is not UTF-8 stops the command. */
    static String decode(Path path, byte[] bytes) throws InstallException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InstallException(path + " is not UTF-8 text; it was left untouched.", e);
        }
    }

    Path path() {
        return path;
    }

    JsonEditor editor() {
        return editor;
    }

    Optional<byte[]> original() {
        return original;
    }

    /** The whitespace the file held when it held nothing else. */
    Optional<String> blankOriginal() {
        return original.map(b -> new String(b, StandardCharsets.UTF_8)).filter(String::isBlank);
    }

    /** The new bytes; a file graphiti creates ends with a newline. */
    byte[] content() {
        String text = editor.text();
        return (original.isEmpty() || blankOriginal().isPresent() ? text + "\n" : text).getBytes(StandardCharsets.UTF_8);
    }

    /** Makes sure an object exists at {@code path}, creating missing ones; returns the paths it created. */
    List<List<String>> ensureObject(List<String> path) throws InstallException {
        List<List<String>> created = new ArrayList<>();
        for (int i = 1; i <= path.size(); i++) {
            List<String> prefix = path.subList(0, i);
            Optional<JsonNode> node = editor.find(prefix);
            if (node.isEmpty()) {
                editor.put(prefix.subList(0, i - 1), prefix.get(i - 1), Json.object());
                created.add(List.copyOf(prefix));
            } else if (!(node.get() instanceof JsonNode.ObjectNode)) {
                throw notA("an object", prefix);
            }
        }
        return created;
    }

    InstallException notA(String kind, List<String> path) {
        return new InstallException(String.join(".", path) + " in " + this.path + " is not " + kind
                + "; the file was left untouched. Fix it, then run the command again.");
    }
}
