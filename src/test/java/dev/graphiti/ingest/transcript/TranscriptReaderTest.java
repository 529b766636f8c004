package dev.graphiti.ingest.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptReaderTest {

    @TempDir
    Path dir;

    private final TranscriptReader reader = new TranscriptReader();

    @Test
    void keepsOnlyTheWordsOfTheMainConversation() throws Exception {
        Path file = TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));

        TranscriptChunk chunk = reader.read(file, 0, "fallback");

        assertEquals(17, chunk.lines());
        assertEquals(1, chunk.malformed());
        assertEquals(Files.size(file), chunk.end());
        assertEquals(List.of(Turn.Role.user, Turn.Role.assistant, Turn.Role.assistant, Turn.Role.user,
                Turn.Role.assistant, Turn.Role.user), chunk.turns().stream().map(Turn::role).toList());
        assertEquals("Let me look at the checkout service first.", chunk.turns().get(1).text());
        assertEquals(TranscriptFiles.SESSION_A, chunk.turns().get(0).sessionId());
        assertEquals(Instant.parse("2025-08-14T09:03:00Z"), chunk.turns().get(0).timestamp());
        String all = String.join("\n", chunk.turns().stream().map(Turn::text).toList());
        for (String leftOut : List.of("grep -rn", "DNS", "thread pool", "Kotlin", "Redis", "Caveat", "/init",
                "Explore the payment module", "Request interrupted")) {
            assertFalse(all.contains(leftOut), leftOut + " should not be read");
        }
    }

    @Test
    void readsIncrementallyAndNeverHalfALine() throws Exception {
        Path file = TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));
        long end = reader.read(file, 0, "s").end();

        Files.writeString(file, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"Half wri",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        TranscriptChunk partial = reader.read(file, end, "s");
        assertEquals(0, partial.lines());
        assertEquals(end, partial.end());

        Files.writeString(file, "tten now\"}}\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        TranscriptChunk completed = reader.read(file, end, "s");
        assertEquals(1, completed.turns().size());
        assertEquals("Half written now", completed.turns().get(0).text());
        assertEquals("s", completed.turns().get(0).sessionId());
        assertEquals(Files.size(file), completed.end());
    }

    @Test
    void aLineNestedDeeperThanTheParserGoesIsMalformedNotTheEndOfTheCapture() throws Exception {
        Path file = dir.resolve("deep.jsonl");
        Files.writeString(file, "[".repeat(200_000) + "]".repeat(200_000) + "\n"
                + "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"still read\"}}\n");
        TranscriptChunk chunk = reader.read(file, 0, "s");
        assertEquals(1, chunk.malformed());
        assertEquals("still read", chunk.turns().get(0).text());
    }

    @Test
    void aFifoIsRefusedBeforeItIsOpened() throws Exception {
        Path fifo = dir.resolve("session.jsonl");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> reader.read(fifo, 0, "s"));
        assertTrue(refused.getMessage().contains("is not a regular file"), refused.getMessage());
    }

    @Test
    void toleratesGarbage() throws Exception {
        Path file = dir.resolve("g.jsonl");
        Files.writeString(file, "not json\n[1,2]\n\n{\"type\":\"user\",\"message\":\"str\"}\n"
                + "{\"type\":\"user\",\"message\":{\"content\":42}}\n{\"type\":\"assistant\"}\n"
                + "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"ok then\"},\"timestamp\":\"yesterday\"}\n");
        TranscriptChunk chunk = reader.read(file, 0, "s");
        assertEquals(2, chunk.malformed());
        assertEquals(1, chunk.turns().size());
        assertEquals(null, chunk.turns().get(0).timestamp());
    }

    @Test
    void locatesTranscriptsOfAProject() throws Exception {
        Path claude = dir.resolve(".claude");
        Path project = Path.of("/home/ada/projects/shop");
        Path transcript = TranscriptFiles.copy("session-a.jsonl",
                claude.resolve("projects/-home-ada-projects-shop/" + TranscriptFiles.SESSION_A + ".jsonl"));
        TranscriptLocator locator = new TranscriptLocator(claude);
        assertEquals(transcript, locator.session(project, TranscriptFiles.SESSION_A).orElseThrow());
        assertEquals(transcript, locator.latest(project).orElseThrow());
        assertEquals(TranscriptFiles.SESSION_A, TranscriptLocator.sessionOf(transcript));
        assertTrue(locator.session(Path.of("/elsewhere"), TranscriptFiles.SESSION_A).isEmpty());
        Path dotted = TranscriptFiles.copy("session-a.jsonl", claude.resolve("projects/-home-ada-my-app/s1.jsonl"));
        assertEquals(dotted, locator.session(Path.of("/home/ada/my.app"), "s1").orElseThrow());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> locator.session(project, "../../etc/passwd"));
    }

    /** Lines longer than a read buffer, and one over the cap, which is passed over whole (not counted malformed). */
    @Test
    void longLinesAreReadWholeAndAnOversizedOneIsPassedOver() throws Exception {
        Path file = dir.resolve("long.jsonl");
        Files.writeString(file, "");
        TranscriptFiles.append(file, "user", "We decided to keep the export in CSV. " + "x".repeat(200_000));
        TranscriptFiles.append(file, "assistant", "y".repeat(TranscriptReader.MAX_LINE_BYTES + 10));
        TranscriptFiles.append(file, "assistant", "The root cause was the clock skew between the two hosts.");
        Files.writeString(file, "{\"type\":\"user\"", StandardOpenOption.APPEND);

        TranscriptChunk chunk = reader.read(file, 0, "s");
        assertEquals(3, chunk.lines());
        assertEquals(0, chunk.malformed());
        assertEquals(2, chunk.turns().size());
        assertTrue(chunk.turns().get(0).text().startsWith("We decided to keep the export in CSV."));
        assertEquals(200_000 + "We decided to keep the export in CSV. ".length(), chunk.turns().get(0).text().length());
        assertEquals("The root cause was the clock skew between the two hosts.", chunk.turns().get(1).text());
        assertEquals(Files.size(file) - "{\"type\":\"user\"".length(), chunk.end(), "the unfinished line waits");
    }
}
