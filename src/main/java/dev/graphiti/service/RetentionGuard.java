package dev.graphiti.service;

import dev.graphiti.graph.HealthReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The retention guard of health: Claude Code deletes a transcript {@code days} after its last write, so a session
 * graphiti has not captured (wholly) by then is lost. How many transcripts of the project Claude Code keeps, how many
 * are not captured to their end, when the oldest of those goes, and how to keep them: `capture --all` now, and a
 * longer cleanupPeriodDays (set in {@code setIn}, or Claude Code's default; {@code userSettings} is where to set it).
 */
public record RetentionGuard(int days, Optional<Path> setIn, Path userSettings, int transcripts, int uncaptured,
                             OptionalLong oldestUncapturedExpiresInDays, List<String> problems) {

    public static final int SUGGESTED_DAYS = dev.graphiti.install.TranscriptRetention.SUGGESTED_DAYS;

    public RetentionGuard {
        problems = List.copyOf(problems);
    }

    /** A warning while transcripts wait to be captured or a settings file cannot be read; ok otherwise. */
    public HealthReport.Check check() {
        if (transcripts == 0 && setIn.isEmpty() && problems.isEmpty() && !Files.isDirectory(userSettings.getParent())) {
            return new HealthReport.Check("transcripts", HealthReport.Status.ok, "no Claude Code folder at "
                    + userSettings.getParent() + ": no transcripts to keep");
        }
        StringBuilder detail = new StringBuilder("Claude Code deletes transcripts after ").append(days)
                .append(days == 1 ? " day" : " days").append(" (cleanupPeriodDays").append(setIn.isPresent()
                        ? " in " + setIn.get() : ", its default").append("); ").append(transcripts)
                .append(transcripts == 1 ? " transcript" : " transcripts").append(" of this project, ");
        if (uncaptured == 0) {
            detail.append("all captured");
        } else {
            detail.append(uncaptured).append(" not captured yet");
            oldestUncapturedExpiresInDays.ifPresent(left -> detail.append(" (the oldest goes ")
                    .append(left <= 0 ? "at Claude Code's next start" : "in " + left + (left == 1 ? " day" : " days"))
                    .append(")"));
            detail.append(": run `graphiti capture --all`");
        }
        if (days < SUGGESTED_DAYS) {
            detail.append("; to keep them longer set \"cleanupPeriodDays\": ").append(SUGGESTED_DAYS).append(" in ")
                    .append(userSettings).append(" (`graphiti mcp keep-transcripts`)");
        }
        problems.forEach(problem -> detail.append("; ").append(problem));
        boolean warn = uncaptured > 0 || !problems.isEmpty();
        return new HealthReport.Check("transcripts", warn ? HealthReport.Status.warn : HealthReport.Status.ok,
                detail.toString());
    }
}
