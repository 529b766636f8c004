package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One graph's passage vectors held in memory by a long-lived process, brought up to date from the store before
 * each search (one cheap read when nothing changed). Nearest neighbours by brute force in two passes: the sign
 * bits of every vector (centred on the corpus mean) pick the closest thousand by Hamming distance, then
 * their int8 values are scored exactly. Below a few thousand vectors every one is scored exactly.
 */
public final class VectorIndex {

    /** Vectors scored exactly after the bit pass (or a fiftieth of them all, when more): the true best ones are
     *  almost never outside them. */
    static final int CANDIDATES = 1000;
    private static final int WORDS = 6;
    private static final int LOAD_BATCH = 10_000;

    private final int dimensions;
    private String model = "";
    private long newestId;
    private long removed;
    private int size;
    private String[] items = new String[0];
    private float[] scales = new float[0];
    private byte[] values = new byte[0];
    private long[] bits = new long[0];
    private float[] centre;
    private int centredSize;

    public VectorIndex(int dimensions) {
        if (dimensions > WORDS * 64) {
            throw new IllegalArgumentException("at most " + WORDS * 64 + " dimensions");
        }
        this.dimensions = dimensions;
        this.centre = new float[dimensions];
    }

    /** Brings the index up to what {@code store} holds for {@code wanted}; vectors of another model do not count. */
    public synchronized void refresh(VectorStore store, String wanted) {
        VectorStore.VectorState state = store.state();
        // A removed item's vectors stay until a tenth of the index is stale: its item is no longer found when
        // the winners are read, and reloading 100k vectors after every delete would stall a search for a second.
        if (!state.model().equals(model) || state.newestId() < newestId || state.removed() - removed > size / 10) {
            clear(state.model());
            items = new String[0];
            removed = state.removed();
        }
        if (!state.model().equals(wanted)) {
            return;
        }
        while (newestId < state.newestId()) {
            List<VectorStore.StoredVector> batch = store.after(newestId, LOAD_BATCH);
            if (batch.isEmpty()) {
                break;
            }
            for (VectorStore.StoredVector vector : batch) {
                append(vector);
            }
        }
        if (size >= 2 * Math.max(centredSize, CANDIDATES)) {
            recentre();
        }
    }

    public synchronized int size() {
        return size;
    }

    /** The {@code limit} items nearest {@code query} (a unit vector), each by its best passage, nearest first. */
    public synchronized List<Nearest> nearest(float[] query, int limit) {
        if (size == 0) {
            return List.of();
        }
        int[] candidates = size <= 4 * CANDIDATES ? everything() : closestBits(query);
        Map<String, Double> best = new HashMap<>();
        for (int index : candidates) {
            double cosine = dot(query, index);
            best.merge(items[index], cosine, Math::max);
        }
        List<Nearest> nearest = new ArrayList<>(best.size());
        best.forEach((item, cosine) -> nearest.add(new Nearest(item, cosine)));
        nearest.sort(Comparator.comparingDouble(Nearest::cosine).reversed());
        return nearest.subList(0, Math.min(limit, nearest.size()));
    }

    private int[] everything() {
        int[] all = new int[size];
        Arrays.setAll(all, i -> i);
        return all;
    }

    private int[] closestBits(float[] query) {
        long[] target = signs(query);
        int wanted = Math.max(CANDIDATES, size / 50);
        int[] distance = new int[size];
        int[] histogram = new int[WORDS * 64 + 1];
        for (int i = 0; i < size; i++) {
            int at = i * WORDS;
            int d = 0;
            for (int w = 0; w < WORDS; w++) {
                d += Long.bitCount(bits[at + w] ^ target[w]);
            }
            distance[i] = d;
            histogram[d]++;
        }
        int threshold = 0;
        for (int count = 0; threshold < histogram.length; threshold++) {
            count += histogram[threshold];
            if (count >= wanted) {
                break;
            }
        }
        int[] kept = new int[Math.min(size, wanted * 2)];
        int n = 0;
        for (int i = 0; i < size && n < kept.length; i++) {
            if (distance[i] <= threshold) {
                kept[n++] = i;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    private double dot(float[] query, int index) {
        int at = index * dimensions;
        float sum = 0;
        for (int d = 0; d < dimensions; d++) {
            sum += query[d] * values[at + d];
        }
        return sum * scales[index];
    }

    private void append(VectorStore.StoredVector stored) {
        if (size == items.length) {
            int capacity = Math.max(1024, size * 3 / 2);
            items = Arrays.copyOf(items, capacity);
            scales = Arrays.copyOf(scales, capacity);
            values = Arrays.copyOf(values, capacity * dimensions);
            bits = Arrays.copyOf(bits, capacity * WORDS);
        }
        QuantizedVector vector = stored.vector();
        items[size] = stored.item();
        scales[size] = vector.scale();
        System.arraycopy(vector.values(), 0, values, size * dimensions, dimensions);
        setBits(size);
        size++;
        newestId = stored.id();
    }

    /** Sign bits around the mean of the vectors held now: without centring most bits are the same everywhere. */
    private void recentre() {
        float[] mean = new float[dimensions];
        for (int i = 0; i < size; i++) {
            int at = i * dimensions;
            for (int d = 0; d < dimensions; d++) {
                mean[d] += values[at + d] * scales[i];
            }
        }
        for (int d = 0; d < dimensions; d++) {
            mean[d] /= size;
        }
        centre = mean;
        centredSize = size;
        for (int i = 0; i < size; i++) {
            setBits(i);
        }
    }

    private void setBits(int index) {
        int at = index * dimensions;
        float[] vector = new float[dimensions];
        for (int d = 0; d < dimensions; d++) {
            vector[d] = values[at + d] * scales[index];
        }
        System.arraycopy(signs(vector), 0, bits, index * WORDS, WORDS);
    }

    private long[] signs(float[] vector) {
        long[] words = new long[WORDS];
        for (int d = 0; d < dimensions; d++) {
            if (vector[d] > centre[d]) {
                words[d >> 6] |= 1L << (d & 63);
            }
        }
        return words;
    }

    private void clear(String storedModel) {
        model = storedModel;
        newestId = 0;
        size = 0;
        centredSize = 0;
        centre = new float[dimensions];
    }

    /** An item (by id) and the cosine of its best passage to the query. */
    public record Nearest(String item, double cosine) {
    }
}
