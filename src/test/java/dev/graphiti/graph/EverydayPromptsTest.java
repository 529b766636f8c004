package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.embed.EmbeddingModel;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The everyday prompts' shipped vectors are the model's own encodings of the shipped text: edit the text or change
 * the model and this fails until they are made again ({@link #main}).
 */
class EverydayPromptsTest {

    @Test
    void theShippedVectorsAreTheModelsEncodingsOfTheShippedPrompts() {
        List<String> texts = EverydayPrompts.texts();
        assertTrue(texts.size() >= 300, "hundreds of everyday prompts, not " + texts.size());
        for (EmbeddingModel model : EmbeddingModel.KNOWN) { // the benchmark's models' files too
            EverydayPrompts shipped = EverydayPrompts.of(model.id()).orElseThrow(() -> new AssertionError(
                    "no everyday-prompts vectors of " + model.id() + ": run EverydayPromptsTest's main " + model.name()));
            assertEquals(texts.size(), shipped.vectors().size(),
                    "everyday-prompts.txt changed: run EverydayPromptsTest's main " + model.name());
            try (E5Encoder encoder = E5Encoder.load(model)) {
                for (int i = 0; i < texts.size(); i += 25) { // a sample: encoding all 400 costs seconds
                    double cosine = shipped.vectors().get(i).dot(encoder.query(texts.get(i)));
                    assertTrue(cosine > 0.99, model.name() + ": line " + i + " '" + texts.get(i) + "' changed (cosine "
                            + cosine + "): run EverydayPromptsTest's main " + model.name());
                }
            }
        }
    }

    @Test
    void aGenericPromptSitsCloserToEverydayPromptsThanOneAboutThisProjectsOwnWork() {
        EverydayPrompts everyday = EverydayPrompts.of(EmbeddingModel.CURRENT.id()).orElseThrow();
        try (E5Encoder encoder = E5Encoder.load()) {
            double generic = everyday.usual(encoder.query("Why is the settings page so slow?"));
            double specific = everyday.usual(encoder.query("Enter the mite counts from Saturday's hive inspection."));
            assertTrue(generic > 0.8 && generic - specific > 0.03, "generic " + generic + ", specific " + specific);
        }
    }

    /**
     * Where the model's cosines sit, to place another model's {@code CosineScale} against e5's: the median and the
     * standard deviation of the cosines between distinct everyday prompts (unrelated requests to a coding agent).
     */
    static String spread(EverydayPrompts everyday) {
        List<QuantizedVector> vectors = everyday.vectors();
        double[] cosines = new double[vectors.size() * (vectors.size() - 1) / 2];
        int at = 0;
        for (int i = 0; i < vectors.size(); i++) {
            float[] vector = vectors.get(i).toFloats();
            for (int j = i + 1; j < vectors.size(); j++) {
                cosines[at++] = vectors.get(j).dot(vector);
            }
        }
        Arrays.sort(cosines);
        double mean = Arrays.stream(cosines).average().orElseThrow();
        double deviation = Math.sqrt(Arrays.stream(cosines).map(c -> (c - mean) * (c - mean)).average().orElseThrow());
        return String.format(Locale.ROOT, "%s: pairwise cosine median %.4f, standard deviation %.4f, 99th percentile %.4f",
                everyday.model(), cosines[cosines.length / 2], deviation, cosines[cosines.length * 99 / 100]);
    }

    /**
     * Makes everyday-prompts.vec from everyday-prompts.txt: run from the worktree's root. With a benchmark model's
     * name (EmbeddingModel: bge-small, ...) it makes that model's file among the test resources instead.
     */
    public static void main(String[] args) throws Exception {
        EmbeddingModel model = args.length == 0 ? EmbeddingModel.E5_SMALL : EmbeddingModel.named(args[0]);
        Path out = model.equals(EmbeddingModel.E5_SMALL) ? Path.of("src/main/resources").resolve(EverydayPrompts.VECTORS)
                : Path.of("src/test/resources").resolve(EverydayPrompts.vectorsOf(model.id()));
        Files.createDirectories(out.getParent());
        try (E5Encoder encoder = E5Encoder.load(model); OutputStream file = Files.newOutputStream(out)) {
            EverydayPrompts.write(encoder.model(), EverydayPrompts.texts().stream().map(encoder::query).toList(), file);
        }
        System.out.println("wrote " + out);
        System.out.println(spread(EverydayPrompts.read(Files.newInputStream(out))));
    }
}
