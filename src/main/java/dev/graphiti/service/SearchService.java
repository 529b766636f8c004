package dev.graphiti.service;

import dev.graphiti.graph.CurrentFirst;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.Successors;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/** `graphiti search`: ranked retrieval, by words and (inside a server with the model) by meaning. */
public final class SearchService {

    private final Graphs graphs;
    private final Clock clock;
    private final Duration halfLife;
    private final Optional<SemanticSearch> semantics;

    /** @param halfLife how fast recency fades from the lexical score */
    public SearchService(Graphs graphs, Clock clock, Duration halfLife, Optional<SemanticSearch> semantics) {
        this.graphs = graphs;
        this.clock = clock;
        this.halfLife = halfLife;
        this.semantics = semantics;
    }

    public SearchResults search(GraphLocation location, SearchQuery query, RankingChoice choice) {
        try (OpenGraph graph = graphs.open(location);
             SearchRanking chosen = SearchRanking.choose(choice, query.exact(),
                     new LexicalRanking(graph.repository(), clock, halfLife), graph, semantics,
                     () -> graphs.openVectors(location))) {
            return new SearchResults(new CurrentFirst(chosen.ranking(), clock,
                    new Successors(graph.ingest(), graph.vectors())).search(query), chosen.fallback());
        }
    }
}
