package dev.graphiti.hooksocket;

import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.VectorIndex;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The server's semantic search as the prompt hook may use it: its model once the server has loaded it, never a
 * reason to load it. A prompt asks for nothing (no load, no background embedding of the graph it opens), so the
 * hook stays as cheap as it was while the model is not wanted, and is ranked by meaning too once it is ready.
 * Closing this leaves the server's model alone.
 */
final class LoadedModelOnly implements SemanticSearch {

    private final SemanticSearch server;

    LoadedModelOnly(SemanticSearch server) {
        this.server = server;
    }

    @Override
    public Optional<TextEncoder> encoder() {
        return server.status() == Status.ready ? server.encoder() : Optional.empty();
    }

    @Override
    public void close() {
        // the server's, closed with the server
    }

    @Override
    public Status status() {
        return server.status();
    }

    @Override
    public String problem() {
        return server.problem();
    }

    @Override
    public String model() {
        return server.model();
    }

    @Override
    public VectorIndex index(Path database) {
        return server.index(database);
    }

    @Override
    public void opened(Path database, Scope scope) {
        // the server's own tools tell it about the graph; a prompt is no reason to start embedding
    }
}
