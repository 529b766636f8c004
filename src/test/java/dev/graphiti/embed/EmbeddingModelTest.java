package dev.graphiti.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.TextEncoder.ItemText;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The benchmark's other models run from their jars' own files as their cards say (pooling, prefixes): each puts a
 * question nearer its answer than near unrelated knowledge, and a name no model has is told with the known ones.
 */
class EmbeddingModelTest {

    private static final List<ItemText> ITEMS = List.of(
            new ItemText("Deployment", "Releases go out with scripts/deploy.sh, which pushes the image and rolls the production cluster."),
            new ItemText("Logging", "We log JSON lines to stderr and never to stdout."),
            new ItemText("Database", "We moved from MySQL to PostgreSQL 16 for JSONB support."));

    @ParameterizedTest
    @ValueSource(strings = {"bge-small", "bge-small-plain", "minilm-l6"})
    void eachModelPutsAQuestionNearerItsAnswer(String name) {
        EmbeddingModel model = EmbeddingModel.named(name);
        try (E5Encoder encoder = E5Encoder.load(model)) {
            assertEquals(model.id(), encoder.model());
            assertEquals(model.scale(), encoder.scale());
            List<float[][]> items = encoder.passages(ITEMS);
            float[] deploy = encoder.query("how do we deploy to production?");
            assertEquals(model.dimensions(), deploy.length);
            assertEquals(1.0, dot(deploy, deploy), 1e-4);
            assertTrue(dot(deploy, items.get(0)[0]) > dot(deploy, items.get(1)[0]) + 0.02, name);
            assertTrue(dot(deploy, items.get(0)[0]) > dot(deploy, items.get(2)[0]) + 0.02, name);
            float[] database = encoder.query("which database do we use");
            assertTrue(dot(database, items.get(2)[0]) > dot(database, items.get(0)[0]) + 0.02, name);
        }
    }

    @Test
    void bgesInstructionLeadsQueriesOnly() {
        try (E5Encoder instructed = E5Encoder.load(EmbeddingModel.named("bge-small"));
             E5Encoder plain = E5Encoder.load(EmbeddingModel.named("bge-small-plain"))) {
            assertArrayEquals(plain.passages(ITEMS.subList(0, 1)).get(0)[0], instructed.passages(ITEMS.subList(0, 1)).get(0)[0]);
            double same = dot(plain.query("which database do we use"), instructed.query("which database do we use"));
            assertTrue(same < 0.99, "the instruction changed the query's vector: cosine " + same);
        }
    }

    @Test
    void anUnknownNameIsToldWithTheKnownOnes() {
        IllegalArgumentException told = assertThrows(IllegalArgumentException.class, () -> EmbeddingModel.named("bge-large"));
        assertEquals("no embedding model 'bge-large'; graphiti.bench.model takes one of e5-small, bge-small, "
                + "bge-small-plain, minilm-l6", told.getMessage());
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
