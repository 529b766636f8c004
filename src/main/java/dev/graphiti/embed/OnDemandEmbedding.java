package dev.graphiti.embed;

import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.VectorIndex;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Semantic search for one command (`graphiti search`): the model loads on this thread when a search first asks for
 * it, which it does only once the graph is known to hold vectors to compare with, and closes with this. Nothing
 * is embedded here (that is `graphiti embed`'s, or a server's in the background).
 */
public final class OnDemandEmbedding implements SemanticSearch {

    private final Supplier<TextEncoder> loader;
    private final String model;
    private final Map<Path, VectorIndex> indexes = new HashMap<>();
    private Status status = Status.idle;
    private TextEncoder encoder;
    private String problem = "";

    /** @param loader loads the model {@code model} names (called at most once) */
    public OnDemandEmbedding(Supplier<TextEncoder> loader, String model) {
        this.loader = loader;
        this.model = model;
    }

    /** The e5 model the servers and `graphiti embed` use, loaded when wanted. */
    public static OnDemandEmbedding e5() {
        // A lambda, not E5Encoder::load: onnxruntime's classes resolve inside encoder(), where a platform without
        // its native library becomes "unavailable" instead of a crash.
        return new OnDemandEmbedding(() -> E5Encoder.load(), EmbeddingModel.CURRENT.id());
    }

    @Override
    public synchronized Optional<TextEncoder> encoder() {
        if (status == Status.idle) {
            try {
                encoder = loader.get();
                status = Status.ready;
            } catch (RuntimeException | LinkageError e) {
                problem = e.getClass().getSimpleName() + ": " + e.getMessage();
                status = Status.unavailable;
            }
        }
        return Optional.ofNullable(encoder);
    }

    @Override
    public synchronized Status status() {
        return status;
    }

    @Override
    public synchronized String problem() {
        return problem;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public synchronized VectorIndex index(Path database) {
        return indexes.computeIfAbsent(database.toAbsolutePath().normalize(), path -> new VectorIndex(EmbeddingModel.CURRENT.dimensions()));
    }

    @Override
    public void opened(Path database, Scope scope) {
        // one search: nothing to embed in the background
    }

    @Override
    public synchronized void close() {
        if (encoder instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // the search is done either way
            }
        }
        encoder = null;
    }
}
