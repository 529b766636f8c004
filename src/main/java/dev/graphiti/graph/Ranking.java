package dev.graphiti.graph;

import java.util.List;

/**
 * Turns a query into ranked hits, best first. The lexical ranking is the default; a semantic ranking (or
 * a fusion of both) implements this same interface when embeddings arrive.
 */
public interface Ranking {

    List<SearchHit> search(SearchQuery query);

    /**
     * The best {@code wanted} hits (a fusion takes more than the query's limit from each side), found as deep as a
     * search for the query's limit looks, before their snippets are cut (a snippet may be empty): the caller keeps
     * only some of them and asks {@link #snippet} for those, since cutting a snippet reads the whole content.
     */
    default List<SearchHit> unsnipped(SearchQuery query, int wanted) {
        return search(new SearchQuery(query.text(), query.filter(), wanted, query.exact()));
    }

    /** The snippet {@link #search} gives a hit that {@link #unsnipped} returned for the same query. */
    default String snippet(SearchQuery query, SearchHit hit) {
        return hit.snippet();
    }
}
