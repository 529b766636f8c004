package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.ProjectGraph;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large graph ranks the whole query among its newest items only, yet an old item holding a rare word of the
 * query is still found. The graph here is "large" above 1,000 items (a million in the product), so that two common
 * words can be held by more items than a word counts as rare below.
 */
class LargeGraphSearchTest {

    private static final int NEWEST_RANKED = 500;

    @TempDir
    Path temp;

    private static NewItem note(String text) {
        return new NewItem(Kind.note, Optional.empty(), text, List.of(), "test", Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    @Test
    void anOldItemWithARareWordIsFoundAmongManyNewerOnesSharingTheCommonWords() {
        try (ProjectGraph graph = ProjectGraph.open(temp)) {
            List<NewItem> items = new ArrayList<>();
            items.add(note("The billing flywheel retries requests with exponential backoff"));
            items.add(note("Retry requests against the ledger only after the lock is released"));
            for (int i = 0; i < 2_400; i++) {
                items.add(note("Retry requests in worker w" + i + " of pool p" + (i * 7) + " after a timeout"));
            }
            List<AddResult> added = graph.items().addAll(items);
            String flywheel = added.get(0).item().id();
            String ledger = added.get(1).item().id();
            Ranking large = new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90), 1_000,
                    NEWEST_RANKED);
            Ranking exact = new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90));

            // both items are older than the newest 500, and share "retry" and "requests" with 2,400 others
            assertEquals(flywheel, top(large, "flywheel retry requests"));
            assertEquals(ledger, top(large, "retry requests ledger"));
            assertEquals(flywheel, top(exact, "flywheel retry requests"));

            // what the window gives up: an old item sharing only common words is not ranked at all
            java.util.Set<String> old = new java.util.HashSet<>();
            added.subList(0, added.size() - NEWEST_RANKED).forEach(a -> old.add(a.item().id()));
            List<String> found = ids(large, "retry requests lock", 50);
            assertFalse(found.contains(flywheel), found::toString);
            assertTrue(found.contains(ledger), "the rare word 'lock': " + found);
            assertEquals(List.of(ledger), found.stream().filter(old::contains).toList());
        }
    }

    private static String top(Ranking ranking, String query) {
        return ids(ranking, query, 5).get(0);
    }

    private static List<String> ids(Ranking ranking, String query, int limit) {
        return ranking.search(new SearchQuery(query, ItemFilter.current(), limit, false)).stream()
                .map(hit -> hit.item().id()).toList();
    }
}
