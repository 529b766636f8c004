package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Nearest neighbours against an exact scan; refresh picks up what the store gained or lost. */
class VectorIndexTest {

    private static final int DIMENSIONS = 384;

    /** An in-memory store: the index only needs state() and after(). */
    private static final class Rows implements VectorStore {
        final List<StoredVector> rows = new ArrayList<>();
        String model = "m/1";
        long removed;

        void add(String item, float[] vector) {
            rows.add(new StoredVector(rows.isEmpty() ? 1 : rows.get(rows.size() - 1).id() + 1, item, QuantizedVector.of(vector)));
        }

        @Override
        public VectorState state() {
            return new VectorState(model, rows.isEmpty() ? 0 : rows.get(rows.size() - 1).id(), removed);
        }

        @Override
        public List<StoredVector> after(long afterId, int limit) {
            return rows.stream().filter(row -> row.id() > afterId).limit(limit).toList();
        }

        @Override
        public List<Unembedded> unembedded(String model, long afterSeq, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int unembeddedCount(String model) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void put(String model, List<ItemVectors> items) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, KnowledgeItem> items(Collection<String> ids, ItemFilter filter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, java.time.Instant> passing(Collection<String> ids, ItemFilter filter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, List<QuantizedVector>> vectors(String model, Collection<String> ids) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }

    private static float[] unit(Random random, float[] around, double spread) {
        float[] vector = new float[DIMENSIONS];
        double norm = 0;
        for (int d = 0; d < DIMENSIONS; d++) {
            vector[d] = (float) (around[d] + spread * random.nextGaussian());
            norm += vector[d] * vector[d];
        }
        for (int d = 0; d < DIMENSIONS; d++) {
            vector[d] /= (float) Math.sqrt(norm);
        }
        return vector;
    }

    @Test
    void theBitPassKeepsTheExactNearestOfAManyThousandCorpus() {
        Random random = new Random(7);
        float[] common = unit(random, new float[DIMENSIONS], 1);
        List<float[]> topics = new ArrayList<>();
        for (int t = 0; t < 400; t++) {
            // Topics crowd around a shared direction, as a sentence model's vectors do; items spread around topics.
            topics.add(unit(random, common, 0.06));
        }
        Rows rows = new Rows();
        for (int i = 0; i < 20_000; i++) {
            rows.add("item" + (i / 2), unit(random, topics.get(random.nextInt(topics.size())), 0.03));
        }
        VectorIndex index = new VectorIndex(DIMENSIONS);
        index.refresh(rows, "m/1");
        assertEquals(20_000, index.size());
        int found = 0;
        int asked = 0;
        for (int q = 0; q < 20; q++) {
            float[] query = unit(random, topics.get(random.nextInt(topics.size())), 0.03);
            Set<String> exact = new HashSet<>(exactNearest(rows, query, 10));
            for (VectorIndex.Nearest near : index.nearest(query, 10)) {
                asked++;
                if (exact.contains(near.item())) {
                    found++;
                }
            }
        }
        assertTrue(found >= asked * 0.9, found + " of " + asked);
    }

    @Test
    void anItemScoresAsItsBestPassageAndRefreshSeesNewRowsAndAnotherModel() {
        Rows rows = new Rows();
        float[] x = new float[DIMENSIONS];
        x[0] = 1;
        float[] y = new float[DIMENSIONS];
        y[1] = 1;
        float[] between = new float[DIMENSIONS];
        between[0] = 0.6f;
        between[1] = 0.8f;
        rows.add("a", y);
        rows.add("a", x);
        rows.add("b", between);
        VectorIndex index = new VectorIndex(DIMENSIONS);
        index.refresh(rows, "m/1");
        List<VectorIndex.Nearest> nearest = index.nearest(x, 5);
        assertEquals(List.of("a", "b"), nearest.stream().map(VectorIndex.Nearest::item).toList());
        assertEquals(1.0, nearest.get(0).cosine(), 0.01);

        rows.add("c", x);
        index.refresh(rows, "m/1");
        assertEquals(4, index.size());

        rows.model = "m/2";
        index.refresh(rows, "m/1");
        assertEquals(0, index.size());
        assertTrue(index.nearest(x, 5).isEmpty());
    }

    private static List<String> exactNearest(Rows rows, float[] query, int limit) {
        Map<String, Double> best = new java.util.HashMap<>();
        for (VectorStore.StoredVector row : rows.rows) {
            float[] vector = row.vector().toFloats();  // exact up to the int8 rounding the index also has
            double sum = 0;
            for (int d = 0; d < DIMENSIONS; d++) {
                sum += query[d] * vector[d];
            }
            best.merge(row.item(), sum, Math::max);
        }
        return best.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(limit)
                .map(Map.Entry::getKey).toList();
    }
}
