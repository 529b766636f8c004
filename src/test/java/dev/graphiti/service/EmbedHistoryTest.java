package dev.graphiti.service;

import dev.graphiti.embed.EmbeddingModel;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.EmbeddingJob;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.TextEncoder.ItemText;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexRequest;
import dev.graphiti.ingest.git.TestRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An indexed repository's items embedded by the real model: what of a commit is embedded, and in which order. */
class EmbedHistoryTest {

    private static final RunProgress SILENT = new RunProgress() {
        @Override
        public void started(int total) {
        }

        @Override
        public void advanced(int count) {
        }

        @Override
        public void finished() {
        }
    };

    @TempDir
    Path temp;

    /** The file list and diffstat are anchors' and lexical search's: the vector is the subject and message's. */
    @Test
    void aCommitIsEmbeddedByItsMessageNotItsFileList() throws Exception {
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        String message = "Retry uploads with exponential backoff\n\nThe storage service drops one request in fifty under load;"
                + " three retries starting at 200 ms hide it from users.";
        repo.commit(message, TestRepo.files("src/main/java/dev/demo/storage/UploadClient.java", "class UploadClient {}\n",
                "src/main/java/dev/demo/storage/RetryPolicy.java", "class RetryPolicy {}\n",
                "docs/operations/storage-runbook.md", "# Storage\n"));
        Fixture graph = indexed(repo);

        KnowledgeItem commit = graph.items().get(0);
        assertTrue(commit.content().contains("storage-runbook.md"), "the item keeps its file list: " + commit.content());
        new EmbedService(graph.fixture.graphs, Optional.empty()).embed(graph.location, SILENT);

        float[] stored = graph.vectors(commit.id()).get(0).toFloats();
        float[] messageAlone;
        float[] withFiles;
        try (E5Encoder encoder = E5Encoder.load()) {
            messageAlone = encoder.passages(List.of(new ItemText(commit.title(), message))).get(0)[0];
            withFiles = encoder.passages(List.of(new ItemText(commit.title(), commit.content()))).get(0)[0];
        }
        assertTrue(dot(stored, messageAlone) >= 0.995, "stored vs message alone: " + dot(stored, messageAlone));
        assertTrue(dot(stored, messageAlone) > dot(stored, withFiles) + 0.005,
                "closer to the message alone (" + dot(stored, messageAlone) + ") than to the whole content (" + dot(stored, withFiles) + ")");
    }

    /** Decisions and fixes get their vectors before the plain commits around them, whatever their age. */
    @Test
    void knowledgeIsEmbeddedBeforeRoutineHistory() throws Exception {
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        // Indexed newest first: these two are the graph's last items, behind 80 plain commits.
        repo.commit("Switch from Jackson to Gson for the wire format", TestRepo.files("pom.xml", "<project/>\n"));
        repo.commit("Fix the crash when the cache directory is missing", TestRepo.files("src/Cache.java", "class Cache {}\n"));
        repo.bulk(80, Map.of());
        Fixture graph = indexed(repo);
        List<KnowledgeItem> items = graph.items();
        List<String> knowledge = items.stream().filter(item -> !item.kind().name().equals("commit")).map(KnowledgeItem::id).toList();
        assertEquals(2, knowledge.size(), items.toString());

        AtomicInteger batches = new AtomicInteger();
        try (OpenGraph open = graph.fixture.graphs.open(graph.location); E5Encoder encoder = E5Encoder.load()) {
            new EmbeddingJob(encoder.model()).run(open.vectors(), encoder, count -> batches.incrementAndGet(),
                    () -> batches.get() >= 1);
        }
        for (String id : knowledge) {
            assertEquals(1, graph.vectors(id).size(), "embedded in the first batch: " + id);
        }
        assertTrue(graph.embedded(items) <= 2 + 32, "the first batch held the knowledge: " + graph.embedded(items));
    }

    /**
     * Issue 33: a batch's items are embedded two at a time (a model run per core, each on one thread), and each item's
     * vectors are those it gets embedded alone, to the bit: a run reads one passage, whatever runs beside it.
     */
    @Test
    void aBatchIsEmbeddedTwoItemsAtOnceEachAsItWouldBeAlone() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one core: one run at a time");
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.bulk(12, Map.of());
        Fixture graph = indexed(repo);
        CountDownLatch bothRunning = new CountDownLatch(2);
        Map<String, List<float[]>> alone = new HashMap<>();
        try (OpenGraph open = graph.fixture.graphs.open(graph.location); E5Encoder encoder = E5Encoder.load()) {
            List<VectorStore.Unembedded> waiting = open.vectors().unembedded(encoder.model(), 0, 100);
            List<KnowledgeItem> items = graph.items();
            for (VectorStore.Unembedded item : waiting) {
                String id = items.stream().filter(known -> known.title().equals(item.title())).findFirst().orElseThrow().id();
                alone.put(id, List.of(encoder.passages(List.of(item.text())).get(0)));
            }
            // the real model, each run first waiting (at most 20 s) until a second one has started
            TextEncoder meeting = new TextEncoder() {
                @Override public String model() { return encoder.model(); }
                @Override public float[] query(String text) { return encoder.query(text); }
                @Override public List<float[][]> passages(List<ItemText> texts) {
                    meet(bothRunning, waiting.size());
                    return encoder.passages(texts);
                }
            };
            assertEquals(waiting.size(), new EmbeddingJob(encoder.model()).run(open.vectors(), meeting, count -> { }, () -> false));
        }
        assertTrue(alone.size() >= 10, "the bulk commits are waiting: " + alone.keySet());
        alone.forEach((id, passages) -> {
            List<QuantizedVector> stored = graph.vectors(id);
            assertEquals(passages.size(), stored.size(), id);
            for (int p = 0; p < passages.size(); p++) {
                assertArrayEquals(QuantizedVector.of(passages.get(p)).toFloats(), stored.get(p).toFloats(), id + " passage " + p);
            }
        });
    }

    private static void meet(CountDownLatch bothRunning, int batch) {
        bothRunning.countDown();
        try {
            if (!bothRunning.await(20, TimeUnit.SECONDS)) {
                throw new AssertionError("no second model run started while this one waited 20 s: the batch of " + batch
                        + " items is embedded one at a time");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private Fixture indexed(TestRepo repo) {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        GraphLocation location = fixture.location(repo.dir());
        new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES)
                .index(location, new IndexRequest(false, null), IndexProgress.NONE);
        return new Fixture(fixture, location);
    }

    private record Fixture(ServiceFixture fixture, GraphLocation location) {

        List<KnowledgeItem> items() {
            try (OpenGraph graph = fixture.graphs.open(location)) {
                return graph.repository().list(ItemFilter.current(), 1000);
            }
        }

        List<QuantizedVector> vectors(String id) {
            try (OpenGraph graph = fixture.graphs.open(location)) {
                return graph.vectors().vectors(EmbeddingModel.CURRENT.id(), List.of(id)).getOrDefault(id, List.of());
            }
        }

        long embedded(List<KnowledgeItem> items) {
            try (OpenGraph graph = fixture.graphs.open(location)) {
                Map<String, List<QuantizedVector>> found = new HashMap<>(graph.vectors()
                        .vectors(EmbeddingModel.CURRENT.id(), items.stream().map(KnowledgeItem::id).toList()));
                return found.size();
            }
        }
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
