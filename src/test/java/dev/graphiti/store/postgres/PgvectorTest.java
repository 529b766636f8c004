package dev.graphiti.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.VectorIndex;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.service.Redactions;
import dev.graphiti.graph.GraphDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * pgvector where it is installed: passage vectors go to a vector column with an HNSW index as well, and the nearest
 * are found in the database, as the server's in-memory index finds them. Runs only when GRAPHITI_PGVECTOR=1 says the
 * PostgreSQL of GRAPHITI_POSTGRES has the extension: Debian's main archive has no pgvector for PostgreSQL 15, so
 * scripts/test cannot install it and CI runs the bytea path only (docs/postgresql.md says what was verified where).
 */
@EnabledIfEnvironmentVariable(named = "GRAPHITI_PGVECTOR", matches = "1|true|yes",
        disabledReason = "GRAPHITI_PGVECTOR is not set: the PostgreSQL under test has no pgvector (Debian packages none for 15)")
class PgvectorTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    static final int DIMENSIONS = 384;
    static final String MODEL = "e5-test";

    @Test
    void theNearestAreFoundInTheDatabaseByAnHnswIndexAsTheIndexInMemoryFindsThem() throws Exception {
        String url = POSTGRES.server().newDatabase();
        try (PostgresStore store = PostgresStore.pooled(url, Optional.empty(), Optional.empty(), 4, "english", Duration.ofSeconds(30));
             GraphDatabase graph = store.open("/srv/graphiti/global.db", Scope.global)) {
            Random random = new Random(17);
            VectorStore vectors = graph.vectors();
            ItemService items = new ItemService(graph.items(), Scope.global, Redactions.standard(), new EntityExtractor(),
                    new ItemIds(), Clock.systemUTC(), 1 << 20);
            for (int i = 0; i < 150; i++) {
                items.add(new NewItem(Kind.note, Optional.of("Item " + i), "content number " + i, List.of(), "manual",
                        Optional.empty(), Optional.empty()));
            }
            // Half embedded before the column exists (as on a database where pgvector came later): the column is filled.
            store(vectors, random, 0, 75);
            try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
                statement.execute("SET search_path TO graphiti_g1");
                Pgvector.drop(connection);
            }
            assertEquals(false, vectors.findsNearest());
            store(vectors, random, 75, 150);
            assertTrue(vectors.findsNearest(), "the column is made where the extension is");

            try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
                try (ResultSet row = statement.executeQuery("SELECT count(*), count(v.embedding) FROM graphiti_g1.item_vectors v")) {
                    row.next();
                    assertEquals(row.getInt(1), row.getInt(2), "every stored passage has its vector column filled");
                }
                try (ResultSet row = statement.executeQuery("SELECT indexdef FROM pg_indexes WHERE schemaname = 'graphiti_g1'"
                        + " AND tablename = 'item_vectors' AND indexdef LIKE '%hnsw%'")) {
                    assertTrue(row.next(), "an HNSW index on the vectors");
                }
                // With 150 items the planner might rather sort them all: without sequential scans it shows it can use the index.
                statement.execute("SET search_path TO graphiti_g1");
                statement.execute("SET enable_seqscan = off");
                try (ResultSet row = statement.executeQuery("EXPLAIN SELECT seq FROM item_vectors ORDER BY embedding OPERATOR(graphiti.<=>) (SELECT embedding "
                        + "FROM item_vectors LIMIT 1) LIMIT 10")) {
                    StringBuilder plan = new StringBuilder();
                    while (row.next()) {
                        plan.append(row.getString(1)).append('\n');
                    }
                    assertTrue(plan.toString().contains("item_vectors_embedding"), plan::toString);
                }
            }

            VectorIndex memory = new VectorIndex(DIMENSIONS);
            memory.refresh(vectors, MODEL);
            int found = 0;
            int asked = 0;
            for (int q = 0; q < 20; q++) {
                float[] query = unit(random);
                List<VectorIndex.Nearest> inDatabase = vectors.nearest(MODEL, query, 10).orElseThrow();
                List<VectorIndex.Nearest> inMemory = memory.nearest(vectors, query, 10);
                assertEquals(inMemory.get(0).item(), inDatabase.get(0).item(), "the nearest item");
                assertEquals(inMemory.get(0).cosine(), inDatabase.get(0).cosine(), 0.01, "its cosine");
                Set<String> both = new HashSet<>(inMemory.stream().map(VectorIndex.Nearest::item).toList());
                both.retainAll(inDatabase.stream().map(VectorIndex.Nearest::item).toList());
                found += both.size();
                asked += inMemory.size();
            }
            System.out.println("pgvector " + extension(url) + ": the HNSW index found " + found + " of the " + asked + " nearest");
            assertTrue(found >= asked * 0.95, "the HNSW index finds " + found + " of the " + asked + " nearest");
            assertEquals(List.of(), vectors.nearest("another-model", unit(random), 10).orElseThrow(), "no vectors of that model");
        }
    }

    private static String extension(String url) throws Exception {
        try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT extversion FROM pg_extension WHERE extname = 'vector'")) {
            return row.next() ? row.getString(1) : "absent";
        }
    }

    private static void store(VectorStore vectors, Random random, int from, int to) {
        List<VectorStore.Unembedded> waiting = vectors.unembedded(MODEL, 0, to - from);
        List<VectorStore.ItemVectors> batch = new ArrayList<>();
        for (VectorStore.Unembedded item : waiting) {
            int passages = 1 + random.nextInt(2);
            List<QuantizedVector> quantized = new ArrayList<>();
            for (int p = 0; p < passages; p++) {
                quantized.add(QuantizedVector.of(unit(random)));
            }
            batch.add(new VectorStore.ItemVectors(item.seq(), quantized));
        }
        vectors.put(MODEL, batch);
    }

    private static float[] unit(Random random) {
        float[] vector = new float[DIMENSIONS];
        double norm = 0;
        for (int d = 0; d < DIMENSIONS; d++) {
            vector[d] = (float) random.nextGaussian();
            norm += vector[d] * vector[d];
        }
        for (int d = 0; d < DIMENSIONS; d++) {
            vector[d] /= (float) Math.sqrt(norm);
        }
        return vector;
    }
}
