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
        final Set<Long> gone = new HashSet<>();
        String model = "m/1";
        long removed;
        int passagesRead;

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
        public Map<Long, QuantizedVector> passages(long[] wanted) {
            Map<Long, QuantizedVector> found = new java.util.HashMap<>();
            passagesRead += wanted.length;
            for (long id : wanted) {
                if (id >= 1 && id <= rows.size() && !gone.contains(id)) {
                    found.put(id, rows.get((int) id - 1).vector());
                }
            }
            return found;
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

    /** 20,000 passages (two per item) around 400 topics that crowd around a shared direction, as a sentence model's do. */
    private static Rows crowdedCorpus(Random random, List<float[]> topics) {
        float[] common = unit(random, new float[DIMENSIONS], 1);
        for (int t = 0; t < 400; t++) {
            topics.add(unit(random, common, 0.06));
        }
        Rows rows = new Rows();
        for (int i = 0; i < 20_000; i++) {
            rows.add("item" + (i / 2), unit(random, topics.get(random.nextInt(topics.size())), 0.03));
        }
        return rows;
    }

    @Test
    void theBitPassKeepsTheExactNearestOfAManyThousandCorpus() {
        Random random = new Random(7);
        List<float[]> topics = new ArrayList<>();
        Rows rows = crowdedCorpus(random, topics);
        VectorIndex index = new VectorIndex(DIMENSIONS);
        index.refresh(rows, "m/1");
        assertEquals(20_000, index.size());
        int found = 0;
        int asked = 0;
        for (int q = 0; q < 20; q++) {
            float[] query = unit(random, topics.get(random.nextInt(topics.size())), 0.03);
            Set<String> exact = new HashSet<>(exactNearest(rows, query, 10));
            for (VectorIndex.Nearest near : index.nearest(rows, query, 10)) {
                asked++;
                if (exact.contains(near.item())) {
                    found++;
                }
            }
        }
        assertTrue(found >= asked * 0.9, found + " of " + asked);
        assertEquals(0, rows.passagesRead, "an index holding its values never reads them");
    }

    @Test
    void anIndexHoldingOnlySignBitsReadsItsCandidatesAndFindsWhatTheHeldIndexFinds() {
        Random random = new Random(7);
        List<float[]> topics = new ArrayList<>();
        Rows rows = crowdedCorpus(random, topics);
        VectorIndex held = new VectorIndex(DIMENSIONS);
        held.refresh(rows, "m/1");
        VectorIndex bitsOnly = new VectorIndex(DIMENSIONS, 5_000);  // centred on its first passages, as at a million
        bitsOnly.refresh(rows, "m/1");
        assertEquals(20_000, bitsOnly.size());
        int same = 0;
        int exactFound = 0;
        int asked = 0;
        for (int q = 0; q < 20; q++) {
            float[] query = unit(random, topics.get(random.nextInt(topics.size())), 0.03);
            Map<String, Double> fromHeld = new java.util.HashMap<>();
            held.nearest(rows, query, 10).forEach(near -> fromHeld.put(near.item(), near.cosine()));
            Set<String> exact = new HashSet<>(exactNearest(rows, query, 10));
            for (VectorIndex.Nearest near : bitsOnly.nearest(rows, query, 10)) {
                asked++;
                exactFound += exact.contains(near.item()) ? 1 : 0;
                if (fromHeld.containsKey(near.item())) {
                    same++;
                    assertEquals(fromHeld.get(near.item()), near.cosine(), 1e-9, "the same int8 values, read from the store");
                }
            }
        }
        assertTrue(rows.passagesRead > 0, "the exact pass read the values from the store");
        assertTrue(exactFound >= asked * 0.9, exactFound + " of " + asked + " exact nearest");
        assertTrue(same >= asked * 0.9, same + " of " + asked + " the same as the held index");

        // a passage deleted after the index loaded it is skipped, not scored
        float[] query = rows.rows.get(12_345).vector().toFloats();
        String nearest = bitsOnly.nearest(rows, query, 1).get(0).item();
        assertEquals(rows.rows.get(12_345).item(), nearest);
        rows.rows.stream().filter(row -> row.item().equals(nearest)).forEach(row -> rows.gone.add(row.id()));
        assertTrue(bitsOnly.nearest(rows, query, 10).stream().noneMatch(near -> near.item().equals(nearest)));
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
        List<VectorIndex.Nearest> nearest = index.nearest(rows, x, 5);
        assertEquals(List.of("a", "b"), nearest.stream().map(VectorIndex.Nearest::item).toList());
        assertEquals(1.0, nearest.get(0).cosine(), 0.01);

        rows.add("c", x);
        index.refresh(rows, "m/1");
        assertEquals(4, index.size());

        rows.model = "m/2";
        index.refresh(rows, "m/1");
        assertEquals(0, index.size());
        assertTrue(index.nearest(rows, x, 5).isEmpty());
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
