package dev.graphiti.graph;

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
        // The query's vector is computed on another core while the words are looked up.
        CompletableFuture<float[]> encoded = CompletableFuture.supplyAsync(() -> semantic.encode(query.text()));
        List<SearchHit> words = query.exact() ? lexical.search(query)
                : lexical.search(new SearchQuery(query.text(), query.filter(), pool, false));
        float[] vector = encoded.join();
        Map<String, Fused> fused = new LinkedHashMap<>();
        for (SearchHit hit : words) {
            Fused entry = fused.computeIfAbsent(hit.item().id(), id -> new Fused(hit.item()));
            entry.lexicalScore = Math.max(0, Math.min(1, hit.score()));
            entry.foundByWords = true;
            entry.snippet = hit.snippet();
        }
        if (!query.exact()) {
            for (SemanticRanking.Candidate candidate : semantic.candidates(vector, query.filter(), pool)) {
                Fused entry = fused.computeIfAbsent(candidate.item().id(), id -> new Fused(candidate.item()));
                entry.cosine = candidate.cosine();
            }
        }
        List<String> unscored = fused.values().stream().filter(entry -> Double.isNaN(entry.cosine))
                .map(entry -> entry.item.id()).toList();
        semantic.cosines(vector, unscored).forEach((id, cosine) -> fused.get(id).cosine = cosine);

        List<SearchHit> hits = new ArrayList<>(fused.size());
        for (Fused entry : fused.values()) {
            double strength = Double.isNaN(entry.cosine) ? 0 : SemanticRanking.strength(entry.cosine);
            double score = semanticWeight * strength + (1 - semanticWeight) * entry.lexicalScore;
            boolean byMeaning = strength >= MEANINGFUL;
            SearchHit.Matched matched = !entry.foundByWords ? SearchHit.Matched.semantic
                    : byMeaning ? SearchHit.Matched.both : SearchHit.Matched.lexical;
            String snippet = entry.snippet != null ? entry.snippet : Snippets.lead(entry.item.content());
            hits.add(new SearchHit(entry.item, snippet, SemanticRanking.round(score), matched));
        }
        hits.sort(Comparator.comparingDouble(SearchHit::score).reversed()
                .thenComparing(hit -> hit.item().createdAt(), Comparator.reverseOrder()));
        return hits.subList(0, Math.min(query.limit(), hits.size()));
    }

    /** One item's evidence from both rankings. */
    private static final class Fused {
        final KnowledgeItem item;
        boolean foundByWords;
        double lexicalScore;
        double cosine = Double.NaN;
        String snippet;

        Fused(KnowledgeItem item) {
            this.item = item;
        }
    }
}
