package dev.graphiti.service;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.PromptRecall;
import java.time.Clock;
import java.time.Duration;
import java.util.function.ToIntFunction;

/**
 * `graphiti recall` and Claude Code's UserPromptSubmit hook: the few items relevant to a prompt, by words only (no
 * model), within a token budget, nothing when none is relevant (see {@link PromptRecall}).
 */
public final class RecallService {

    private final Graphs graphs;
    private final Clock clock;
    private final Duration halfLife;

    /** @param halfLife how fast recency fades from the lexical score that orders the candidates */
    public RecallService(Graphs graphs, Clock clock, Duration halfLife) {
        this.graphs = graphs;
        this.clock = clock;
        this.halfLife = halfLife;
    }

    /** See {@link PromptRecall#recall}: {@code tokens} counts exactly, {@code tokensPerByte} bounds it cheaply. */
    public PromptRecall.Recalled recall(GraphLocation location, String text, int budget, ToIntFunction<String> tokens,
                                        double tokensPerByte) {
        try (OpenGraph graph = graphs.open(location)) {
            var lexical = new LexicalRanking(graph.repository(), clock, halfLife);
            return new PromptRecall(graph.repository(), lexical).recall(text, budget, tokens, tokensPerByte);
        }
    }
}
