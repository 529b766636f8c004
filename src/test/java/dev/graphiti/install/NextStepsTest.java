package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The retention guard: install says when Claude Code will delete transcripts graphiti has not captured. */
class NextStepsTest {

    @TempDir
    Path home;

    private List<String> notes() throws Exception {
        return NextSteps.after(ClaudeLocations.user(Map.of("HOME", home.toString()), Optional.empty()), Optional.empty());
    }

    @Test
    void installSaysWhenClaudeCodeDeletesTranscriptsAndWhichSettingKeepsThem() throws Exception {
        String note = notes().get(0);
        assertTrue(note.startsWith("Claude Code deletes session transcripts after 30 days (cleanupPeriodDays, its default)."),
                note);
        assertTrue(note.contains("set \"cleanupPeriodDays\": 365 in " + home.resolve(".claude/settings.json")), note);

        Files.createDirectories(home.resolve(".claude"));
        Files.writeString(home.resolve(".claude/settings.json"), "{\"cleanupPeriodDays\": 7}");
        assertTrue(notes().get(0).startsWith("Claude Code deletes session transcripts after 7 days (cleanupPeriodDays)."));

        Files.writeString(home.resolve(".claude/settings.json"), "{\"cleanupPeriodDays\": 400}");
        assertEquals(List.of(), notes(), "kept a year or more: nothing to say");
    }
}
