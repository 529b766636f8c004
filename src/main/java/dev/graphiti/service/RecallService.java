package dev.graphiti.service;

import dev.graphiti.graph.FileRecall;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.PromptRecall;
import dev.graphiti.graph.SemanticRanking;
import dev.graphiti.graph.SemanticSearch;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * `graphiti recall` and Claude Code's UserPromptSubmit hook: the few items that govern a prompt, within a token
 * budget, nothing when none does (see {@link PromptRecall}). Inside a server whose model is loaded and whose graph has
 * vectors ({@code semantics}, the server's own: never a second model), by meaning, names and words; otherwise (a cold
 * hook, the model still loading, no vectors yet) by names and words, and the model is never loaded for it.
 */
public final class RecallService {

    private final Graphs graphs;
    private final Clock clock;
    private final Duration halfLife;
    private final Optional<SemanticSearch> semantics;

    /** @param halfLife how fast recency fades from the lexical score that orders the candidates */
    public RecallService(Graphs graphs, Clock clock, Duration halfLife, Optional<SemanticSearch> semantics) {
        this.graphs = graphs;
        this.clock = clock;
        this.halfLife = halfLife;
        this.semantics = semantics;
    }

    /** See {@link PromptRecall#recall}: {@code tokens} counts exactly, {@code tokensPerByte} bounds it cheaply. */
    public PromptRecall.Recalled recall(GraphLocation location, String text, int budget, ToIntFunction<String> tokens,
                                        double tokensPerByte) {
        try (OpenGraph graph = graphs.open(location)) {
            var lexical = new LexicalRanking(graph.repository(), clock, halfLife);
            return new PromptRecall(graph.repository(), lexical, meaning(graph, lexical)).recall(text, budget, tokens,
                    tokensPerByte);
        }
    }

    /** See {@link FileRecall#recall}: never the model, the file's anchors decide. */
    public PromptRecall.Recalled file(GraphLocation location, String repositoryPath, Set<String> told, int budget,
                                      ToIntFunction<String> tokens, double tokensPerByte) {
        try (OpenGraph graph = graphs.open(location)) {
            return new FileRecall(graph.repository()).recall(repositoryPath, told, budget, tokens, tokensPerByte);
        }
    }

    /**
     * The meaning's side when the model is already loaded (while it is not, recall costs what the cold hook's does)
     * and the graph has vectors; it reads the graph's own connection, after the words, not beside them.
     */
    private Optional<SemanticRanking> meaning(OpenGraph graph, LexicalRanking lexical) {
        return semantics.filter(search -> search.status() == SemanticSearch.Status.ready)
                .map(search -> SearchRanking.choose(RankingChoice.semantic, false, lexical, graph, Optional.of(search),
                        graph::vectors).ranking())
                .filter(SemanticRanking.class::isInstance).map(SemanticRanking.class::cast);
    }
}
