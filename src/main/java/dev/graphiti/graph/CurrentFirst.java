package dev.graphiti.graph;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Ranks what still holds above what git time ended: the hits an ending marks stale at the query's moment (its as-of,
 * or now) follow every current hit, each side in the delegate's order. Stale hits stay in the answer, marked.
 */
public final class CurrentFirst implements Ranking {

    private final Ranking delegate;
    private final Clock clock;

    public CurrentFirst(Ranking delegate, Clock clock) {
        this.delegate = delegate;
        this.clock = clock;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        List<SearchHit> hits = delegate.search(query);
        var moment = query.filter().moment(clock.instant());
        List<SearchHit> ordered = new ArrayList<>(hits.size());
        List<SearchHit> stale = new ArrayList<>();
        for (SearchHit hit : hits) {
            (hit.item().staleAt(moment) ? stale : ordered).add(hit);
        }
        ordered.addAll(stale);
        return ordered;
    }
}
