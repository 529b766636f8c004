package dev.graphiti.install;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a user should know after installing: what Claude Code still asks of them, and how two installs combine. */
public final class NextSteps {

    static final String PENDING_APPROVAL = "Claude Code asks each person once before it starts the servers of a"
            + " project's .mcp.json: until then /mcp lists graphiti as \"Pending approval\" and its tools are missing."
            + " Approve it at the prompt of the next session in this project, or in /mcp (select graphiti, approve);"
            + " `claude mcp reset-project-choices` brings the prompt back after a refusal.";

    private NextSteps() {
    }

    /**
     * The retention guard: Claude Code deletes session transcripts after cleanupPeriodDays (30 unless set), and what
     * graphiti has not captured by then is lost. Empty when the user keeps them a year or more; a note otherwise,
     * with the setting to change. A settings file that cannot be read gives no note (install reports it anyway).
     */
    static Optional<String> retention(java.nio.file.Path settings) {
        TranscriptRetention.Setting setting = TranscriptRetention.read(List.of(settings));
        if (!setting.problems().isEmpty() || setting.days() >= TranscriptRetention.SUGGESTED_DAYS) {
            return Optional.empty();
        }
        return Optional.of("Claude Code deletes session transcripts after " + setting.days() + " days (cleanupPeriodDays"
                + (setting.setIn().isPresent() ? "" : ", its default") + "). graphiti captures each session when it"
                + " stops or compacts; a transcript it has not captured is lost after that (`graphiti capture --all`"
                + " takes in every one still kept). To keep transcripts longer, set \"cleanupPeriodDays\": "
                + TranscriptRetention.SUGGESTED_DAYS + " in " + settings + " (`graphiti mcp keep-transcripts` does it).");
    }

    /**
     * @param installed where graphiti was just installed
     * @param other     the other scope's locations, when known (user scope for a project install and vice versa)
     */
    public static List<String> after(ClaudeLocations installed, Optional<ClaudeLocations> other) {
        List<String> notes = new ArrayList<>();
        Optional<ClaudeLocations> user = installed.scope() == ClaudeScope.user ? Optional.of(installed)
                : other.filter(o -> o.scope() == ClaudeScope.user);
        user.flatMap(u -> retention(u.settings())).ifPresent(notes::add);
        if (installed.scope() == ClaudeScope.project) {
            notes.add(PENDING_APPROVAL);
        }
        other.filter(o -> Files.exists(o.manifest())).ifPresent(o -> notes.add("graphiti is installed for "
                + (o.scope() == ClaudeScope.user ? "you (user scope)" : "this project") + " as well: Claude Code starts"
                + " one server named graphiti (the project's .mcp.json entry takes precedence over the user's) and"
                + " the two SessionStart hooks add the context once between them."));
        return notes;
    }
}
