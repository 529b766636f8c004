package dev.graphiti.exchange;

import dev.graphiti.graph.GraphException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A file written beside its target and moved into place when complete, so a failed export leaves no half file. */
final class AtomicFile implements AutoCloseable {

    private final Path target;
    private final Path partial;
    private final BufferedWriter writer;
    private boolean done;

    AtomicFile(Path target) {
        this.target = target.toAbsolutePath();
        try {
            Path parent = this.target.getParent();
            Files.createDirectories(parent);
            this.partial = Files.createTempFile(parent, "." + this.target.getFileName(), ".partial");
            this.writer = Files.newBufferedWriter(partial, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GraphException("cannot write " + target + " (" + e.getMessage() + ")", e);
        }
    }

    Writer writer() {
        return writer;
    }

    void commit() {
        try {
            writer.close();
            try {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } catch (IOException e) {
            throw new GraphException("cannot write " + target + " (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public void close() {
        if (!done) {
            try {
                writer.close();
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                // the partial file is named as such; nothing else depends on it
            }
        }
    }
}
