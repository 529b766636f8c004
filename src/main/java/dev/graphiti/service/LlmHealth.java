package dev.graphiti.service;

import dev.graphiti.graph.HealthReport;
import dev.graphiti.llm.ChatModel;
import dev.graphiti.llm.LlmException;
import dev.graphiti.llm.LlmSettings;
import java.time.Duration;
import java.util.Optional;

/**
 * The "llm" check of health, only when llm.endpoint is set: does the endpoint answer GET /models? An
 * unreachable model is a warning (summaries fall back to graphiti's own), never a failure of the graph.
 */
final class LlmHealth {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private LlmHealth() {
    }

    static Optional<HealthReport.Check> check(Optional<LlmSettings> llm) {
        return llm.map(settings -> {
            try {
                return new HealthReport.Check("llm", HealthReport.Status.ok, new ChatModel(settings, TIMEOUT).probe());
            } catch (LlmException e) {
                return new HealthReport.Check("llm", HealthReport.Status.warn, e.getMessage()
                        + "; summarize falls back to graphiti's own summary");
            }
        });
    }
}
