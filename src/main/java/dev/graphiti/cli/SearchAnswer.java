package dev.graphiti.cli;

import dev.graphiti.graph.SearchHit;
import dev.graphiti.service.SearchResults;
import jakarta.json.JsonArray;
import java.time.Instant;

/**
 * What `graphiti search` answers: its hits best first (each with its validity, stale at {@code moment}: the as-of moment
 * or now), and why it ranked by words only when it did.
 */
record SearchAnswer(SearchResults results, Instant moment) implements Answer {

    /** The files a row names of its item's anchors at most: where it applies, not an inventory. */
    static final int ANCHORED_FILES = 5;

    /** One row a hit, each saying why ranking fell back to words when it did (an empty array has no row to say it in). */
    @Override
    public JsonArray json() {
        var array = JsonShapes.JSON.createArrayBuilder();
        for (SearchHit hit : results.hits()) {
            var item = hit.item();
            var row = JsonShapes.JSON.createObjectBuilder().add("id", item.id()).add("kind", item.kind().name())
                    .add("title", item.title()).add("snippet", hit.snippet()).add("score", hit.score())
                    .add("tags", JsonShapes.strings(item.tags()))
                    .add("created_at", JsonShapes.timestamp(item.createdAt()))
                    .add("scope", item.scope().name()).add("source", item.source())
                    .add("anchors", JsonShapes.anchoredFiles(item, ANCHORED_FILES))
                    .add("matched", hit.matched().name());
            JsonShapes.validity(row, item, moment);
            JsonShapes.flagged(row, item);
            results.fallback().ifPresent(words -> row.add("semantic", words.code()).add("semantic_why", words.why()));
            array.add(row);
        }
        return array.build();
    }
}
