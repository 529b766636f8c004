package dev.graphiti.graph;

import java.util.List;

/**
 * Turns a query into ranked hits, best first. The lexical ranking is the default; a semantic ranking (or
 * a fusion of both) implements this same interface when embeddings arrive.
 */
public interface Ranking {

    List<SearchHit> search(SearchQuery query);
}
