package dev.graphiti.service;

import dev.graphiti.graph.HybridRanking;
import dev.graphiti.graph.Ranking;
import dev.graphiti.graph.SemanticRanking;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.VectorIndex;
import java.util.Optional;

/**
 * The ranking a search gets: by words and meaning fused when this process has the model loaded and the graph
 * has vectors, by words alone otherwise, with the reason ({@code fallback}: off, pending, loading, unavailable).
 */
record SearchRanking(Ranking ranking, Optional<String> fallback) {

    static SearchRanking choose(RankingChoice choice, boolean exact, Ranking lexical, OpenGraph graph,
                                Optional<SemanticSearch> semantics) {
        if (choice == RankingChoice.lexical || exact) {
            return new SearchRanking(lexical, Optional.empty());
        }
        if (semantics.isEmpty()) {
            return new SearchRanking(lexical, Optional.of(SemanticSearch.Status.off.name()));
        }
        SemanticSearch search = semantics.get();
        VectorIndex index = search.index(graph.location().database());
        index.refresh(graph.vectors(), search.model());
        if (index.size() == 0) {
            // Nothing to compare with yet: the model is not loaded for this (the background embedding loads it).
            return new SearchRanking(lexical, Optional.of("pending"));
        }
        Optional<TextEncoder> encoder = search.encoder();
        if (encoder.isEmpty()) {
            return new SearchRanking(lexical, Optional.of(search.status() == SemanticSearch.Status.unavailable
                    ? "unavailable" : SemanticSearch.Status.loading.name()));
        }
        SemanticRanking semantic = new SemanticRanking(encoder.get(), index, graph.vectors());
        return new SearchRanking(choice == RankingChoice.semantic ? semantic : new HybridRanking(lexical, semantic),
                Optional.empty());
    }
}
