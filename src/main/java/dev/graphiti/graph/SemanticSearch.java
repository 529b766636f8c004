package dev.graphiti.graph;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Semantic search as a long-lived process offers it: an embedding model that loads once, in the background,
 * when first wanted; each graph's vectors held in memory; items embedded in the background after they arrive.
 * One-shot commands have none of this and search by words alone.
 */
public interface SemanticSearch extends AutoCloseable {

    /** The model when loaded; otherwise empty, and the loading starts if it had not. */
    Optional<TextEncoder> encoder();

    /** Stops the background work and releases the model. */
    @Override
    void close();

    /** What the model is doing, for search answers and health. */
    Status status();

    /** Why the model is unavailable; empty otherwise. */
    String problem();

    /** The id of the model this process embeds with (known before it loads). */
    String model();

    /** The vectors of the graph in {@code database}, held in memory. */
    VectorIndex index(Path database);

    /** The graph in {@code database} was opened: it may have items without vectors (written here or elsewhere). */
    void opened(Path database, Scope scope);

    /** Where the model stands. */
    enum Status {
        /** Not wanted yet in this process. */
        idle,
        loading,
        ready,
        /** It cannot load here (no native library for this platform, or too little memory): words only. */
        unavailable,
        /** This process never loads it (a one-shot command, a hook). */
        off
    }
}
