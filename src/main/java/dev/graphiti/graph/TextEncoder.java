package dev.graphiti.graph;

import java.util.List;

/**
 * Turns text into unit-length vectors whose dot product says how close two texts are in meaning: a question,
 * or an item as one vector per passage (a long item is cut into overlapping passages).
 */
public interface TextEncoder {

    /** The model and its version: vectors of different models are not comparable. */
    String model();

    /** Where this model's cosines sit. */
    default CosineScale scale() {
        return CosineScale.E5;
    }

    float[] query(String text);

    /** Each item's passage vectors, in the order given. */
    List<float[][]> passages(List<ItemText> items);

    /**
     * Whether {@link #query} and {@link #passages} answer now without waiting: false while a model another process
     * serves is (re)starting, when a search answers by words rather than wait for it.
     */
    default boolean available() {
        return true;
    }

    /**
     * What of an item is embedded: its title and content, and its occasion ("" for none), which is a passage of its
     * own, so the item's best passage may be the work it was settled in.
     */
    record ItemText(String title, String content, String occasion) {

        public ItemText(String title, String content) {
            this(title, content, "");
        }
    }
}
