package dev.graphiti.graph;

import dev.graphiti.embed.EmbeddingModel;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.store.ProjectGraph;
import dev.graphiti.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paraphrase suite (written before any tuning) on the dense ranking alone and on the fusion of lexical and
 * dense, with the real model. Hybrid must find what the lexical ranking finds and the meaning-only questions too,
 * and junk must still not look like an answer.
 */
class HybridParaphraseTest {

    @TempDir
    Path temp;

    @Test
    void hybridRankingFindsItemsByWordsAndByMeaning() {
        try (ProjectGraph graph = ProjectGraph.open(temp); E5Encoder encoder = E5Encoder.load();
             VectorStore vectors = SqliteStore.withDefaults().openVectors(temp.resolve("graph.db"), Scope.project)) {
            ParaphraseSuite suite = new ParaphraseSuite();
            suite.load(graph.items(), Instant.now());
            new EmbeddingJob(encoder.model()).run(vectors, encoder, done -> { }, () -> false);
            SemanticRanking dense = new SemanticRanking(encoder, new VectorIndex(EmbeddingModel.CURRENT.dimensions()), vectors);
            LexicalRanking lexical = new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90));

            ParaphraseSuite.Report denseReport = suite.measure(dense);
            System.out.println("dense: " + denseReport);
            ParaphraseSuite.Report hybrid = suite.measure(new HybridRanking(lexical, dense));
            System.out.println("hybrid: " + hybrid);
            assertTrue(hybrid.hitRateAt5() >= 0.96, hybrid::toString);
            assertEquals(1.0, hybrid.hitRateAt5(ParaphraseSuite.Category.forms), hybrid::toString);
            assertTrue(hybrid.hitRateAt5(ParaphraseSuite.Category.meaning) >= 0.8, hybrid::toString);
            assertTrue(hybrid.mrr() >= 0.85, hybrid::toString);
            assertTrue(hybrid.worstUnrelatedScore() < 0.45, hybrid::toString);
            assertTrue(hybrid.medianAnswerScore() > hybrid.worstUnrelatedScore() + 0.2, hybrid::toString);
        }
    }
}
