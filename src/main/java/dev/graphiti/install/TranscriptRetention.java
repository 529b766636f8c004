package dev.graphiti.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Claude Code's cleanupPeriodDays: at each start it deletes session transcripts whose last write is older than that
 * many days (30 unless set), and what graphiti has not captured from them is lost. Read from the settings files in
 * Claude Code's order (the project's .claude/settings.local.json, then its .claude/settings.json, then the user's
 * settings.json); set only when the user asks ({@link #keep}), in the user's settings.json, every other key and its
 * formatting kept, the previous file backed up, written atomically.
 */
public final class TranscriptRetention {

    /** Claude Code's default. */
    public static final int CLAUDE_DEFAULT_DAYS = 30;
    /** Below this, graphiti suggests keeping transcripts longer. */
    public static final int SUGGESTED_DAYS = 365;
    /** 0 does not mean "keep forever": Claude Code then stops writing transcripts at all. */
    public static final int MIN_DAYS = 1;

    /** The days in effect, the file that sets them (none: Claude Code's default), and files that could not be read. */
    public record Setting(int days, Optional<Path> setIn, List<String> problems) {

        public Setting {
            problems = List.copyOf(problems);
        }
    }

    private TranscriptRetention() {
    }

    /** The settings files that may set it, first wins: the project's (when there is one), then the user's. */
    public static List<Path> settingsFiles(Path claudeHome, Optional<Path> project) {
        List<Path> files = new ArrayList<>();
        project.ifPresent(root -> {
            files.add(root.resolve(".claude").resolve("settings.local.json"));
            files.add(root.resolve(".claude").resolve("settings.json"));
        });
        files.add(userSettings(claudeHome));
        return files;
    }

    public static Path userSettings(Path claudeHome) {
        return claudeHome.resolve("settings.json");
    }

    /** The days in effect per {@code files} (see {@link #settingsFiles}); an unreadable file is named and passed over. */
    public static Setting read(List<Path> files) {
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            try {
                Optional<Integer> days = days(JsonConfigFile.read(file));
                if (days.isPresent()) {
                    return new Setting(days.get(), Optional.of(file), problems);
                }
            } catch (InstallException e) {
                problems.add(e.getMessage());
            }
        }
        return new Setting(CLAUDE_DEFAULT_DAYS, Optional.empty(), problems);
    }

    /** Sets cleanupPeriodDays to {@code days} in {@code settings} (the user's settings.json). */
    public static FileChange keep(Path settings, int days) throws InstallException {
        if (days < MIN_DAYS) {
            throw new InstallException("cleanupPeriodDays must be at least " + MIN_DAYS + " (0 makes Claude Code stop"
                    + " writing transcripts at all); " + settings + " was left untouched");
        }
        JsonConfigFile file = JsonConfigFile.read(settings);
        file.editor().put(List.of(), "cleanupPeriodDays", Json.number(days));
        return PendingWrite.of(file, "rw-r--r--", List.of("cleanupPeriodDays")).apply(new ArrayList<>());
    }

    private static Optional<Integer> days(JsonConfigFile file) {
        return file.editor().find(List.of("cleanupPeriodDays")).map(JsonNode::value)
                .filter(Json.JNumber.class::isInstance).map(value -> ((Json.JNumber) value).value().intValue());
    }
}
