package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.ProjectGraph;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paraphrase suite on the lexical ranking alone. The floors are what the lexical ranking reaches; questions
 * that share no word with their answer ({@link ParaphraseSuite.Category#meaning}) are for semantic retrieval.
 */
class LexicalParaphraseTest {

    @TempDir
    Path temp;

    @Test
    void lexicalRankingFindsWhatSharesWordsWithTheQuestion() {
        try (ProjectGraph graph = ProjectGraph.open(temp)) {
            ParaphraseSuite suite = new ParaphraseSuite();
            suite.load(graph.items(), Instant.now());
            ParaphraseSuite.Report report = suite.measure(
                    new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)));
            System.out.println(report);
            assertTrue(report.hitRateAt5() >= 0.90, report::toString);
            assertEquals(1.0, report.hitRateAt5(ParaphraseSuite.Category.forms), report::toString);
            assertTrue(report.mrr() >= 0.78, report::toString);
            // junk that shares an ordinary word with some item must not look like an answer
            assertTrue(report.worstUnrelatedScore() < 0.45, report::toString);
            assertTrue(report.medianAnswerScore() > report.worstUnrelatedScore(), report::toString);
        }
    }
}
