package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexRequest;
import dev.graphiti.ingest.git.TestRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The context a session starts with, read from real graphs in real git repositories. */
class ContextServiceTest {

    /** About four characters a token, enough to hold a budget to. */
    static final ToIntFunction<String> TOKENS = text -> (text.length() + 3) / 4;

    @TempDir
    Path temp;

    @Test
    void theContextHoldsTheProjectsKnowledgeAndSaysWhenHeadIsNotIndexed() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Add the parser", Map.of("Parser.java", "class Parser {}\n"));
        GraphLocation location = fixture.location(repo.dir());
        fixture.add(location, Kind.decision, "Keep SQLite over Postgres", "One file per project, no server to run.");
        ContextService service = new ContextService(fixture.graphs, TOKENS);

        SessionContext stale = service.read(location, repo.dir(), 2000);
        assertTrue(stale.text().contains("Keep SQLite over Postgres"), stale.text());
        assertTrue(stale.text().contains("git history is not indexed yet (1 commit); run `graphiti index`"), stale.text());
        assertEquals(Optional.of(repo.head()), stale.head());
        assertFalse(stale.headIndexed());
        assertEquals(1, stale.unindexedCommits());
        assertEquals(location.database(), stale.database());

        new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES)
                .index(location, new IndexRequest(false, null), IndexProgress.NONE);
        SessionContext fresh = service.read(location, repo.dir(), 2000);
        assertTrue(fresh.headIndexed());
        assertEquals(0, fresh.unindexedCommits());
        assertFalse(fresh.text().contains("not indexed"), fresh.text());
        assertTrue(fresh.text().contains("Keep SQLite over Postgres"), fresh.text());
        assertFalse(fresh.text().contains("Add the parser"), "a plain commit is history, not the brief: " + fresh.text());
    }

    /** Issue 32: the brief was mostly recent commit messages filed as decisions, each with its diffstat. */
    @Test
    void theBriefHoldsTheCommitThatGivesAReasonAndNoRoutineCommit() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Keep the config parser single-pass\n\nWe chose one pass over a separate tokenizer stage because"
                + " config files are small and one pass reports errors in line order.", Map.of("src/Parser.java", "class Parser {}\n"));
        repo.commit("refactor: replace local StringWriter with StringBuilder", Map.of("src/Parser.java", "final class Parser {}\n"));
        repo.commit("Perform minor code clean-up", Map.of("src/Reader.java", "class Reader {}\n"));
        repo.commit("Replace anonymous classes with lambdas in tests", Map.of("src/ReaderTest.java", "class ReaderTest {}\n"));
        repo.commit("Update the CI workflow to JDK 21", Map.of(".github/workflows/ci.yml", "jdk: 21\n"));
        GraphLocation location = fixture.location(repo.dir());
        new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES)
                .index(location, new IndexRequest(false, null), IndexProgress.NONE);

        String text = new ContextService(fixture.graphs, TOKENS).read(location, repo.dir(), 8192).text();

        String decision = text.lines().filter(line -> line.contains("Keep the config parser single-pass")).findFirst()
                .orElseThrow(() -> new AssertionError("the commit that gives a reason is a decision in the brief: " + text));
        assertTrue(decision.startsWith("- decision: "), decision);
        assertFalse(decision.contains("files changed") || decision.contains("authored"), "no diffstat, no provenance: " + decision);
        for (String routine : new String[] {"StringWriter", "clean-up", "anonymous classes", "CI workflow"}) {
            assertFalse(text.contains(routine), routine + " is routine history, not the brief: " + text);
        }
        try (OpenGraph graph = fixture.graphs.open(location)) {
            assertEquals(List.of(Kind.commit), graph.repository().list(ItemFilter.current(), 10).stream()
                    .filter(item -> item.title().startsWith("refactor:")).map(KnowledgeItem::kind).toList());
        }
    }

    @Test
    void theBriefOfAHistoryOfRoutineCommitsIsShort() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        for (int i = 0; i < 30; i++) {
            repo.commit(i % 3 == 0 ? "Refactor the reader, step " + i : i % 3 == 1 ? "Fix typos and grammar in Reader" + i
                    : "Clean up warnings in module m" + i, Map.of("src/Reader" + i + ".java", "class Reader" + i + " {}\n"));
        }
        GraphLocation location = fixture.location(repo.dir());
        new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES)
                .index(location, new IndexRequest(false, null), IndexProgress.NONE);

        SessionContext context = new ContextService(fixture.graphs, TOKENS).read(location, repo.dir(), 8192);

        assertEquals(0, context.items(), context.text());
        assertTrue(context.tokens() < 200, context.tokens() + " tokens: " + context.text());
    }

    @Test
    void anEmptyGraphGivesNoTextEvenWhenHeadIsNotIndexed() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Add the parser", Map.of("Parser.java", "class Parser {}\n"));

        SessionContext context = new ContextService(fixture.graphs, TOKENS).read(fixture.location(repo.dir()), repo.dir(), 2000);
        assertEquals("", context.text());
        assertEquals(0, context.items());
        assertFalse(context.headIndexed(), "the caller still learns HEAD is new (the resource starts an index run)");
    }

    @Test
    void theContextStaysWithinItsBudget() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        Path plain = Files.createDirectories(temp.resolve("plain"));
        GraphLocation location = fixture.location(plain);
        for (int i = 0; i < 40; i++) {
            fixture.add(location, Kind.decision, "Decision number " + i + " on the storage layer",
                    "We chose option " + i + " because it keeps writes in one transaction and reads lock-free.");
        }
        ContextService service = new ContextService(fixture.graphs, TOKENS);

        SessionContext small = service.read(location, plain, 300);
        SessionContext large = service.read(location, plain, 20_000);
        assertTrue(small.tokens() <= 300, "tokens " + small.tokens());
        assertTrue(TOKENS.applyAsInt(small.text()) <= 300, small.text());
        assertTrue(small.items() < large.items(), small.items() + " vs " + large.items());
        // The budget is a ceiling, not a target: eight decisions, then four more as recent knowledge, not all 40.
        assertEquals(12, large.items());
        assertEquals(300, small.budget());
    }

    @Test
    void theGlobalGraphIsNotAboutTheRepositoryItIsReadFrom() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Add the parser", Map.of("Parser.java", "class Parser {}\n"));
        GraphLocation global = new dev.graphiti.graph.ScopeResolver(temp.resolve("home"))
                .resolve(repo.dir(), Optional.of(dev.graphiti.graph.Scope.global));
        fixture.add(global, Kind.preference, "Prefer records for data", "Records, not beans, for every value type.");

        SessionContext context = new ContextService(fixture.graphs, TOKENS).read(global, repo.dir(), 2000);
        assertTrue(context.text().contains("Prefer records for data"), context.text());
        assertEquals(Optional.empty(), context.head());
        assertTrue(context.headIndexed(), "no index note for the global graph");
        assertFalse(context.text().contains("graphiti index"), context.text());
    }
}
