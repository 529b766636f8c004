package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watching behind graphiti://context subscriptions, on a real file: subscribers hear of a change of the
 * database that changes the text, not of one that leaves it as it was, and nothing is polled once the last
 * subscriber left (the end-to-end tests with the SDK client are in GraphitiToolsStdioIT and GraphitiToolsHttpTest).
 */
class ContextChangesTest {

    @TempDir
    Path temp;

    @Test
    void subscribersHearOfChangedTextOnlyAndPollingStopsWithTheLastOne() throws Exception {
        Path database = Files.writeString(temp.resolve("graph.db"), "v1");
        AtomicReference<String> text = new AtomicReference<>("one item");
        AtomicInteger assembled = new AtomicInteger();
        var changes = new ContextChanges<Path>(directory -> {
            assembled.incrementAndGet();
            return new ContextChanges.Snapshot(database, text.get());
        }, Duration.ofMillis(50));
        var heard = new LinkedBlockingQueue<String>();
        AutoCloseable first = changes.watch(temp, () -> heard.add("first"));
        AutoCloseable second = changes.watch(temp, () -> heard.add("second"));
        assertEquals(1, changes.watching(), "subscribers of one project share the watching");

        Files.writeString(Path.of(database + "-wal"), "a write that changes nothing the context says");
        assertNull(heard.poll(500, TimeUnit.MILLISECONDS));
        assertTrue(assembled.get() >= 3, "the context was assembled again to compare: " + assembled.get());

        text.set("two items");
        Files.writeString(Path.of(database + "-wal"), "a write that adds an item, longer");
        assertEquals("first", heard.poll(5, TimeUnit.SECONDS));
        assertEquals("second", heard.poll(5, TimeUnit.SECONDS));
        assertNull(heard.poll(300, TimeUnit.MILLISECONDS), "once per change");

        first.close();
        text.set("three items");
        Files.writeString(database, "v2, rewritten by a checkpoint");
        assertEquals("second", heard.poll(5, TimeUnit.SECONDS));
        second.close();
        assertEquals(0, changes.watching(), "nothing is watched without subscribers");
        int before = assembled.get();
        text.set("four items");
        Files.writeString(database, "v3");
        Thread.sleep(300);
        assertEquals(before, assembled.get(), "no polling without subscribers");
        assertNull(heard.poll());
    }
}
