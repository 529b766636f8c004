package dev.graphiti.service;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.Summarizer;
import dev.graphiti.graph.Summary;
import dev.graphiti.graph.SummaryPrompt;
import dev.graphiti.llm.ChatModel;
import dev.graphiti.llm.LlmException;
import dev.graphiti.llm.LlmSettings;
import dev.graphiti.redact.Redactor;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * `graphiti summarize`: counts by kind, top entities and the latest decisions, overall or on a topic; the summary
 * sentence is a language model's prose when one is configured, graphiti's own when there is none or it fails.
 */
public final class SummaryService {

    /** Under the MCP tools' 60 s timeout, with room for the rest of the command. */
    static final Duration LLM_TIMEOUT = Duration.ofSeconds(30);

    private final Graphs graphs;
    private final Clock clock;
    private final Duration halfLife;
    private final Optional<LlmSettings> llm;
    private final Consumer<String> warnings;

    /**
     * @param halfLife how fast recency fades from the ranking of a topic's items
     * @param warnings told why a configured model gave no prose (the summary then keeps graphiti's own text)
     */
    public SummaryService(Graphs graphs, Clock clock, Duration halfLife, Optional<LlmSettings> llm,
                          Consumer<String> warnings) {
        this.graphs = graphs;
        this.clock = clock;
        this.halfLife = halfLife;
        this.llm = llm;
        this.warnings = warnings;
    }

    public Summary summarize(GraphLocation location, Optional<String> topic) {
        Summary summary;
        try (OpenGraph graph = graphs.open(location)) {
            var ranking = new LexicalRanking(graph.repository(), clock, halfLife);
            summary = new Summarizer(graph.repository(), ranking, location.scope()).summarize(topic);
        }
        return inProse(summary);
    }

    /** The model retells the summary's facts as prose, redacted before they leave. */
    private Summary inProse(Summary summary) {
        if (llm.isEmpty() || summary.itemCount() == 0) {
            return summary;
        }
        String prompt = new Redactor().redact(SummaryPrompt.of(summary)).text();
        try {
            return summary.withText(new ChatModel(llm.get(), LLM_TIMEOUT).complete(SummaryPrompt.SYSTEM, prompt,
                    SummaryPrompt.MAX_TOKENS));
        } catch (LlmException e) {
            warnings.accept("no prose summary: " + e.getMessage()
                    + "; showing graphiti's own (`graphiti health` checks the endpoint)");
            return summary;
        }
    }
}
