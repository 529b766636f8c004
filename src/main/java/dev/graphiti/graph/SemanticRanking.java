package dev.graphiti.graph;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Dense retrieval: the query's vector against every item's passage vectors (an item counts as its best passage).
 * The score is the cosine calibrated to [0, 1] ({@link #strength}), so an unrelated item scores near 0 however
 * good the best of a poor lot is.
 */
public final class SemanticRanking implements Ranking {


    private final TextEncoder encoder;
    private final VectorIndex index;
    private final VectorStore store;

    public SemanticRanking(TextEncoder encoder, VectorIndex index, VectorStore store) {
        this.encoder = encoder;
        this.index = index;
        this.store = store;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        float[] vector = encoder.query(query.text());
        List<Near> found = nearest(vector, query.filter(), query.limit());
        Map<String, KnowledgeItem> items = items(found.stream().map(Near::item).toList(), query.filter());
        List<SearchHit> hits = new ArrayList<>(found.size());
        for (Near near : found) {
            KnowledgeItem item = items.get(near.item());
            if (item != null) {
                hits.add(new SearchHit(item, Snippets.lead(item.content()), round(strength(near.cosine())),
                        SearchHit.Matched.semantic));
            }
        }
        return hits;
    }

    /** The query's vector, encoded once for callers that score further items against it. */
    float[] encode(String text) {
        return encoder.query(text);
    }

    /**
     * At least {@code wanted} items passing the filter, nearest first, when that many exist: a narrow filter
     * makes the nearest few fail it, so the search widens until enough pass or none are left. Only ids are read:
     * the caller reads the items it keeps ({@link #items}).
     */
    List<Near> nearest(float[] vector, ItemFilter filter, int wanted) {
        boolean inStore = store.findsNearest();
        if (!inStore) {
            index.refresh(store, encoder.model());
        }
        int fetch = Math.max(wanted * 3, 30);
        while (true) {
            int asked = fetch;
            List<VectorIndex.Nearest> nearest = inStore
                    ? store.nearest(encoder.model(), vector, asked).orElseGet(() -> index.nearest(store, vector, asked))
                    : index.nearest(store, vector, asked);
            // The filter is checked on the nearest first, as many as are still wanted at a time: most pass.
            List<Near> kept = new ArrayList<>();
            int checked = 0;
            while (kept.size() < wanted && checked < nearest.size()) {
                List<VectorIndex.Nearest> next = nearest.subList(checked, Math.min(nearest.size(), checked + wanted - kept.size()));
                checked += next.size();
                Map<String, Instant> passing = store.passing(next.stream().map(VectorIndex.Nearest::item).toList(), filter);
                for (VectorIndex.Nearest near : next) {
                    Instant created = passing.get(near.item());
                    if (created != null) {
                        kept.add(new Near(near.item(), near.cosine(), created));
                    }
                }
            }
            if (kept.size() >= wanted || nearest.size() < fetch || (!inStore && fetch >= index.size())) {
                return kept;
            }
            fetch *= 4;
        }
    }

    /** The items of these ids that pass {@code filter} (an item deleted meanwhile is missing), by id. */
    Map<String, KnowledgeItem> items(List<String> ids, ItemFilter filter) {
        return store.items(ids, filter);
    }

    /** The cosine of each item's best stored passage to {@code vector}, for items the index was not asked about. */
    Map<String, Double> cosines(float[] vector, List<String> ids) {
        Map<String, Double> cosines = new java.util.HashMap<>();
        store.vectors(encoder.model(), ids).forEach((id, passages) -> {
            double best = -1;
            for (QuantizedVector passage : passages) {
                best = Math.max(best, passage.dot(vector));
            }
            cosines.put(id, best);
        });
        return cosines;
    }

    /**
     * What unrelated text scores against this query ({@link EverydayPrompts}): for prompt recall, which needs the
     * cosine above it; the model's typical prompt ({@link CosineScale}) when no everyday prompts ship for it.
     */
    double unrelated(float[] vector) {
        return EverydayPrompts.of(encoder.model()).map(everyday -> everyday.usual(vector))
                .orElse(encoder.scale().typicalPrompt());
    }

    /** What prompt recall asks of an item's meaning, words and names together, on this model's scale. */
    double recallMargin() {
        return encoder.scale().recallMargin();
    }

    /** A cosine as evidence in [0, 1] on this model's scale. */
    double strength(double cosine) {
        return encoder.scale().strength(cosine);
    }

    static double round(double score) {
        return Math.round(score * 10_000) / 10_000.0;
    }

    /** An item (by id) near the query, its best passage's cosine, and when it was created (the tie-breaker). */
    record Near(String item, double cosine, Instant createdAt) {
    }
}
