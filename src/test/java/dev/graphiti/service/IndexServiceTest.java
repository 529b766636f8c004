package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.graph.SkipReason;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexReport;
import dev.graphiti.ingest.git.IndexRequest;
import dev.graphiti.ingest.git.TestRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `graphiti index` on real repositories into real graphs. */
class IndexServiceTest {

    static final String FAKE_GITHUB_TOKEN = "ghp_R2D2c3poBB8sKywalkerLeiaHanSolo42xyz";

    @TempDir
    Path temp;

    @Test
    void indexesNewCommitsOnceRedactedAndSkipsTheNoise() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Add the config parser", Map.of("src/Parser.java", "class Parser {}\n"));
        repo.commit("Release 1.2.0", Map.of("VERSION", "1.2.0\n"));
        repo.commit("Rotate the deploy token\n\nThe old token " + FAKE_GITHUB_TOKEN + " leaked.", Map.of("ci.yml", "v: 2\n"));
        GraphLocation location = fixture.location(repo.dir());
        IndexService service = new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES);

        IndexReport first = service.index(location, new IndexRequest(false, null), IndexProgress.NONE);
        assertEquals(2, first.commitsIndexed());
        assertEquals(Map.of(SkipReason.release, 1), first.skippedBy());
        assertEquals(repo.head(), first.head());
        List<KnowledgeItem> items;
        try (OpenGraph graph = fixture.graphs.open(location)) {
            items = graph.repository().list(ItemFilter.current(), 10);
        }
        assertEquals(2, items.size());
        assertTrue(items.stream().noneMatch(item -> item.content().contains(FAKE_GITHUB_TOKEN)), items::toString);

        IndexReport again = service.index(location, new IndexRequest(false, null), IndexProgress.NONE);
        assertEquals(0, again.commitsIndexed());
        repo.commit("Add the search command", Map.of("src/Search.java", "class Search {}\n"));
        assertEquals(1, service.index(location, new IndexRequest(false, null), IndexProgress.NONE).commitsIndexed());
    }

    @Test
    void theGlobalGraphAndAPlainDirectoryHaveNoHistoryToIndex() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Add the parser", Map.of("Parser.java", "class Parser {}\n"));
        IndexService service = new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES);
        GraphLocation global = new ScopeResolver(temp.resolve("home")).resolve(repo.dir(), Optional.of(Scope.global));
        GraphLocation plain = fixture.location(Files.createDirectories(temp.resolve("plain")));

        for (GraphLocation location : List.of(global, plain)) {
            InvalidInputException refused = assertThrows(InvalidInputException.class,
                    () -> service.index(location, new IndexRequest(false, null), IndexProgress.NONE));
            assertTrue(refused.getMessage().startsWith("index reads a git repository's history"), refused.getMessage());
            assertTrue(Files.notExists(location.database()), "nothing was created for " + location);
        }
    }
}
