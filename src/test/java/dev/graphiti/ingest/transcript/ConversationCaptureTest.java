package dev.graphiti.ingest.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.graphiti.graph.CapturePositions;
import dev.graphiti.ingest.ItemDraft;
import dev.graphiti.ingest.ItemSink;
import dev.graphiti.redact.Redactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConversationCaptureTest {

    @TempDir
    Path dir;

    /** Positions in memory with the same compare-and-set contract as the database table. */
    static final class MemoryPositions implements CapturePositions {
        private final Map<String, Long> positions = new HashMap<>();

        @Override
        public synchronized long position(String sessionId) {
            return positions.getOrDefault(sessionId, 0L);
        }

        @Override
        public synchronized boolean claim(String sessionId, long expected, long next) {
            if (position(sessionId) != expected) {
                return false;
            }
            positions.put(sessionId, next);
            return true;
        }
    }

    /** Records every draft it is handed, never deduplicating, so a double store would show. */
    static final class RecordingSink implements ItemSink {
        final List<ItemDraft> drafts = new ArrayList<>();
        final List<Integer> batches = new ArrayList<>();

        /** A batch is one transaction in the graph's sink. */
        @Override
        public synchronized List<Stored> storeAll(List<ItemDraft> batch) {
            batches.add(batch.size());
            return ItemSink.super.storeAll(batch);
        }

        @Override
        public synchronized Stored store(ItemDraft draft) {
            drafts.add(draft);
            return new Stored("i" + drafts.size(), false);
        }
    }

    private final MemoryPositions positions = new MemoryPositions();
    private final RecordingSink sink = new RecordingSink();
    private final ConversationCapture capture = new ConversationCapture(AgentLog.CLAUDE, new PatternExtractor(new Redactor()),
            positions, sink);

    @Test
    void capturesOnceThenOnlyWhatIsNew() throws Exception {
        Path file = TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));

        CaptureReport first = capture.capture(file, TranscriptFiles.SESSION_A);
        assertEquals(6, first.turnsRead());
        assertEquals(6, first.itemsAdded());
        assertEquals(Files.size(file), first.position());
        ItemDraft draft = sink.drafts.get(0);
        assertEquals("capture:" + TranscriptFiles.SESSION_A, draft.source());
        assertEquals("preference", draft.kind());
        assertEquals(List.of("capture"), draft.tags());

        CaptureReport again = capture.capture(file, TranscriptFiles.SESSION_A);
        assertEquals(0, again.turnsRead());
        assertEquals(0, again.itemsAdded());

        TranscriptFiles.append(file, "user", "Thanks. Don't use field injection anywhere in this service.");
        TranscriptFiles.append(file, "assistant", "Understood; the retry policy stays at three attempts.");
        CaptureReport more = capture.capture(file, TranscriptFiles.SESSION_A);
        assertEquals(2, more.turnsRead());
        assertEquals(1, more.itemsAdded());
        assertEquals("Don't use field injection anywhere in this service.", sink.drafts.get(6).content());
        assertEquals(7, sink.drafts.size());
        assertEquals(List.of(6, 1), sink.batches, "each capture stores its items in one batch; nothing new, no batch");
    }

    @Test
    void aRewrittenShorterTranscriptIsReadAgainFromTheStart() throws Exception {
        Path file = TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));
        capture.capture(file, "s");
        Files.writeString(file, "");
        TranscriptFiles.append(file, "user", "We decided to use Gradle after all.");
        CaptureReport report = capture.capture(file, "s");
        assertEquals(1, report.itemsAdded());
        assertEquals(Files.size(file), report.position());
    }

    @Test
    void concurrentCapturesOfOneSessionStoreEachItemOnce() throws Exception {
        Path file = TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));
        int runners = 6;
        ExecutorService pool = Executors.newFixedThreadPool(runners);
        try {
            for (int round = 0; round < 5; round++) {
                TranscriptFiles.append(file, "user", "Round " + round + ": we decided to cache round " + round + " results.");
                CountDownLatch start = new CountDownLatch(1);
                List<Future<CaptureReport>> results = new ArrayList<>();
                for (int i = 0; i < runners; i++) {
                    results.add(pool.submit(() -> {
                        start.await();
                        return capture.capture(file, TranscriptFiles.SESSION_A);
                    }));
                }
                start.countDown();
                int added = 0;
                for (Future<CaptureReport> result : results) {
                    added += result.get().itemsAdded();
                }
                assertEquals(round == 0 ? 7 : 1, added, "round " + round);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(11, sink.drafts.size());
        assertEquals(sink.drafts.size(), sink.drafts.stream().map(ItemDraft::content).distinct().count());
    }

    @Test
    void aMissingTranscriptIsAClearError() {
        assertThrows(java.nio.file.NoSuchFileException.class, () -> capture.capture(dir.resolve("none.jsonl"), "s"));
    }
}
