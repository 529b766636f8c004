package dev.graphiti.service;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.HealthCheck;
import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.HealthReport;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.llm.LlmSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * `graphiti health`: the database (integrity, full-text index, schema, size) and, when it is sound, whether HEAD is
 * indexed, where semantic search stands, whether the language model answers and what the settings file got wrong.
 * Overall ok, warn or fail; only the database can fail, the rest warns.
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
}
