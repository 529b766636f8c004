package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One graph's passage vectors for a long-lived process, brought up to date from the store before each search (one
 * cheap read when nothing changed). Nearest neighbours by brute force in two passes: the sign bits of every vector
 * (centred on the corpus mean) pick the closest by Hamming distance, then their int8 values are scored exactly.
 * Below a few thousand vectors every one is scored exactly. The int8 values of up to {@link #HELD} passages are
 * held in memory; a larger index holds only the sign bits (48 bytes a passage, not 440) and the exact pass reads
 * its candidates' values from the store by row id.
 */
public final class VectorIndex {

    /** Vectors scored exactly after the bit pass (or a fiftieth of them all, when more): the true best ones are
     *  almost never outside them. */
    static final int CANDIDATES = 1000;
    /** Passages whose int8 values are held in memory (96 MB of them at 384 dimensions). */
    public static final int HELD = 1 << 18;
    /** Candidates the exact pass reads from the store when the values are not held. */
    static final int READ = 4000;
    private static final int WORDS = 6;
    private static final int LOAD_BATCH = 10_000;

    private final int dimensions;
    private final int held;
    private String model = "";
    private long newestId;
    private long removed;
    private int size;
    private String[] items = new String[0];
    private float[] scales = new float[0];
    /** Each passage's row in the store (its id), for reading its values when they are not held. */
    private long[] rows = new long[0];
    /** The int8 values while at most {@code held} passages; null beyond (the store has them). */
    private byte[] values = new byte[0];
    private long[] bits = new long[0];
    private float[] centre;
    private int centredSize;

    public VectorIndex(int dimensions) {
        this(dimensions, HELD);
    }

    /** With the int8 values of at most {@code held} passages in memory (a benchmark compares both ways). */
    public VectorIndex(int dimensions, int held) {
        if (dimensions > WORDS * 64) {
            throw new IllegalArgumentException("at most " + WORDS * 64 + " dimensions");
        }
        this.dimensions = dimensions;
        this.held = held;
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
            // Centred while the values are held (then the mean of so many hardly moves): a first load of a million
            // passages is centred on its first quarter million, not left on zero.
            if (values != null && size >= 2 * Math.max(centredSize, CANDIDATES)) {
                recentre();
            }
        }
    }

    public synchronized int size() {
        return size;
    }

    /**
     * The {@code limit} items nearest {@code query} (a unit vector), each by its best passage, nearest first;
     * {@code store} is read only when the values are not held (it is the one the index was refreshed from).
     */
    public synchronized List<Nearest> nearest(VectorStore store, float[] query, int limit) {
        if (size == 0) {
            return List.of();
        }
        int[] candidates = size <= 4 * CANDIDATES ? everything()
                : closestBits(query, values != null ? Math.max(CANDIDATES, size / 50) : READ);
        double[] cosines = values != null ? heldCosines(query, candidates) : readCosines(store, query, candidates);
        double[] descending = cosines.clone();
        Arrays.sort(descending);
        // Only passages at or above a cut are grouped by item: when that finds enough items, any other item's best
        // passage is below every one of theirs. Most items have one passage, so the first cut nearly always does.
        Map<String, Double> best = new HashMap<>();
        for (int rank = 2 * limit; ; rank *= 2) {
            double cut = descending[Math.max(0, descending.length - rank)];
            best.clear();
            for (int n = 0; n < candidates.length; n++) {
                if (cosines[n] >= cut && cosines[n] > Double.NEGATIVE_INFINITY) {
                    best.merge(items[candidates[n]], cosines[n], Math::max);
                }
            }
            if (best.size() >= limit || rank >= descending.length) {
                break;
            }
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

    private int[] closestBits(float[] query, int wanted) {
        long[] target = signs(query);
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

    private double[] heldCosines(float[] query, int[] candidates) {
        double[] cosines = new double[candidates.length];
        for (int n = 0; n < candidates.length; n++) {
            cosines[n] = dot(query, values, candidates[n] * dimensions, scales[candidates[n]]);
        }
        return cosines;
    }

    /** The candidates' cosines from values read by row id; a row deleted meanwhile scores minus infinity. */
    private double[] readCosines(VectorStore store, float[] query, int[] candidates) {
        long[] wanted = new long[candidates.length];
        for (int n = 0; n < candidates.length; n++) {
            wanted[n] = rows[candidates[n]];
        }
        Map<Long, QuantizedVector> read = store.passages(wanted);
        double[] cosines = new double[candidates.length];
        for (int n = 0; n < candidates.length; n++) {
            QuantizedVector vector = read.get(wanted[n]);
            cosines[n] = vector == null ? Double.NEGATIVE_INFINITY : dot(query, vector.values(), 0, vector.scale());
        }
        return cosines;
    }

    private double dot(float[] query, byte[] vector, int at, float scale) {
        float sum = 0;
        for (int d = 0; d < dimensions; d++) {
            sum += query[d] * vector[at + d];
        }
        return sum * scale;
    }

    private void append(VectorStore.StoredVector stored) {
        if (size == items.length) {
            int capacity = Math.max(1024, size * 3 / 2);
            items = Arrays.copyOf(items, capacity);
            scales = Arrays.copyOf(scales, capacity);
            rows = Arrays.copyOf(rows, capacity);
            bits = Arrays.copyOf(bits, capacity * WORDS);
        }
        if (values != null && size == held) {
            values = null;  // from here on the exact pass reads the values from the store
        }
        if (values != null && values.length < (size + 1) * dimensions) {
            values = Arrays.copyOf(values, Math.min(items.length, held) * dimensions);
        }
        QuantizedVector vector = stored.vector();
        items[size] = stored.item();
        scales[size] = vector.scale();
        rows[size] = stored.id();
        if (values != null) {
            System.arraycopy(vector.values(), 0, values, size * dimensions, dimensions);
        }
        setBits(size, vector.values(), 0);
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
            setBits(i, values, i * dimensions);
        }
    }

    private void setBits(int index, byte[] source, int at) {
        float[] vector = new float[dimensions];
        for (int d = 0; d < dimensions; d++) {
            vector[d] = source[at + d] * scales[index];
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
        values = new byte[0];
    }

    /** An item (by id) and the cosine of its best passage to the query. */
    public record Nearest(String item, double cosine) {
    }
}
