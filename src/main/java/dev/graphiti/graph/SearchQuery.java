package dev.graphiti.graph;

/** A search: the words, the filters, how many results, and whether the words must appear as one phrase. */
public record SearchQuery(String text, ItemFilter filter, int limit, boolean exact) {

    public SearchQuery {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("the search query is empty");
        }
        if (limit < 1) {
            throw new InvalidInputException("limit must be at least 1, not " + limit);
        }
    }
}
