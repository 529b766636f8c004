package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.embed.E5Encoder;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The everyday prompts' shipped vectors are the model's own encodings of the shipped text: edit the text or change
 * the model and this fails until they are made again ({@link #main}).
 */
class EverydayPromptsTest {

    @Test
    void theShippedVectorsAreTheModelsEncodingsOfTheShippedPrompts() {
        List<String> texts = EverydayPrompts.texts();
        EverydayPrompts shipped = EverydayPrompts.of(E5Encoder.MODEL_ID).orElseThrow(() -> new AssertionError(
                "no everyday-prompts.vec of " + E5Encoder.MODEL_ID + ": run EverydayPromptsTest's main"));
        assertTrue(texts.size() >= 300, "hundreds of everyday prompts, not " + texts.size());
        assertEquals(texts.size(), shipped.vectors().size(), "everyday-prompts.txt changed: run EverydayPromptsTest's main");
        try (E5Encoder encoder = E5Encoder.load()) {
            for (int i = 0; i < texts.size(); i += 25) { // a sample: encoding all 400 costs seconds
                double cosine = shipped.vectors().get(i).dot(encoder.query(texts.get(i)));
                assertTrue(cosine > 0.99, "line " + i + " '" + texts.get(i) + "' changed (cosine " + cosine
                        + "): run EverydayPromptsTest's main");
            }
        }
    }

    @Test
    void aGenericPromptSitsCloserToEverydayPromptsThanOneAboutThisProjectsOwnWork() {
        EverydayPrompts everyday = EverydayPrompts.of(E5Encoder.MODEL_ID).orElseThrow();
        try (E5Encoder encoder = E5Encoder.load()) {
            double generic = everyday.usual(encoder.query("Why is the settings page so slow?"));
            double specific = everyday.usual(encoder.query("Enter the mite counts from Saturday's hive inspection."));
            assertTrue(generic > 0.8 && generic - specific > 0.03, "generic " + generic + ", specific " + specific);
        }
    }

    /** Makes everyday-prompts.vec from everyday-prompts.txt: run from the worktree's root. */
    public static void main(String[] args) throws Exception {
        Path out = Path.of("src/main/resources").resolve(EverydayPrompts.VECTORS);
        try (E5Encoder encoder = E5Encoder.load(); OutputStream file = Files.newOutputStream(out)) {
            EverydayPrompts.write(encoder.model(), EverydayPrompts.texts().stream().map(encoder::query).toList(), file);
        }
        System.out.println("wrote " + out);
    }
}
