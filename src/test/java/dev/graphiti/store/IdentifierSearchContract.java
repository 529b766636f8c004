package dev.graphiti.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.service.Redactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Lexical search for names from code and the command line (issue 30), on each store (nested in
 * {@code SqliteGraphStoreTest} and {@code PostgresGraphStoreTest}): `must_use` and `no_std` keep their stop-word
 * parts and find their records first, an identifier matches whole and by part, and a prompt sharing only words
 * without a topic with the one rule of a small graph still lists it, as plain BM25 does.
 */
public abstract class IdentifierSearchContract {

    private static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");

    private GraphDatabase database;
    private ItemService items;

    /** Opens a new, empty graph. */
    protected abstract GraphDatabase open(String name);

    @BeforeEach
    void openGraph() {
        database = open("graph-" + System.nanoTime());
        items = new ItemService(database.items(), Scope.project, Redactions.standard(), new EntityExtractor(),
                new ItemIds(), Clock.systemUTC(), 1 << 20);
    }

    @AfterEach
    void close() {
        database.close();
    }

    private KnowledgeItem add(String title, String content) {
        return items.add(new NewItem(Kind.decision, Optional.of(title), content, List.of(), "manual", Optional.empty(),
                Optional.of(T0))).item();
    }

    private List<String> search(String text) {
        return new LexicalRanking(database.items(), Clock.systemUTC(), Duration.ofDays(90))
                .search(new SearchQuery(text, ItemFilter.current(), 5, false)).stream()
                .map(hit -> hit.item().id()).toList();
    }

    @Test
    void mustUseFindsItsRecordFirst() {
        add("Use date-fns, not moment", "Use date-fns for dates; use the per-function imports.");
        add("Use AssertJ", "Tests use AssertJ assertions; use assertThat everywhere.");
        add("Clients must read before they write", "Updates must send If-Match; clients must read first.");
        KnowledgeItem rule = add("Results are must_use",
                "Every public function returning Result is annotated #[must_use] and CI denies unused results.");
        List<String> found = search("must_use");
        assertEquals(rule.id(), found.get(0), found::toString);
        assertEquals(rule.id(), search("which functions are must_use?").get(0));
    }

    @Test
    void noStdFindsItsRecordFirstOverOneHoldingBothWordsApart() {
        KnowledgeItem runtime = add("The runtime crate stays no_std",
                "The runtime crate is #![no_std] and uses core and alloc only; it is linked into bootloaders.");
        add("Host tools use std", "No reason to avoid std in the host tools: std::thread, std::fs and std::process"
                + " are fine there.");
        add("Std streams", "The CLI writes to std out only; std err carries diagnostics.");
        List<String> found = search("no_std");
        assertEquals(runtime.id(), found.get(0), found::toString);
    }

    @Test
    void anIdentifierMatchesWholeAndByPart() {
        KnowledgeItem snake = add("Warehouse connections", "max_connections is 400 behind the pooler.");
        KnowledgeItem camel = add("Pool settings", "The client reads maxConnections from its settings file.");
        add("Connection notes", "A note on a database with connections to spare.");
        List<String> whole = search("maxConnections");
        assertEquals(Set.of(snake.id(), camel.id()), Set.copyOf(whole.subList(0, Math.min(2, whole.size()))),
                "maxConnections finds max_connections by its parts and itself whole");
        List<String> snakeFirst = search("max_connections");
        assertEquals(snake.id(), snakeFirst.get(0), snakeFirst::toString);
        KnowledgeItem hooks = add("Hooks are never skipped",
                "Pre-commit runs gitleaks; committing with --no-verify gains nothing since CI runs the same checks.");
        add("Verify signatures", "We verify every webhook signature; no unsigned call is accepted, verify first.");
        List<String> flag = search("--no-verify");
        assertEquals(hooks.id(), flag.get(0), flag::toString);
        KnowledgeItem paths = add("Config location", "Services read /etc/acme/<service>/config.yaml from a ConfigMap.");
        add("Acme contract", "Acme Corp is our customer; etc.");
        List<String> path = search("where is /etc/acme config");
        assertEquals(paths.id(), path.get(0), path::toString);
    }
}
