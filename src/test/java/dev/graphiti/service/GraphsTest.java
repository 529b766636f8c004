package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.cli.GitFixture;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.store.Stores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening graphs on real SQLite files in real git repositories. */
class GraphsTest {

    @TempDir
    Path temp;

    final List<String> warnings = new ArrayList<>();

    Graphs graphs() {
        return new Graphs(Stores.files(java.time.Duration.ofSeconds(10)), Optional.empty(), warnings::add);
    }

    GraphLocation project() throws Exception {
        Path repository = GitFixture.repository(temp.resolve("project"));
        return new ScopeResolver(temp.resolve("home")).resolve(repository, Optional.empty());
    }

    @Test
    void aProjectGraphIsCreatedOnFirstOpenKeptOutOfGitAndHoldsWhatWasAdded() throws Exception {
        GraphLocation location = project();
        try (OpenGraph graph = graphs().open(location)) {
            graph.items(Clock.systemUTC(), 1 << 16).add(NewItem.note("Use WAL mode so hooks and servers write at once"));
        }
        try (OpenGraph graph = graphs().open(location)) {
            assertEquals(List.of("Use WAL mode so hooks and servers write at once"),
                    graph.repository().list(ItemFilter.current(), 10).stream().map(item -> item.content()).toList());
        }
        assertTrue(Files.isRegularFile(location.database()));
        Path exclude = location.workTree().orElseThrow().commonDir().resolve("info").resolve("exclude");
        List<String> excluded = Files.readAllLines(exclude, StandardCharsets.UTF_8).stream()
                .filter(line -> line.equals("/.graphiti/")).toList();
        assertEquals(1, excluded.size(), "listed once, however often the graph is opened");
        assertEquals("", GitFixture.git(location.workTree().orElseThrow().root(), "status", "--porcelain"),
                "git sees nothing new: the graph is not a change to commit");
        assertEquals(List.of(), warnings);
    }

    @Test
    void aGraphOpensWhenGitsExcludeFileCannotBeWrittenAndTheWarningSaysWhere() throws Exception {
        GraphLocation location = project();
        Path info = location.workTree().orElseThrow().commonDir().resolve("info");
        deleteTree(info);
        Files.writeString(info, "not a directory");
        try (OpenGraph graph = graphs().open(location)) {
            graph.items(Clock.systemUTC(), 1 << 16).add(NewItem.note("Still stored"));
        }
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("could not add .graphiti/ to " + info.getParent() + "/info/exclude"),
                warnings.get(0));
    }

    @Test
    void theGlobalGraphLivesInTheHomeAndTouchesNoRepository() throws Exception {
        Path plain = Files.createDirectories(temp.resolve("plain"));
        GraphLocation location = new ScopeResolver(temp.resolve("home")).resolve(plain, Optional.empty());
        assertEquals(Scope.global, location.scope());
        try (OpenGraph graph = graphs().open(location)) {
            graph.items(Clock.systemUTC(), 1 << 16).add(NewItem.note("Prefer records for data"));
        }
        assertTrue(Files.isRegularFile(temp.resolve("home").resolve("global.db")));
    }

    @Test
    void whatIndexingRecordsOnItsOwnConnectionIsWhatTheOpenGraphReads() throws Exception {
        GraphLocation location = project();
        String head = GitFixture.git(location.workTree().orElseThrow().root(), "rev-parse", "HEAD").strip();
        try (IngestState ingest = graphs().openIngest(location)) {
            ingest.recordTip("main", head);
        }
        try (OpenGraph graph = graphs().open(location)) {
            assertEquals(List.of(head), graph.ingest().tips(5));
        }
    }

    private static void deleteTree(Path path) throws java.io.IOException {
        try (var paths = Files.walk(path)) {
            for (Path each : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(each);
            }
        }
    }
}
