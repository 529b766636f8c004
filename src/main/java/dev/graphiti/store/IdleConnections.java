package dev.graphiti.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Connections a long-lived process keeps open between commands: the MCP server runs a CLI command per
 * tool call, and opening a connection (the file, its pragmas, parsing the schema) costs about a millisecond
 * of a context read's ten. A connection comes back only outside a transaction; one whose file was deleted
 * or replaced since is closed, never reused, so nothing is written to a file nobody can see.
 */
public final class IdleConnections implements AutoCloseable {

    static final int PER_DATABASE = 4;

    private final Map<Key, Deque<Kept>> idle = new HashMap<>();
    private boolean closed;

    /** An idle connection to {@code file} opened with {@code busyTimeout}, when one is still good. */
    Optional<Kept> take(Path file, Duration busyTimeout) {
        Object current = fileKey(file);
        while (true) {
            Kept candidate;
            synchronized (this) {
                Deque<Kept> kept = idle.get(new Key(file, busyTimeout));
                candidate = kept == null ? null : kept.pollFirst();
            }
            if (candidate == null) {
                return Optional.empty();
            }
            if (current != null && current.equals(candidate.fileKey()) && open(candidate.connection())) {
                return Optional.of(candidate);
            }
            SqliteStore.closeQuietly(candidate.connection());
        }
    }

    /**
     * Keeps a connection for the next command, or closes it: inside a transaction, too many kept, or its
     * file no longer the one it opened.
     */
    void give(Path file, Duration busyTimeout, Kept connection) {
        Object current = fileKey(file);
        if (current != null && current.equals(connection.fileKey()) && outsideTransaction(connection.connection())) {
            synchronized (this) {
                Deque<Kept> kept = idle.computeIfAbsent(new Key(file, busyTimeout), k -> new ArrayDeque<>());
                if (!closed && kept.size() < PER_DATABASE) {
                    kept.addFirst(connection);
                    return;
                }
            }
        }
        SqliteStore.closeQuietly(connection.connection());
    }

    /** How many connections to {@code file} are kept. */
    synchronized int kept(Path file) {
        return idle.entrySet().stream().filter(e -> e.getKey().file.equals(file)).mapToInt(e -> e.getValue().size()).sum();
    }

    @Override
    public void close() {
        List<Kept> all = new ArrayList<>();
        synchronized (this) {
            closed = true;
            idle.values().forEach(all::addAll);
            idle.clear();
        }
        all.forEach(kept -> SqliteStore.closeQuietly(kept.connection()));
    }

    /** The file's identity (device and inode on Unix; its path where the file system has none), or null when it is gone. */
    static Object fileKey(Path file) {
        try {
            Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            return Objects.requireNonNullElse(key, file);
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean open(Connection connection) {
        try {
            return !connection.isClosed();
        } catch (SQLException e) {
            return false;
        }
    }

    private static boolean outsideTransaction(Connection connection) {
        try {
            return !connection.isClosed() && connection.getAutoCommit();
        } catch (SQLException e) {
            return false;
        }
    }

    private record Key(Path file, Duration busyTimeout) {
    }

    /** A connection and the identity its file had when it was opened. */
    record Kept(Connection connection, Object fileKey) {
    }
}
