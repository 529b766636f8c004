package dev.graphiti.service;

import dev.graphiti.graph.HybridRanking;
import dev.graphiti.graph.Ranking;
import dev.graphiti.graph.SemanticRanking;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.VectorIndex;
import dev.graphiti.graph.VectorStore;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The ranking a search gets: by words and meaning fused when this process has the model loaded and the graph
 * has vectors, by words alone otherwise, with the reason ({@code fallback}: off, pending, loading, unavailable).
 * A one-shot command's semantics load the model in {@code encoder()}, which is asked only once vectors are found.
 * Fused, the meaning's side reads its vectors on a connection of its own ({@code ownVectors}, closed with this):
 * it looks for the nearest on another thread while the words are looked up on the graph's connection.
 */
record SearchRanking(Ranking ranking, Optional<WordsOnly> fallback, Optional<VectorStore> ownVectors) implements AutoCloseable {

    SearchRanking(Ranking ranking, Optional<WordsOnly> fallback) {
        this(ranking, fallback, Optional.empty());
    }

    static SearchRanking choose(RankingChoice choice, boolean exact, Ranking lexical, OpenGraph graph,
                                Optional<SemanticSearch> semantics, Supplier<VectorStore> openVectors) {
        if (choice == RankingChoice.lexical || exact) {
            return new SearchRanking(lexical, Optional.empty());
        }
        if (semantics.isEmpty()) {
            return new SearchRanking(lexical, Optional.of(WordsOnly.off()));
        }
        SemanticSearch search = semantics.get();
        VectorIndex index = search.index(graph.location().database());
        if (!hasVectors(graph.vectors(), index, search.model())) {
            // Nothing to compare with yet: the model is not loaded for this (the background embedding loads it).
            return new SearchRanking(lexical, Optional.of(WordsOnly.noVectors()));
        }
        Optional<TextEncoder> encoder = search.encoder();
        if (encoder.isEmpty()) {
            return new SearchRanking(lexical, Optional.of(search.status() == SemanticSearch.Status.unavailable
                    ? WordsOnly.unavailable(search.problem()) : WordsOnly.loading()));
        }
        if (choice == RankingChoice.semantic) {
            return new SearchRanking(new SemanticRanking(encoder.get(), index, graph.vectors()), Optional.empty());
        }
        VectorStore own = openVectors.get();
        return new SearchRanking(new HybridRanking(lexical, new SemanticRanking(encoder.get(), index, own)),
                Optional.empty(), Optional.of(own));
    }

    /** Whether the graph has vectors of {@code model}: in the index (loaded now), or in a store that searches them itself. */
    private static boolean hasVectors(VectorStore vectors, VectorIndex index, String model) {
        if (vectors.findsNearest()) {
            VectorStore.VectorState state = vectors.state();
            return state.model().equals(model) && state.newestId() > 0;
        }
        index.refresh(vectors, model);
        return index.size() > 0;
    }

    @Override
    public void close() {
        ownVectors.ifPresent(VectorStore::close);
    }
}
