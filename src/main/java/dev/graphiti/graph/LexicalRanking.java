package dev.graphiti.graph;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * BM25 (title, content, tags and entities weighted) from the full-text index, combined with recency and kind
 * priority on the best candidates only:
 * {@code score = 0.75 * relevance/best relevance + 0.15 * kind priority + 0.10 * 2^(-age / half-life)}.
 * All words must match; when that finds fewer than asked, any word may.
 */
public final class LexicalRanking implements Ranking {

    static final double RELEVANCE_WEIGHT = 0.75;
    static final double KIND_WEIGHT = 0.15;
    static final double RECENCY_WEIGHT = 0.10;

    private final ItemRepository repository;
    private final Clock clock;
    private final Duration halfLife;

    public LexicalRanking(ItemRepository repository, Clock clock, Duration halfLife) {
        this.repository = repository;
        this.clock = clock;
        this.halfLife = halfLife;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        MatchExpression words = MatchExpression.of(query.text());
        if (words.isEmpty()) {
            return List.of();
        }
        int candidates = Math.max(query.limit() * 5, 50);
        String match;
        List<LexicalMatch> found;
        if (query.exact()) {
            match = MatchExpression.phrase(query.text());
            found = repository.lexical(match, query.filter(), Optional.of(query.text().strip()), candidates);
        } else {
            match = words.all();
            found = repository.lexical(match, query.filter(), Optional.empty(), candidates);
            if (found.size() < query.limit() && words.size() > 1) {
                match = words.any();
                found = repository.lexical(match, query.filter(), Optional.empty(), candidates);
            }
        }
        List<SearchHit> ranked = rank(found, clock.instant());
        List<SearchHit> top = ranked.subList(0, Math.min(query.limit(), ranked.size()));
        Map<String, String> snippets = repository.snippets(match, top.stream().map(hit -> hit.item().id()).toList());
        return top.stream().map(hit -> new SearchHit(hit.item(),
                snippets.getOrDefault(hit.item().id(), firstWords(hit.item().content())), hit.score())).toList();
    }

    private List<SearchHit> rank(List<LexicalMatch> found, Instant now) {
        double best = found.stream().mapToDouble(LexicalMatch::relevance).max().orElse(1);
        List<SearchHit> hits = new ArrayList<>(found.size());
        for (LexicalMatch match : found) {
            double relevance = best > 0 ? Math.max(0, match.relevance()) / best : 1;
            double ageDays = Math.max(0, Duration.between(match.item().createdAt(), now).toMillis()) / 86_400_000.0;
            double recency = Math.pow(2, -ageDays / (halfLife.toMillis() / 86_400_000.0));
            double score = RELEVANCE_WEIGHT * relevance + KIND_WEIGHT * match.item().kind().priority()
                    + RECENCY_WEIGHT * recency;
            hits.add(new SearchHit(match.item(), "", Math.round(score * 10_000) / 10_000.0));
        }
        hits.sort(Comparator.comparingDouble(SearchHit::score).reversed()
                .thenComparing(hit -> hit.item().createdAt(), Comparator.reverseOrder()));
        return hits;
    }

    private static String firstWords(String content) {
        String flat = content.strip().replaceAll("\\s+", " ");
        return flat.length() <= 160 ? flat : flat.substring(0, 159) + "…";
    }
}
