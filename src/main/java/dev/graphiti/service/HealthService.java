package dev.graphiti.service;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.HealthCheck;
import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.HealthReport;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.ingest.transcript.TranscriptLocator;
import dev.graphiti.install.TranscriptRetention;
import dev.graphiti.llm.LlmSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * `graphiti health`: the database (integrity, full-text index, schema, size) and, when it is sound, whether HEAD is
 * indexed, where semantic search stands, whether the language model answers and what the settings file got wrong;
 * and the retention guard (see {@link RetentionGuard}). Overall ok, warn or fail; only the database can fail, the
 * rest warns.
 */
public final class HealthService {

    private final Graphs graphs;
    private final Optional<SemanticSearch> semantics;
    private final Optional<LlmSettings> llm;

    public HealthService(Graphs graphs, Optional<SemanticSearch> semantics, Optional<LlmSettings> llm) {
        this.graphs = graphs;
        this.semantics = semantics;
        this.llm = llm;
    }

    /** @param settingsProblems what the settings file got wrong, one sentence each (warnings) */
    public HealthReport check(GraphLocation location, HealthDepth depth, List<String> settingsProblems) {
        HealthReport report = new HealthCheck(() -> graphs.open(location).repository()).run(location, depth);
        if (!report.ok()) {
            return report;
        }
        List<HealthReport.Check> checks = new ArrayList<>(report.checks());
        IndexHealth.check(graphs, location).ifPresent(checks::add);
        checks.add(SemanticHealth.check(graphs, location, semantics));
        LlmHealth.check(llm).ifPresent(checks::add);
        settingsProblems.forEach(problem -> checks.add(new HealthReport.Check("config", HealthReport.Status.warn, problem)));
        return new HealthReport(checks);
    }

    /**
     * The retention guard for the project at {@code projectRoot} (its transcripts under {@code claudeHome}/projects,
     * what the graph at {@code location} has captured of them, and Claude Code's cleanupPeriodDays).
     */
    public RetentionGuard retention(GraphLocation location, Path claudeHome, Path projectRoot, Clock clock) {
        TranscriptRetention.Setting setting = TranscriptRetention.read(TranscriptRetention.settingsFiles(claudeHome,
                location.workTree().map(GitWorkTree::root)));
        List<String> problems = new ArrayList<>(setting.problems());
        int transcripts = 0;
        int uncaptured = 0;
        Optional<Instant> oldest = Optional.empty();
        try (IngestState state = graphs.openIngest(location)) {
            for (Path transcript : new TranscriptLocator(claudeHome).projectTranscripts(projectRoot)) {
                BasicFileAttributes file;
                try {
                    file = Files.readAttributes(transcript, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (NoSuchFileException gone) {
                    continue;
                }
                transcripts++;
                if (state.position(TranscriptLocator.sessionOf(transcript)) < file.size()) {
                    uncaptured++;
                    Instant written = file.lastModifiedTime().toInstant();
                    oldest = oldest.filter(o -> o.isBefore(written)).or(() -> Optional.of(written));
                }
            }
        } catch (IOException e) {
            problems.add("cannot list the transcripts under " + claudeHome.resolve("projects") + ": " + e.getMessage());
        }
        // whole days left, rounded down: "in 4 days" when 4 days and 23 hours are left
        OptionalLong expires = oldest.map(written -> OptionalLong.of(Duration.ofDays(setting.days())
                .minus(Duration.between(written, clock.instant())).toDays())).orElse(OptionalLong.empty());
        return new RetentionGuard(setting.days(), setting.setIn(), TranscriptRetention.userSettings(claudeHome),
                transcripts, uncaptured, expires, problems);
    }
}
