package dev.graphiti.service;

import dev.graphiti.config.SharedModelSettings;
import dev.graphiti.embed.BackgroundEmbedding;
import dev.graphiti.embed.E5Encoder;
import dev.graphiti.embed.EmbeddingModel;
import dev.graphiti.embed.HostStart;
import dev.graphiti.embed.ModelAddress;
import dev.graphiti.embed.SharedModel;
import dev.graphiti.graph.GraphStore;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A long-lived server's semantic search: the e5 model, loaded in the background when first wanted, each graph's
 * vectors opened on a connection of the embedding worker's own. One-shot commands and hooks never build it. The
 * model is the machine's shared one ({@link SharedModel}) unless the settings turn it off or this process cannot
 * start its host (inside an application server): then it loads in this process.
 */
public final class ServerEmbedding {

    private ServerEmbedding() {
    }

    /**
     * For graphs in {@code store} (the store's {@code Stores.forEmbedding}: PostgreSQL's pool when configured).
     * @param log where a model that cannot load says why
     * @param shared the shared model's settings
     * @param home the graphiti home, where the shared model's socket lives
     */
    public static SemanticSearch start(PrintStream log, GraphStore store, SharedModelSettings shared, Path home) {
        // A lambda, not E5Encoder::load: a method reference resolves E5Encoder (and onnxruntime's exception class)
        // when the server starts; the lambda's body only when the model is wanted.
        Supplier<TextEncoder> inProcess = () -> E5Encoder.load();
        Supplier<TextEncoder> loader = shared(shared, home)
                .<Supplier<TextEncoder>>map(host -> () -> SharedModel.connect(host.address(), host.start(), inProcess, log))
                .orElse(inProcess);
        return new BackgroundEmbedding(store::openVectors, store::stillThere, loader, EmbeddingModel.CURRENT.id(), log);
    }

    record Host(ModelAddress address, HostStart start) {
    }

    static Optional<Host> shared(SharedModelSettings settings, Path home) {
        if (!settings.on()) {
            return Optional.empty();
        }
        Optional<String> classPath = HostStart.classPath();
        Optional<String> build = build();
        if (classPath.isEmpty() || build.isEmpty()) {
            return Optional.empty();
        }
        ModelAddress address = ModelAddress.of(home, build.get());
        return Optional.of(new Host(address, HostStart.of(address, build.get(), classPath.get(), settings.idle())));
    }

    /** This build, as the size and time of the jar (or classes) the code runs from: two builds never share a host. */
    private static Optional<String> build() {
        try {
            Path code = Path.of(ServerEmbedding.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Optional.of(Long.toHexString(Files.size(code)) + "-" + Long.toHexString(Files.getLastModifiedTime(code).toMillis()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
