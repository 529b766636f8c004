package dev.graphiti.store.sqlite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.ProjectGraph;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vectors in the graph's own SQLite file: what waits, what is stored, a model change, a removed item. */
class SqliteVectorStoreTest {

    @TempDir
    Path temp;
    ProjectGraph graph;
    VectorStore vectors;

    @BeforeEach
    void open() {
        graph = ProjectGraph.open(temp);
        vectors = SqliteStore.withDefaults().openVectors(temp.resolve("graph.db"), Scope.project);
    }

    @AfterEach
    void close() {
        vectors.close();
        graph.close();
    }

    private KnowledgeItem add(Kind kind, String title) {
        return graph.items().add(new NewItem(kind, Optional.of(title), title + " in detail", List.of(), "manual",
                Optional.empty(), Optional.of(Instant.now()))).item();
    }

    private static QuantizedVector vector(float first) {
        float[] values = new float[8];
        values[0] = first;
        values[1] = (float) Math.sqrt(1 - first * first);
        return QuantizedVector.of(values);
    }

    @Test
    void itemsWaitUntilStoredAndAnotherModelsVectorsAreReplaced() {
        add(Kind.decision, "Use PostgreSQL");
        add(Kind.note, "Deploy on Tuesdays");
        assertEquals(2, vectors.unembeddedCount("m/1"));
        List<VectorStore.Unembedded> waiting = vectors.unembedded("m/1", 0, 10);
        assertEquals(List.of("Use PostgreSQL", "Deploy on Tuesdays"), waiting.stream().map(VectorStore.Unembedded::title).toList());
        assertEquals(1, vectors.unembedded("m/1", waiting.get(0).seq(), 10).size());

        vectors.put("m/1", List.of(new VectorStore.ItemVectors(waiting.get(0).seq(), List.of(vector(0.6f), vector(0.8f)))));
        assertEquals(1, vectors.unembeddedCount("m/1"));
        VectorStore.VectorState state = vectors.state();
        assertEquals("m/1", state.model());
        List<VectorStore.StoredVector> stored = vectors.after(0, 10);
        assertEquals(2, stored.size());
        assertEquals(state.newestId(), stored.get(1).id());
        assertArrayEquals(vector(0.8f).values(), stored.get(1).vector().values());

        // Another model: every item waits again, and storing its first vectors drops the old model's.
        assertEquals(2, vectors.unembeddedCount("m/2"));
        vectors.put("m/2", List.of(new VectorStore.ItemVectors(waiting.get(1).seq(), List.of(vector(0.5f)))));
        assertEquals(1, vectors.after(0, 10).size());
        assertEquals(1, vectors.unembeddedCount("m/2"));
    }

    /** Two processes (a server and a one-shot `graphiti index --vectors`) may embed an item both: the first is kept. */
    @Test
    void vectorsStoredAgainForAnItemEmbeddedMeanwhileKeepTheFirst() {
        add(Kind.decision, "Use PostgreSQL");
        long seq = vectors.unembedded("m/1", 0, 10).get(0).seq();
        vectors.put("m/1", List.of(new VectorStore.ItemVectors(seq, List.of(vector(0.6f)))));
        vectors.put("m/1", List.of(new VectorStore.ItemVectors(seq, List.of(vector(0.8f), vector(0.3f)))));
        List<VectorStore.StoredVector> stored = vectors.after(0, 10);
        assertEquals(2, stored.size(), "the first passage kept, the second (new) one stored");
        assertArrayEquals(vector(0.6f).values(), stored.get(0).vector().values());
        assertArrayEquals(vector(0.3f).values(), stored.get(1).vector().values());
    }

    @Test
    void aDeletedItemTakesItsVectorsAlongAndTheRemovalIsCounted() {
        KnowledgeItem kept = add(Kind.decision, "Use PostgreSQL");
        KnowledgeItem deleted = add(Kind.note, "Deploy on Tuesdays");
        List<VectorStore.Unembedded> waiting = vectors.unembedded("m/1", 0, 10);
        vectors.put("m/1", waiting.stream().map(item -> new VectorStore.ItemVectors(item.seq(), List.of(vector(0.3f)))).toList());
        long removedBefore = vectors.state().removed();
        graph.repository().write(writer -> {
            writer.delete(List.of(deleted.id()));
            return null;
        });
        assertEquals(List.of(kept.id()), vectors.after(0, 10).stream().map(VectorStore.StoredVector::item).toList());
        assertEquals(removedBefore + 1, vectors.state().removed());
        assertEquals(Set.of(kept.id()), vectors.items(List.of(kept.id(), deleted.id()), ItemFilter.current()).keySet());
        assertTrue(vectors.vectors("m/1", List.of(kept.id())).get(kept.id()).size() == 1);
        assertTrue(vectors.vectors("m/2", List.of(kept.id())).isEmpty());
    }

    @Test
    void aSearchReadsPassagesByRowAndChecksItsFilterOnIdsAlone() {
        KnowledgeItem kept = add(Kind.decision, "Use PostgreSQL");
        KnowledgeItem deleted = add(Kind.note, "Deploy on Tuesdays");
        List<VectorStore.Unembedded> waiting = vectors.unembedded("m/1", 0, 10);
        vectors.put("m/1", List.of(new VectorStore.ItemVectors(waiting.get(0).seq(), List.of(vector(0.6f), vector(0.8f))),
                new VectorStore.ItemVectors(waiting.get(1).seq(), List.of(vector(0.3f)))));
        List<VectorStore.StoredVector> stored = vectors.after(0, 10);
        long[] rows = stored.stream().mapToLong(VectorStore.StoredVector::id).toArray();
        graph.repository().write(writer -> {
            writer.delete(List.of(deleted.id()));
            return null;
        });

        var read = vectors.passages(new long[] {rows[1], rows[2], rows[0], 999_999});
        assertEquals(Set.of(rows[0], rows[1]), read.keySet(), "a deleted item's row and an unknown row are missing");
        assertArrayEquals(vector(0.8f).values(), read.get(rows[1]).values());
        assertEquals(vector(0.8f).scale(), read.get(rows[1]).scale());

        var passing = vectors.passing(List.of(kept.id(), deleted.id()), ItemFilter.current());
        assertEquals(Set.of(kept.id()), passing.keySet());
        assertEquals(vectors.items(List.of(kept.id()), ItemFilter.current()).get(kept.id()).createdAt(), passing.get(kept.id()));
    }
}
