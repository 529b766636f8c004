package dev.graphiti.ingest.memory;

import dev.graphiti.access.AccessRefused;
import dev.graphiti.access.FileAccess;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Claude Code's autoMemoryDirectory setting: where it keeps a project's auto-memory instead of
 * &lt;claude home&gt;/projects/&lt;project folder&gt;/memory. As Claude Code reads it: from managed policy settings, then the
 * project's .claude/settings.local.json, then the user's settings.json, first set wins; never from the project's
 * shared .claude/settings.json (a checked-in file must not redirect where memory is read). The value is an absolute
 * path or one starting with ~/ (the user's home; ~/.. and the like are refused); any other value is ignored, as
 * Claude Code ignores it, and named.
 */
public final class AutoMemoryDirectory {

    /** The directory in effect and the file that sets it. */
    public record Setting(Path directory, Path setIn) {
    }

    public static final String KEY = "autoMemoryDirectory";

    private AutoMemoryDirectory() {
    }

    /** The settings files that may set it, first wins. */
    public static List<Path> settingsFiles(Path projectRoot, Path claudeHome) {
        return List.of(managedSettings(), projectRoot.resolve(".claude").resolve("settings.local.json"),
                claudeHome.resolve("settings.json"));
    }

    /** Where an administrator's managed settings live on this operating system. */
    static Path managedSettings() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return Path.of("/Library/Application Support/ClaudeCode/managed-settings.json");
        }
        if (os.contains("win")) {
            return Path.of("C:\\Program Files\\ClaudeCode\\managed-settings.json");
        }
        return Path.of("/etc/claude-code/managed-settings.json");
    }

    /**
     * The setting in effect per {@code files}; a file that cannot be read or a value Claude Code would ignore is
     * added to {@code problems} and passed over.
     */
    public static Optional<Setting> find(List<Path> files, Path userHome, List<String> problems) {
        for (Path file : files) {
            Optional<String> value;
            try {
                value = value(file);
            } catch (IOException | JsonException | AccessRefused e) {
                problems.add(file + " cannot be read as JSON (" + e.getMessage() + "); its " + KEY + " is not known");
                continue;
            }
            if (value.isEmpty()) {
                continue;
            }
            Optional<Path> directory = directory(value.get(), userHome);
            if (directory.isPresent()) {
                return Optional.of(new Setting(directory.get(), file));
            }
            problems.add(KEY + " \"" + value.get() + "\" in " + file + " is neither an absolute path nor one starting"
                    + " with ~/; ignored, as Claude Code ignores it");
        }
        return Optional.empty();
    }

    private static Optional<String> value(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String json = new String(FileAccess.everywhere().read(file, file.toString()), StandardCharsets.UTF_8);
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            JsonValue root = reader.readValue();
            if (root instanceof JsonObject object && object.get(KEY) instanceof JsonString text) {
                return Optional.of(text.getString());
            }
            return Optional.empty();
        }
    }

    /** The directory a value names, when Claude Code would take it. */
    static Optional<Path> directory(String value, Path userHome) {
        if (value.indexOf('\0') >= 0 || value.isBlank()) {
            return Optional.empty();
        }
        if (value.startsWith("~/") || value.startsWith("~\\")) {
            Path rest = Path.of(value.substring(2)).normalize();
            if (rest.toString().isEmpty() || rest.startsWith("..")) {
                return Optional.empty();
            }
            return Optional.of(userHome.resolve(rest).normalize());
        }
        Path path = Path.of(value);
        if (!path.isAbsolute() || path.normalize().getNameCount() == 0) {
            return Optional.empty();
        }
        return Optional.of(path.normalize());
    }
}
