package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Embeds a graph's items that have no vectors yet, a batch per transaction, oldest first. Remembers how far it
 * got, so the next run over the same graph starts after the items it already did.
 */
public final class EmbeddingJob {

    static final int BATCH = 32;

    private final String model;
    private long after;

    /** @param model the id of the model that will embed ({@link TextEncoder#model}) */
    public EmbeddingJob(String model) {
        this.model = model;
    }

    /** True when some item after those already done has no vectors: cheap, and needs no model. */
    public boolean pending(VectorStore store) {
        return !store.unembedded(model, after, 1).isEmpty();
    }

    /** Embeds until no item is left or {@code stop} says so; {@code progress} hears each batch's size. */
    public int run(VectorStore store, TextEncoder encoder, java.util.function.IntConsumer progress, BooleanSupplier stop) {
        if (!encoder.model().equals(model)) {
            throw new IllegalArgumentException("this job embeds with " + model + ", not " + encoder.model());
        }
        int done = 0;
        while (!stop.getAsBoolean()) {
            List<VectorStore.Unembedded> batch = store.unembedded(model, after, BATCH);
            if (batch.isEmpty()) {
                return done;
            }
            List<TextEncoder.ItemText> texts = batch.stream()
                    .map(item -> new TextEncoder.ItemText(item.title(), item.content())).toList();
            List<float[][]> vectors = encoder.passages(texts);
            List<VectorStore.ItemVectors> stored = new ArrayList<>(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                List<QuantizedVector> passages = new ArrayList<>();
                for (float[] passage : vectors.get(i)) {
                    passages.add(QuantizedVector.of(passage));
                }
                stored.add(new VectorStore.ItemVectors(batch.get(i).seq(), passages));
            }
            store.put(model, stored);
            after = batch.get(batch.size() - 1).seq();
            done += batch.size();
            progress.accept(batch.size());
        }
        return done;
    }
}
