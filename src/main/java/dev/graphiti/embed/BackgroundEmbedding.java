package dev.graphiti.embed;

import dev.graphiti.graph.EmbeddingJob;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.VectorIndex;
import dev.graphiti.graph.VectorStore;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Semantic search inside a long-lived server. One daemon thread embeds the items of every graph the server has
 * opened that have no vectors: shortly after a graph is opened (a burst of adds is one pass), and every
 * {@link #SWEEP} for what other processes (hooks, `graphiti index`, another server) wrote. The model loads on
 * that thread the first time an item needs it or a search finds vectors to compare with, never before.
 */
public final class BackgroundEmbedding implements SemanticSearch, AutoCloseable {

    /** How often the graphs opened so far are checked for items written by other processes. */
    static final Duration SWEEP = Duration.ofSeconds(30);
    /** Every so many sweeps a graph is checked from its first item again (a replaced file, a reused item number). */
    static final int SWEEPS_PER_FULL_CHECK = 10;
    /** Writes arrive in bursts (a capture, an index run): wait for a quiet moment before embedding. */
    static final Duration SETTLE = Duration.ofSeconds(2);
    /** How often the worker looks whether a starting shared model answers yet. */
    static final Duration ANSWER_POLL = Duration.ofMillis(200);

    private final BiFunction<Path, Scope, VectorStore> stores;
    private final Predicate<Path> present;
    private final Supplier<TextEncoder> loader;
    private final String model;
    private final PrintStream log;
    private final Map<Path, Scope> graphs = new ConcurrentHashMap<>();
    private final Map<Path, EmbeddingJob> jobs = new ConcurrentHashMap<>();
    private final Map<Path, VectorIndex> indexes = new ConcurrentHashMap<>();
    private final Set<Path> opened = new LinkedHashSet<>();
    private final Object signal = new Object();
    private final Thread worker;
    private volatile Status status = Status.idle;
    private volatile TextEncoder encoder;
    private volatile String problem = "";
    private volatile boolean loadWanted;
    private volatile boolean closed;
    private boolean started;
    private int sweeps;

    /**
     * @param stores opens a graph's vectors on a connection of the worker's own
     * @param loader loads the model (called once, on the worker thread)
     * @param model  the id of the model {@code loader} loads, known before loading it
     * @param log    where a model that cannot load says why
     */
    public BackgroundEmbedding(BiFunction<Path, Scope, VectorStore> stores, Supplier<TextEncoder> loader, String model,
                               PrintStream log) {
        this(stores, Files::exists, loader, model, log);
    }

    /**
     * @param present whether a graph is still there: a SQLite graph is its file (opening a deleted one would make it
     *                again); a graph in a database server is named by that path, and no file is ever there
     */
    public BackgroundEmbedding(BiFunction<Path, Scope, VectorStore> stores, Predicate<Path> present,
                               Supplier<TextEncoder> loader, String model, PrintStream log) {
        this.stores = stores;
        this.present = present;
        this.loader = loader;
        this.model = model;
        this.log = log;
        this.worker = new Thread(this::work, "graphiti-embed");
        worker.setDaemon(true);
        worker.setPriority(Thread.MIN_PRIORITY);
    }

    @Override
    public Optional<TextEncoder> encoder() {
        if (status == Status.ready) {
            // A shared model whose host is (re)starting: words now, meaning once it answers.
            return encoder.available() ? Optional.of(encoder) : Optional.empty();
        }
        if (status == Status.idle) {
            loadWanted = true;
            wake(null);
        }
        return Optional.empty();
    }

    @Override
    public Status status() {
        return status;
    }

    @Override
    public String problem() {
        return problem;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public VectorIndex index(Path database) {
        return indexes.computeIfAbsent(database.toAbsolutePath().normalize(), path -> new VectorIndex(EmbeddingModel.CURRENT.dimensions()));
    }

    @Override
    public void opened(Path database, Scope scope) {
        Path file = database.toAbsolutePath().normalize();
        graphs.put(file, scope);
        wake(file);
    }

    private void wake(Path database) {
        synchronized (signal) {
            if (!started && !closed) {
                started = true;
                worker.start();
            }
            if (database != null) {
                opened.add(database);
            }
            signal.notifyAll();
        }
    }

    private void work() {
        long nextSweep = System.nanoTime() + SWEEP.toNanos();
        while (!closed) {
            Set<Path> due;
            try {
                synchronized (signal) {
                    long wait = Math.max(1, (nextSweep - System.nanoTime()) / 1_000_000);
                    if (opened.isEmpty() && !loadWanted) {
                        signal.wait(wait);
                    }
                }
                if (closed) {
                    return;
                }
                if (loadWanted) {
                    load();
                }
                Thread.sleep(SETTLE.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            synchronized (signal) {
                due = new LinkedHashSet<>(opened);
                opened.clear();
            }
            if (System.nanoTime() - nextSweep >= 0) {
                if (++sweeps % SWEEPS_PER_FULL_CHECK == 0) {
                    jobs.clear();
                }
                due.addAll(graphs.keySet());
                nextSweep = System.nanoTime() + SWEEP.toNanos();
            }
            for (Path database : due) {
                if (closed) {
                    return;
                }
                embed(database);
            }
        }
    }

    private void embed(Path database) {
        if (!present.test(database)) {
            // Deleted since: opening it would create it again.
            graphs.remove(database);
            jobs.remove(database);
            return;
        }
        EmbeddingJob job = jobs.computeIfAbsent(database, path -> new EmbeddingJob(model));
        Scope scope = graphs.getOrDefault(database, Scope.project);
        try {
            boolean pending;
            try (VectorStore store = stores.apply(database, scope)) {
                pending = job.pending(store);
            }
            // The model loads (a second or more) with no connection open: a server whose client leaves meanwhile
            // must not exit holding one, or the graph's write-ahead log is left behind unmerged.
            if (!pending || !load() || !answering() || closed) {
                return;
            }
            try (VectorStore store = stores.apply(database, scope)) {
                job.run(store, encoder, done -> { }, () -> closed);
            }
        } catch (RuntimeException e) {
            log.println("graphiti: embedding " + database + " failed: " + e.getMessage());
        }
    }

    /** Waits until the model answers (a shared model's host starts in the background); false when closed meanwhile. */
    private boolean answering() {
        while (!encoder.available()) {
            synchronized (signal) {
                if (closed) {
                    return false;
                }
                try {
                    signal.wait(ANSWER_POLL.toMillis());
                } catch (InterruptedException e) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Loads the model unless it is loaded or cannot be; true when it is there. */
    private boolean load() {
        loadWanted = false;
        if (status == Status.ready) {
            return true;
        }
        if (status == Status.unavailable) {
            return false;
        }
        status = Status.loading;
        try {
            encoder = loader.get();
            status = Status.ready;
            return true;
        } catch (RuntimeException | LinkageError e) {
            problem = e.getClass().getSimpleName() + ": " + e.getMessage();
            status = Status.unavailable;
            log.println("graphiti: the embedding model cannot load here, so search uses words only (" + problem + ")");
            return false;
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (signal) {
            signal.notifyAll();
        }
        worker.interrupt();
        try {
            worker.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (encoder instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing down: nothing to do about it
            }
        }
    }
}
