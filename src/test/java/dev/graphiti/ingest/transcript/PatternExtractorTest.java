package dev.graphiti.ingest.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.graphiti.redact.Redactor;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PatternExtractorTest {

    @TempDir
    Path dir;

    private final PatternExtractor extractor = new PatternExtractor(new Redactor());

    @Test
    void extractsWhatTheSessionDecidedPreferredAndFound() throws Exception {
        Path file = TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));
        List<Turn> turns = new TranscriptReader().read(file, 0, "s").turns();

        List<String> found = extractor.extract(turns).stream().map(e -> e.kind() + ": " + e.content()).toList();

        assertEquals(List.of(
                "preference: I prefer small commits with one change each.",
                "preference: Never use Mockito for the repository tests; use a real SQLite file.",
                "bugfix: The root cause was the connection pool in OrderRepository being capped at 2 connections,"
                        + " so requests queued behind slow queries.",
                "decision: Let's use HikariCP with a pool of 20 instead of the hand-rolled pool.",
                "decision: We decided to replace the hand-rolled pool with HikariCP, sized at 20 connections.",
                "architecture: CheckoutService talks to OrderRepository through the PaymentGateway facade."), found);
    }

    @Test
    void titlesAreShortAndTimestampsCarriedOver() {
        String longSentence = "We decided to keep " + "the very long explanation ".repeat(8) + "in one place.";
        Turn turn = new Turn("s", Turn.Role.assistant, longSentence, java.time.Instant.EPOCH);
        Extraction extraction = extractor.extract(List.of(turn)).get(0);
        assertEquals(PatternExtractor.TITLE_CAP, extraction.title().length());
        assertEquals(longSentence, extraction.content());
        assertEquals(java.time.Instant.EPOCH, extraction.at());
    }

    @Test
    void repeatedStatementsAreExtractedOnce() {
        Turn a = new Turn("s", Turn.Role.user, "We decided to use SQLite for the store.", null);
        Turn b = new Turn("s", Turn.Role.assistant, "We decided to use SQLite for the store!", null);
        assertEquals(1, extractor.extract(List.of(a, b)).size());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "user|We decided to use SQLite for the local store.|decision",
            "assistant|Going with JSON-P rather than Jackson to keep the WAR small.|decision",
            "assistant|We chose Jetty over Undertow because it embeds in one jar.|decision",
            "user|Always run the formatter before committing.|preference",
            "user|Don't use Lombok in this codebase.|preference",
            "user|I'd rather have one file per record.|preference",
            "assistant|The bug was caused by a missing busy timeout on the second connection.|bugfix",
            "assistant|It was caused by the reader thread blocking on a full pipe.|bugfix",
            "assistant|I fixed it by draining stderr on its own thread.|bugfix",
            "assistant|The SqliteStore owns the only write connection.|architecture",
            "assistant|The stdio-launcher module depends on graphiti-core.|architecture"})
    void recognises(String role, String sentence, String kind) {
        assertEquals(kind, PatternExtractor.classify(sentence, Turn.Role.valueOf(role)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Should we use SQLite for the store?",
            "If we decided to use Postgres, the tests would need a server.",
            "We haven't decided whether to use Postgres.",
            "Maybe the root cause was the cache.",
            "I think the root cause was the cache.",
            "Let's see.",
            "Always.",
            "The parser talks to nobody.",
            "We did not decide to go with Kafka."})
    void staysQuietWhenUnsure(String sentence) {
        assertNull(PatternExtractor.classify(sentence, Turn.Role.user));
    }

    @Test
    void preferencesCountOnlyFromTheUser() {
        assertNull(PatternExtractor.classify("Never use Mockito for the repository tests.", Turn.Role.assistant));
        assertEquals(Extraction.PREFERENCE, PatternExtractor.classify("Never use Mockito for the repository tests.", Turn.Role.user));
    }

    @Test
    void codeBlocksQuotesAndTablesAreNotStatements() {
        String text = "Here is the change:\n```java\n// We decided to use Kafka for everything\n```\n"
                + "> We decided to use Kafka.\n| We decided to use Kafka | yes |\nThat is all for now.";
        assertEquals(List.of(), extractor.extract(List.of(new Turn("s", Turn.Role.assistant, text, null))));
    }
}
