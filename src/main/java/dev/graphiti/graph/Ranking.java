package dev.graphiti.graph;

import java.util.List;

/**
 * Turns a query into ranked hits, best first. The lexical ranking is the default; a semantic ranking (or
 * a fusion of both) implements this same interface when embeddings arrive.
 */
public interface Ranking {

    List<SearchHit> search(SearchQuery query);

    /**
     * The hits of {@link #search} before their snippets are cut (a snippet may be empty), for a caller that keeps
     * only some of them and asks {@link #snippet} for those: cutting a snippet reads the whole content.
     */
    default List<SearchHit> unsnipped(SearchQuery query) {
        return search(query);
    }

    /** The snippet {@link #search} gives a hit that {@link #unsnipped} returned for the same query. */
    default String snippet(SearchQuery query, SearchHit hit) {
        return hit.snippet();
    }
}
