package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * Embeds a graph's items that have no vectors yet, a batch per transaction: its knowledge first (notes, decisions,
 * fixes, conversations), then its routine history (plain commits), each oldest first, so an indexed repository's
 * search is by meaning where it matters most while its history still waits. Remembers how far each pass got, so
 * the next run over the same graph starts after the items it already did.
 */
public final class EmbeddingJob {

    static final int BATCH = 32;

    private final String model;
    /**
     * Model runs at once, each on one thread: two use a small machine's both cores for wall time at the same CPU per
     * item (issue 33: a run's own threads cost more CPU per item than a second run beside it).
     */
    private final int runsAtOnce;
    /** The last item the knowledge pass has looked at (and skipped, when routine history). */
    private long knowledgeAfter;
    /** The last item the history pass has embedded: everything up to it has vectors. */
    private long after;

    /** @param model the id of the model that will embed ({@link TextEncoder#model}) */
    public EmbeddingJob(String model) {
        this.model = model;
        this.runsAtOnce = Math.min(2, Runtime.getRuntime().availableProcessors());
    }

    /** True when some item after those already done has no vectors: cheap, and needs no model. */
    public boolean pending(VectorStore store) {
        return !store.unembedded(model, after, 1).isEmpty();
    }

    /** Embeds until no item is left or {@code stop} says so; {@code progress} hears each batch's size. */
    public int run(VectorStore store, TextEncoder encoder, IntConsumer progress, BooleanSupplier stop) {
        if (!encoder.model().equals(model)) {
            throw new IllegalArgumentException("this job embeds with " + model + ", not " + encoder.model());
        }
        int done = 0;
        knowledgeAfter = Math.max(knowledgeAfter, after);
        while (!stop.getAsBoolean()) {
            List<VectorStore.Unembedded> page = store.unembedded(model, knowledgeAfter, BATCH);
            if (page.isEmpty()) {
                break;
            }
            done += embed(store, encoder, page.stream().filter(item -> !item.routineHistory()).toList(), progress);
            knowledgeAfter = page.get(page.size() - 1).seq();
        }
        while (!stop.getAsBoolean()) {
            List<VectorStore.Unembedded> batch = store.unembedded(model, after, BATCH);
            if (batch.isEmpty()) {
                return done;
            }
            done += embed(store, encoder, batch, progress);
            after = batch.get(batch.size() - 1).seq();
        }
        return done;
    }

    private int embed(VectorStore store, TextEncoder encoder, List<VectorStore.Unembedded> batch, IntConsumer progress) {
        if (batch.isEmpty()) {
            return 0;
        }
        List<float[][]> vectors = passages(encoder, batch.stream().map(VectorStore.Unembedded::text).toList());
        List<VectorStore.ItemVectors> stored = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            List<QuantizedVector> passages = new ArrayList<>();
            for (float[] passage : vectors.get(i)) {
                passages.add(QuantizedVector.of(passage));
            }
            stored.add(new VectorStore.ItemVectors(batch.get(i).seq(), passages));
        }
        store.put(model, stored);
        progress.accept(batch.size());
        return batch.size();
    }

    /**
     * The items' passage vectors, the items dealt out in turn to {@link #runsAtOnce} runs (this thread one of them),
     * so long and short items spread evenly. A run reads one passage at a time, so an item's vectors do not depend
     * on what runs beside it.
     */
    private List<float[][]> passages(TextEncoder encoder, List<TextEncoder.ItemText> texts) {
        int runs = Math.min(runsAtOnce, texts.size());
        if (runs < 2) {
            return encoder.passages(texts);
        }
        List<List<float[][]>> shares = new ArrayList<>(Collections.nCopies(runs, null));
        RuntimeException[] failed = new RuntimeException[runs];
        List<Thread> helpers = new ArrayList<>();
        for (int run = 1; run < runs; run++) {
            int share = run;
            Thread helper = new Thread(() -> {
                try {
                    shares.set(share, encoder.passages(dealt(texts, share, runs)));
                } catch (RuntimeException | Error e) {
                    failed[share] = e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
                }
            }, Thread.currentThread().getName() + "-" + run);
            helper.setDaemon(true);
            helper.start();
            helpers.add(helper);
        }
        try {
            shares.set(0, encoder.passages(dealt(texts, 0, runs)));
        } finally {
            // a run in flight is finished, not abandoned: closing the model waits for it anyway
            boolean interrupted = false;
            for (Thread helper : helpers) {
                while (helper.isAlive()) {
                    try {
                        helper.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        for (RuntimeException e : failed) {
            if (e != null) {
                throw e;
            }
        }
        List<float[][]> vectors = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            vectors.add(shares.get(i % runs).get(i / runs));
        }
        return vectors;
    }

    private static <T> List<T> dealt(List<T> items, int share, int runs) {
        List<T> dealt = new ArrayList<>();
        for (int i = share; i < items.size(); i += runs) {
            dealt.add(items.get(i));
        }
        return dealt;
    }
}
