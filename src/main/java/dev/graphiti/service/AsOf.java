package dev.graphiti.service;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.ingest.git.Git;
import dev.graphiti.ingest.git.GitException;
import dev.graphiti.ingest.git.GitTimeline;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The moment `--as-of REF|DATE` names: a date (2025-01-31, the start of that day in UTC) or an ISO instant, else a
 * git revision (a branch, a tag, a commit id, HEAD~20) in the project's work tree, read as the time its commit landed
 * (committer time: what git held then). Neither is a clear error that says what to give instead.
 */
public final class AsOf {

    private AsOf() {
    }

    public static Instant moment(String value, Optional<GitWorkTree> workTree) {
        String text = value.strip();
        Optional<Instant> date = date(text);
        if (date.isPresent()) {
            return date.get();
        }
        if (workTree.isEmpty()) {
            throw new InvalidInputException("--as-of '" + value + "' is no date (2025-01-31 or an ISO instant), and a git"
                    + " ref needs a git work tree: run it inside one (or pass -C DIR)");
        }
        Path root = workTree.get().root();
        try {
            return new GitTimeline(Git.at(root)).commit(text).map(GitTimeline.Dated::at).orElseThrow(() ->
                    new InvalidInputException("--as-of '" + value + "' names no commit in " + root + " and is no date:"
                            + " give a branch, a tag, a commit id (HEAD~20) or a date (2025-01-31, ISO instant)"));
        } catch (GitException e) {
            throw new InvalidInputException("--as-of '" + value + "': " + e.getMessage());
        }
    }

    private static Optional<Instant> date(String text) {
        try {
            return Optional.of(LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant());
        } catch (DateTimeParseException notADate) {
            try {
                return Optional.of(Instant.parse(text));
            } catch (DateTimeParseException notAnInstant) {
                return Optional.empty();
            }
        }
    }
}
