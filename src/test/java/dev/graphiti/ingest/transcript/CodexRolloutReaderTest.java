package dev.graphiti.ingest.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Codex rollout read as Codex 0.171.0 writes it: the people's words only, each once, from any offset. */
class CodexRolloutReaderTest {

    static final String SESSION = "019b0c3e-5f1a-7c10-9d2e-4a1b2c3d4e5f";

    @TempDir
    Path tmp;

    private final CodexRolloutReader reader = new CodexRolloutReader();

    private CodexRolloutFiles rollout() throws Exception {
        return CodexRolloutFiles.start(tmp.resolve("codex"), SESSION, tmp.resolve("shop"), Instant.parse("2026-03-02T09:00:00Z"))
                .turn("Let's use Flyway for every schema migration; no hand-edited SQL on the servers.",
                        "ls src/main/resources/db/migration",
                        "Agreed. We decided to keep migrations in src/main/resources/db/migration, one file per change.");
    }

    private static List<String> words(TranscriptChunk chunk) {
        return chunk.turns().stream().map(turn -> turn.role() + ": " + turn.text()).toList();
    }

    @Test
    void keepsTheUserAndAssistantMessagesOnceWithoutCodexsOwnContext() throws Exception {
        CodexRolloutFiles rollout = rollout();

        TranscriptChunk chunk = reader.read(rollout.file(), 0, SESSION);

        // not the developer instructions, environment context, AGENTS.md text, item_completed restatements,
        // tool output ("We decided to use Kafka") or reasoning ("We decided to ignore the tests")
        assertEquals(List.of(
                "user: Let's use Flyway for every schema migration; no hand-edited SQL on the servers.",
                "assistant: Agreed. We decided to keep migrations in src/main/resources/db/migration, one file per change."),
                words(chunk));
        assertEquals(SESSION, chunk.turns().get(0).sessionId());
        assertEquals(Instant.parse("2026-03-02T09:00:01.750Z"), chunk.turns().get(0).timestamp(), "the line's own time");
        assertEquals(Files.size(rollout.file()), chunk.end());
        assertEquals(0, chunk.malformed());
    }

    @Test
    void readsOnFromWhereItStoppedAndLeavesALineBeingWrittenForLater() throws Exception {
        CodexRolloutFiles rollout = rollout();
        long end = reader.read(rollout.file(), 0, SESSION).end();
        rollout.turn("The checkout page times out on Mondays.", null,
                "The root cause was the weekly report job holding the orders table lock for minutes.");
        String torn = "{\"timestamp\":\"2026-03-02T09:10:00Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"mess";
        rollout.raw(torn);

        TranscriptChunk next = reader.read(rollout.file(), end, SESSION);

        assertEquals(List.of("user: The checkout page times out on Mondays.",
                "assistant: The root cause was the weekly report job holding the orders table lock for minutes."),
                words(next));
        assertEquals(torn.length(), Files.size(rollout.file()) - next.end(), "the torn line is left for the next read");
    }

    @Test
    void countsLinesThatAreNotJsonAndGoesOn() throws Exception {
        CodexRolloutFiles rollout = rollout();
        rollout.raw("not json at all\n[1,2]\n");
        rollout.turn("Always pin the Node version in .nvmrc.", null, "Done.");

        TranscriptChunk chunk = reader.read(rollout.file(), 0, SESSION);

        assertEquals(2, chunk.malformed());
        assertEquals(4, chunk.turns().size());
    }
}
