package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.SearchHit;
import dev.graphiti.graph.SearchQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Search on a real graph, in a process without the embedding model (a one-shot command's). */
class SearchServiceTest {

    @TempDir
    Path temp;

    GraphLocation location;
    SearchService service;

    @BeforeEach
    void setUp() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        location = fixture.location(Files.createDirectories(temp.resolve("plain")));
        fixture.add(location, Kind.decision, "Keep SQLite for the local store", "WAL mode lets hooks and servers write at once.");
        fixture.add(location, Kind.bugfix, "Fix the flaky export job", "The export raced the nightly backup; it now waits.");
        fixture.add(location, Kind.note, "Team lunch moved", "Lunch is on Thursdays now.");
        service = new SearchService(fixture.graphs, Clock.systemUTC(), Duration.ofDays(30), Optional.empty());
    }

    static List<String> titles(SearchResults results) {
        return results.hits().stream().map(hit -> hit.item().title()).toList();
    }

    @Test
    void findsTheItemsThatMatchBestFirst() {
        SearchResults results = service.search(location, new SearchQuery("sqlite store", ItemFilter.current(), 10, false),
                RankingChoice.hybrid);
        assertEquals(List.of("Keep SQLite for the local store"), titles(results));
        SearchHit hit = results.hits().get(0);
        assertTrue(hit.snippet().contains("SQLite") || hit.snippet().contains("WAL"), hit.snippet());
    }

    @Test
    void withoutTheModelHybridSearchSaysItRankedByWordsAlone() {
        SearchQuery query = new SearchQuery("export", ItemFilter.current(), 10, false);
        assertEquals(Optional.of("off"), service.search(location, query, RankingChoice.hybrid).fallback().map(WordsOnly::code));
        assertEquals(Optional.of("off"), service.search(location, query, RankingChoice.semantic).fallback().map(WordsOnly::code));
        assertEquals(Optional.empty(), service.search(location, query, RankingChoice.lexical).fallback(),
                "words were asked for: nothing fell back");
        assertEquals(List.of("Fix the flaky export job"), titles(service.search(location, query, RankingChoice.lexical)));
    }

    @Test
    void filtersAndLimitsApply() {
        SearchQuery bugfixesOnly = new SearchQuery("export sqlite lunch",
                new ItemFilter(java.util.Set.of(Kind.bugfix), Optional.empty(), Optional.empty(), Optional.empty(), false),
                10, false);
        assertEquals(List.of("Fix the flaky export job"), titles(service.search(location, bugfixesOnly, RankingChoice.lexical)));
        SearchQuery one = new SearchQuery("export sqlite lunch", ItemFilter.current(), 1, false);
        assertEquals(1, service.search(location, one, RankingChoice.lexical).hits().size());
    }
}
