package dev.graphiti.service;

import dev.graphiti.graph.SearchHit;
import java.util.List;
import java.util.Optional;

/** A search's hits, best first, and why it ranked by words alone when meaning was asked for (off, pending, ...). */
public record SearchResults(List<SearchHit> hits, Optional<WordsOnly> fallback) {

    public SearchResults {
        hits = List.copyOf(hits);
    }
}
