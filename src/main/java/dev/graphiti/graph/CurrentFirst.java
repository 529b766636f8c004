package dev.graphiti.graph;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks what still holds above what git time ended: the hits an ending marks stale at the query's moment (its as-of,
 * or now) follow every current hit, each side in the delegate's order. Stale hits stay in the answer, marked. What
 * holds instead of a stale hit ({@link Successors}: the statement that restated it, the revert) takes the stale hit's
 * place when that is better than its own: a question that matched an older statement of a fact is answered by the
 * statement that holds now ("Build for Java 8" where "minimum JDK 1.6" matched the words best). A question that
 * matched two or more statements of one restated subject (read {@link #RESTATED_DEPTH} deep) asks about that subject:
 * the statement that holds now answers first. Without stale hits (LoCoMo, the paraphrase suite) the order is the
 * delegate's.
 */
public final class CurrentFirst implements Ranking {

    /** Hits read when a restated subject is among them (the first read held fewer). */
    static final int RESTATED_DEPTH = 20;

    private final Ranking delegate;
    private final Clock clock;
    private final Successors successors;

    public CurrentFirst(Ranking delegate, Clock clock, Successors successors) {
        this.delegate = delegate;
        this.clock = clock;
        this.successors = successors;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        Instant moment = query.filter().moment(clock.instant());
        List<SearchHit> hits = delegate.search(query);
        if (query.limit() < RESTATED_DEPTH && hits.stream().anyMatch(hit -> restated(hit.item(), moment))) {
            // a subject stated anew over time is among the hits: read deeper to see how many of its statements matched
            hits = delegate.search(new SearchQuery(query.text(), query.filter(), RESTATED_DEPTH, query.exact()));
        }
        List<SearchHit> current = new ArrayList<>(hits.size());
        List<SearchHit> stale = new ArrayList<>();
        Map<String, Double> place = new HashMap<>();
        for (int rank = 0; rank < hits.size(); rank++) {
            SearchHit hit = hits.get(rank);
            (hit.item().staleAt(moment) ? stale : current).add(hit);
            place.put(hit.item().id(), (double) rank);
        }
        if (!stale.isEmpty()) {
            Map<String, KnowledgeItem> holding = successors.holdingAt(stale.stream().map(SearchHit::item).toList(),
                    moment, query.filter());
            Set<String> matched = Set.copyOf(place.keySet());
            Map<String, Integer> statements = new HashMap<>(); // of a restated subject, matched, by what holds now
            for (SearchHit hit : stale) {
                KnowledgeItem successor = holding.get(hit.item().id());
                if (successor == null) {
                    continue;
                }
                if (restated(hit.item(), moment)) {
                    statements.merge(successor.id(), 1, Integer::sum);
                }
                if (!place.containsKey(successor.id())) {
                    current.add(new SearchHit(successor, Snippets.lead(successor.content()), hit.score(), hit.matched()));
                }
                place.merge(successor.id(), place.get(hit.item().id()), Math::min);
            }
            // The question matched two or more statements of one subject: it asks about that subject, and the statement
            // that holds now answers it first.
            double ahead = hits.size();
            statements.forEach((id, ended) -> {
                if (ended + (matched.contains(id) ? 1 : 0) >= 2) {
                    place.merge(id, -ahead, Double::sum);
                }
            });
            current.sort(Comparator.comparing(hit -> place.get(hit.item().id())));
            laterStatementsFirst(stale, place);
        }
        List<SearchHit> ordered = new ArrayList<>(current);
        ordered.addAll(stale);
        return ordered.size() > query.limit() ? List.copyOf(ordered.subList(0, query.limit())) : ordered;
    }

    /** Whether git time ended {@code item} by {@code moment} as a later commit stated its subject anew. */
    private static boolean restated(KnowledgeItem item, Instant moment) {
        return item.staleAt(moment) && item.ended().map(Ending::restated).orElse(false);
    }

    /** Among stale hits too, one that ended another takes its place when better: the later statement first. */
    private static void laterStatementsFirst(List<SearchHit> stale, Map<String, Double> place) {
        Map<String, String> named = new HashMap<>();
        for (SearchHit hit : stale) {
            String id = hit.item().id();
            named.put(id, id);
            if (hit.item().source().startsWith("git:")) {
                named.put(hit.item().source().substring(4), id);
            }
        }
        for (boolean moved = true; moved; ) { // a chain passes its best place along, one link a round
            moved = false;
            for (SearchHit hit : stale) {
                String successor = hit.item().ended().filter(Ending::replaced).map(ending -> named.get(ending.by()))
                        .orElse(null);
                double own = place.get(hit.item().id());
                if (successor != null && place.get(successor) > own - 0.5) {
                    place.put(successor, own - 0.5); // just before the statement it ended
                    moved = true;
                }
            }
        }
        stale.sort(Comparator.comparing(hit -> place.get(hit.item().id())));
    }
}
