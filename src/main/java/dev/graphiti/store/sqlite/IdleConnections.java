package dev.graphiti.store.sqlite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Connections a long-lived process keeps open between commands: the MCP server runs a CLI command per
 * tool call, and opening a connection (the file, its pragmas, parsing the schema) costs about a millisecond
 * of a context read's ten. A connection comes back only outside a transaction; one whose file was deleted
 * or replaced since is closed, never reused, so nothing is written to a file nobody can see. A few are
 * kept per database and a few more in all, the least recently used closed first: a team server that
 * serves many projects holds no more open files and page caches than a small one.
 */
public final class IdleConnections implements AutoCloseable {

    static final int PER_DATABASE = 4;
    static final int IN_ALL = 16;

    /** Most recently kept first. */
    private final LinkedList<Idle> idle = new LinkedList<>();
    private boolean closed;

    /** An idle connection to {@code file} opened with {@code busyTimeout}, when one is still good. */
    Optional<Kept> take(Path file, Duration busyTimeout) {
        Object current = fileKey(file);
        List<Kept> stale = new ArrayList<>();
        Optional<Kept> found = Optional.empty();
        synchronized (this) {
            for (Iterator<Idle> it = idle.iterator(); it.hasNext() && found.isEmpty(); ) {
                Idle candidate = it.next();
                if (candidate.file.equals(file) && candidate.busyTimeout.equals(busyTimeout)) {
                    it.remove();
                    if (current != null && current.equals(candidate.kept.fileKey())) {
                        found = Optional.of(candidate.kept);
                    } else {
                        stale.add(candidate.kept);
                    }
                }
            }
        }
        stale.forEach(kept -> SqliteStore.closeQuietly(kept.connection()));
        if (found.isPresent() && !open(found.get().connection())) {
            SqliteStore.closeQuietly(found.get().connection());
            return Optional.empty();
        }
        return found;
    }

    /**
     * Keeps a connection for the next command, or closes it: inside a transaction, or its file no longer
     * the one it opened. Keeping it may close the least recently used beyond the limits.
     */
    void give(Path file, Duration busyTimeout, Kept connection) {
        Object current = fileKey(file);
        if (current == null || !current.equals(connection.fileKey()) || !outsideTransaction(connection.connection())) {
            SqliteStore.closeQuietly(connection.connection());
            return;
        }
        List<Kept> evicted = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                evicted.add(connection);
            } else {
                idle.addFirst(new Idle(file, busyTimeout, connection));
                int sameDatabase = 0;
                for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                    Idle kept = it.next();
                    boolean same = kept.file.equals(file) && ++sameDatabase > PER_DATABASE;
                    if (same) {
                        it.remove();
                        evicted.add(kept.kept);
                    }
                }
                while (idle.size() > IN_ALL) {
                    evicted.add(idle.removeLast().kept);
                }
            }
        }
        evicted.forEach(kept -> SqliteStore.closeQuietly(kept.connection()));
    }

    /** How many connections to {@code file} are kept. */
    synchronized int kept(Path file) {
        return (int) idle.stream().filter(kept -> kept.file.equals(file)).count();
    }

    /** How many connections are kept in all. */
    synchronized int kept() {
        return idle.size();
    }

    @Override
    public void close() {
        List<Idle> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(idle);
            idle.clear();
        }
        all.forEach(kept -> SqliteStore.closeQuietly(kept.kept.connection()));
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

    /** A connection and the identity its file had when it was opened. */
    record Kept(Connection connection, Object fileKey) {
    }

    private record Idle(Path file, Duration busyTimeout, Kept kept) {
    }
}
