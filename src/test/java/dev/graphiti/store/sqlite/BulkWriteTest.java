package dev.graphiti.store.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.NotFoundException;
import dev.graphiti.store.ProjectGraph;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A batch of adds in one transaction (the git indexer's, capture's) reuses its statements: each item as if added alone. */
class BulkWriteTest {

    @TempDir
    Path directory;

    private static NewItem item(Kind kind, String title, String content, String... tags) {
        return new NewItem(kind, Optional.of(title), content, List.of(tags), "test", Optional.empty(), Optional.empty());
    }

    @Test
    void everyItemOfABatchGetsItsOwnTagsAndEntitiesAndRepeatsInsideTheBatchAreFound() {
        try (ProjectGraph graph = ProjectGraph.open(directory)) {
            List<AddResult> results = graph.items().addAll(List.of(
                    item(Kind.decision, "Use SQLite", "Store items in SQLite with WAL in src/main/java/Store.java", "db"),
                    item(Kind.bugfix, "Fix Kafka retries", "Retries in KafkaConsumer backed off forever", "kafka", "retry"),
                    item(Kind.decision, "Use SQLite", "Store items in SQLite with WAL in src/main/java/Store.java", "db"),
                    item(Kind.bugfix, "Fix Kafka retries", "Retries in KafkaConsumer backed off forever!", "other"),
                    item(Kind.note, "Sessions", "Sessions expire after an hour in src/main/java/SessionStore.java and Redis")));
            String sqlite = results.get(0).item().id();
            String kafka = results.get(1).item().id();
            assertEquals(List.of(Optional.empty(), Optional.empty(), Optional.of(sqlite), Optional.of(kafka), Optional.empty()),
                    results.stream().map(AddResult::duplicateOf).toList());
            assertEquals(3, graph.repository().list(ItemFilter.current(), 10).size());
            for (AddResult result : List.of(results.get(0), results.get(1), results.get(4))) {
                KnowledgeItem stored = graph.repository().get(result.item().id()).orElseThrow();
                assertEquals(result.item().tags(), stored.tags());
                assertEquals(entities(stored.title() + "\n" + stored.content()), entities(stored));
            }
            assertEquals(List.of("kafka", "retry"), graph.repository().get(kafka).orElseThrow().tags());
            assertEquals(List.of("db"), graph.repository().get(sqlite).orElseThrow().tags());
        }
    }

    private static Set<String> entities(String text) {
        Set<String> names = new TreeSet<>();
        new EntityExtractor().extract(text).forEach(entity -> names.add(entity.name()));
        assertTrue(!names.isEmpty(), text);
        return names;
    }

    private static Set<String> entities(KnowledgeItem item) {
        Set<String> names = new TreeSet<>();
        item.entities().forEach(entity -> names.add(entity.name()));
        return names;
    }

    @Test
    void aBatchThatFailsStoresNothingAndTheNextBatchAndAnotherWriterProceed() {
        try (ProjectGraph graph = ProjectGraph.open(directory); ProjectGraph other = ProjectGraph.open(directory)) {
            assertThrows(NotFoundException.class, () -> graph.items().addAll(List.of(
                    item(Kind.note, "First", "stored only if the whole batch is"),
                    new NewItem(Kind.note, Optional.of("Second"), "replaces an item that is not there", List.of(), "test",
                            Optional.of("nosuchitem0000"), Optional.empty()))));
            assertEquals(0, graph.repository().list(ItemFilter.current(), 10).size());
            graph.items().addAll(List.of(item(Kind.note, "Third", "a batch after the failed one")));
            // The batches left no statement holding a lock: another connection writes at once, then this one again.
            other.items().add(item(Kind.note, "Fourth", "written through a second connection"));
            graph.items().addAll(List.of(item(Kind.note, "Fifth", "and the first connection writes again")));
            assertEquals(List.of("Fifth", "Fourth", "Third"),
                    other.repository().list(ItemFilter.current(), 10).stream().map(KnowledgeItem::title).toList());
        }
    }
}
