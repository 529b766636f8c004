package dev.graphiti.graph;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Lexical and semantic rankings fused by a calibrated linear score:
 * {@code 0.6 · semantic strength + 0.4 · lexical score}.
 * Both sides' scores are absolute, so they add up: the semantic strength is the item's cosine to the query
 * calibrated to [0, 1], the lexical score the share of the query the item holds weighted by rarity (with kind and
 * recency as its own near-tie breakers). An item the words found and the meaning confirms scores highest; a weak
 * lot scores low on both. Each side offers max(2 x limit, 20) candidates; each hit says which evidence found it.
 */
public final class HybridRanking implements Ranking {

    static final double SEMANTIC_WEIGHT = 0.6;
    /** Each side's candidates at least: an item ranked lower than this by one side and absent from the other's
     *  list would score below everything the lists hold. */
    static final int POOL = 20;
    /** Below this strength a semantic neighbour is not counted as having matched by meaning. */
    static final double MEANINGFUL = 0.15;

    private final Ranking lexical;
    private final SemanticRanking semantic;
    private final double semanticWeight;

    /** {@code semantic} must read a connection other than {@code lexical}'s: the two search at the same time. */
    public HybridRanking(Ranking lexical, SemanticRanking semantic) {
        this(lexical, semantic, SEMANTIC_WEIGHT);
    }

    /** With another balance between meaning and words, for measuring it. */
    HybridRanking(Ranking lexical, SemanticRanking semantic, double semanticWeight) {
        this.lexical = lexical;
        this.semantic = semantic;
        this.semanticWeight = semanticWeight;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        int pool = Math.max(query.limit() * 2, POOL);
        // The query's vector is computed, and its nearest items found, on another core while the words are looked
        // up: the semantic ranking reads its own connection (see the constructor), so the two never share one.
        CompletableFuture<float[]> encoded = CompletableFuture.supplyAsync(() -> semantic.encode(query.text()));
        CompletableFuture<List<SemanticRanking.Near>> near = query.exact() ? CompletableFuture.completedFuture(List.of())
                : encoded.thenApply(vector -> semantic.nearest(vector, query.filter(), pool));
        List<SearchHit> words;
        try {
            words = lexical.unsnipped(query, query.exact() ? query.limit() : pool);
        } catch (RuntimeException e) {
            // The other thread may still be reading its connection, which the caller closes once this returns.
            near.handle((found, failure) -> null).join();
            throw e;
        }
        float[] vector = encoded.join();
        List<SemanticRanking.Near> nearest = near.join();
        Map<String, Fused> fused = new LinkedHashMap<>();
        for (SearchHit hit : words) {
            Fused entry = fused.computeIfAbsent(hit.item().id(), id -> new Fused(id, hit.item().createdAt()));
            entry.item = hit.item();
            entry.lexicalScore = Math.max(0, Math.min(1, hit.score()));
            entry.byWords = hit;
        }
        for (SemanticRanking.Near found : nearest) {
            fused.computeIfAbsent(found.item(), id -> new Fused(id, found.createdAt())).cosine = found.cosine();
        }
        List<String> unscored = fused.values().stream().filter(entry -> Double.isNaN(entry.cosine))
                .map(entry -> entry.id).toList();
        semantic.cosines(vector, unscored).forEach((id, cosine) -> fused.get(id).cosine = cosine);

        List<Fused> ranked = new ArrayList<>(fused.values());
        for (Fused entry : ranked) {
            double strength = Double.isNaN(entry.cosine) ? 0 : semantic.strength(entry.cosine);
            entry.strength = strength;
            entry.score = SemanticRanking.round(semanticWeight * strength + (1 - semanticWeight) * entry.lexicalScore);
        }
        ranked.sort(Comparator.comparingDouble((Fused entry) -> entry.score).reversed()
                .thenComparing(entry -> entry.createdAt, Comparator.reverseOrder()));
        return hits(ranked, query);
    }

    /**
     * The first {@code limit} of {@code ranked} as hits: only these get snippets, and only those the meaning
     * alone found are read whole now (one read; one deleted meanwhile gives its place to the next).
     */
    private List<SearchHit> hits(List<Fused> ranked, SearchQuery query) {
        int limit = query.limit();
        List<Fused> kept = new ArrayList<>();
        int next = 0;
        while (kept.size() < limit && next < ranked.size()) {
            List<Fused> taken = ranked.subList(next, Math.min(ranked.size(), next + limit - kept.size()));
            next += taken.size();
            List<String> unread = taken.stream().filter(entry -> entry.item == null).map(entry -> entry.id).toList();
            Map<String, KnowledgeItem> read = unread.isEmpty() ? Map.of() : semantic.items(unread, query.filter());
            for (Fused entry : taken) {
                if (entry.item == null) {
                    entry.item = read.get(entry.id);
                }
                if (entry.item != null) {
                    kept.add(entry);
                }
            }
        }
        List<SearchHit> hits = new ArrayList<>(kept.size());
        for (Fused entry : kept) {
            boolean byMeaning = entry.strength >= MEANINGFUL;
            SearchHit.Matched matched = entry.byWords == null ? SearchHit.Matched.semantic
                    : byMeaning ? SearchHit.Matched.both : SearchHit.Matched.lexical;
            String snippet = entry.byWords != null ? lexical.snippet(query, entry.byWords) : Snippets.lead(entry.item.content());
            hits.add(new SearchHit(entry.item, snippet, entry.score, matched));
        }
        return hits;
    }

    /** One item's evidence from both rankings; the item itself is read only for the hits kept. */
    private static final class Fused {
        final String id;
        final Instant createdAt;
        KnowledgeItem item;
        SearchHit byWords;
        double lexicalScore;
        double cosine = Double.NaN;
        double strength;
        double score;

        Fused(String id, Instant createdAt) {
            this.id = id;
            this.createdAt = createdAt;
        }
    }
}
