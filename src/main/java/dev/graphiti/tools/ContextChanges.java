package dev.graphiti.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Tells the subscribers of graphiti://context when what it says has changed, whichever process changed the
 * graph: this server, another session's, the CLI, a hook. Only while someone is subscribed, each project's
 * database file and write-ahead log are looked at every {@link #POLL} (size and modification time: any
 * process's commit changes the log); once they changed and then stayed still for a poll (or kept changing
 * for {@link #MAX_DELAY}), the context is assembled again, and its subscribers are told only when its text
 * differs from what they were last told of. Subscribers of one project share the looking. A graph kept in a database
 * server has no file to look at: its context is assembled again every {@link #UNSEEN_POLLS} polls and compared.
 */
final class ContextChanges<K> {

    static final Duration POLL = Duration.ofMillis(500);
    static final Duration MAX_DELAY = Duration.ofSeconds(5);
    /** A graph with no file (in PostgreSQL) has its context assembled again every this many polls (5 s). */
    static final int UNSEEN_POLLS = 10;
    private static final System.Logger LOG = System.getLogger(ContextChanges.class.getName());

    /** What the context said of a project, and the database it read. */
    record Snapshot(Path database, String text) {
    }

    private final Function<K, Snapshot> assemble;
    private final Duration poll;
    private final Map<K, Watched> watched = new HashMap<>();
    private ScheduledExecutorService poller;

    /** @param assemble the context of a project (throws when it cannot be assembled) */
    ContextChanges(Function<K, Snapshot> assemble, Duration poll) {
        this.assemble = assemble;
        this.poll = poll;
    }

    /** Starts telling {@code changed} about changes of {@code directory}'s context; closing the handle stops it. */
    AutoCloseable watch(K directory, Runnable changed) {
        Snapshot now = assemble.apply(directory);
        Runnable listener = changed::run; // its own identity, so one callback can subscribe twice
        synchronized (this) {
            watched.computeIfAbsent(directory, d -> new Watched(now)).listeners.add(listener);
            if (poller == null) {
                poller = Executors.newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, "graphiti-context-changes");
                    thread.setDaemon(true);
                    return thread;
                });
                poller.scheduleWithFixedDelay(this::pollAll, poll.toMillis(), poll.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        return () -> stop(directory, listener);
    }

    /** The number of projects being watched (none while no one is subscribed). */
    synchronized int watching() {
        return watched.size();
    }

    private synchronized void stop(K directory, Runnable listener) {
        Watched entry = watched.get(directory);
        if (entry == null || !entry.listeners.remove(listener) || !entry.listeners.isEmpty()) {
            return;
        }
        watched.remove(directory);
        if (watched.isEmpty()) {
            poller.shutdownNow();
            poller = null;
        }
    }

    private void pollAll() {
        Map<K, Watched> now;
        synchronized (this) {
            now = Map.copyOf(watched);
        }
        now.forEach((directory, entry) -> {
            try {
                entry.poll(directory);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "watching the context of " + directory + " failed: " + e);
            }
        });
    }

    /** One project's context as its subscribers last saw it, and the state of its database files. */
    private final class Watched {
        final List<Runnable> listeners = new CopyOnWriteArrayList<>();
        Snapshot seen;
        Optional<FileState> files;
        long changedAt;
        long assembledAt = System.nanoTime();

        Watched(Snapshot first) {
            this.seen = first;
            this.files = FileState.of(first.database());
        }

        void poll(K directory) {
            Optional<FileState> state = FileState.of(seen.database());
            long now = System.nanoTime();
            if (state.isEmpty() && files.isEmpty()) {
                // No file to look at: the graph is in a database server (PostgreSQL), where any process (another
                // instance too) may change it; compare the context itself, at a slower pace.
                if (now - assembledAt >= poll.toNanos() * UNSEEN_POLLS) {
                    assembleAndTell(directory);
                }
                return;
            }
            if (!state.equals(files)) {
                files = state;
                if (changedAt == 0) {
                    changedAt = now;
                }
                if (now - changedAt < MAX_DELAY.toNanos()) {
                    return; // wait until the writes settle: one notification for a burst
                }
            }
            if (changedAt == 0) {
                return;
            }
            assembleAndTell(directory);
        }

        private void assembleAndTell(K directory) {
            changedAt = 0;
            assembledAt = System.nanoTime();
            Snapshot current = assemble.apply(directory);
            files = FileState.of(current.database());
            boolean differs = !current.text().equals(seen.text());
            seen = current;
            if (differs) {
                listeners.forEach(Runnable::run);
            }
        }
    }

    /** Size and modification time of a database file and its write-ahead log; empty when the database is not there. */
    private record FileState(long size, long modified, long logSize, long logModified) {

        static Optional<FileState> of(Path database) {
            try {
                BasicFileAttributes file = Files.readAttributes(database, BasicFileAttributes.class);
                long logSize = -1;
                long logModified = -1;
                try {
                    BasicFileAttributes log = Files.readAttributes(Path.of(database + "-wal"), BasicFileAttributes.class);
                    logSize = log.size();
                    logModified = log.lastModifiedTime().to(TimeUnit.NANOSECONDS);
                } catch (NoSuchFileException e) {
                    // no log: every connection closed and checkpointed
                }
                return Optional.of(new FileState(file.size(), file.lastModifiedTime().to(TimeUnit.NANOSECONDS),
                        logSize, logModified));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }
}
