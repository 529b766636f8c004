package dev.graphiti.ingest.transcript;

import dev.graphiti.graph.Anchor;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The files a session touched around a captured turn, as anchors: the paths its tool calls read or changed within
 * {@value #WINDOW} turns either side of the turn, relative to the project's root (or, for a session run in another
 * checkout of it, to the session's directory); a file outside both is dropped.
 */
final class TouchedFiles {

    /** Turns either side of the captured one whose tool calls count: the reading before a rule, the edit after it. */
    static final int WINDOW = 6;
    /** At most this many files per item: a session that touched more was not about each. */
    static final int MOST = 12;

    private final TranscriptChunk chunk;
    private final Optional<Path> root;

    TouchedFiles(TranscriptChunk chunk, Optional<Path> root) {
        this.chunk = chunk;
        this.root = root.map(r -> r.toAbsolutePath().normalize());
    }

    /** The files touched around the turn said at {@code at} (the whole chunk's when no turn has that time). */
    List<Anchor> around(Instant at) {
        int turn = turn(chunk, at);
        Set<String> paths = new LinkedHashSet<>();
        for (Touch touch : chunk.touched()) {
            if (!touch.ran() && near(touch, turn)) {
                relative(touch).ifPresent(paths::add);
            }
        }
        return paths.stream().limit(MOST).map(path -> Anchor.file(path, Anchor.Origin.touched)).toList();
    }

    /** The files touched by calls whose turn is after {@code after} and at most {@code to}, relative as anchors are. */
    List<String> between(int after, int to) {
        Set<String> paths = new LinkedHashSet<>();
        for (Touch touch : chunk.touched()) {
            if (!touch.ran() && touch.turn() > after && touch.turn() <= to) {
                relative(touch).ifPresent(paths::add);
            }
        }
        return paths.stream().limit(MOST).toList();
    }

    /** The index of the chunk's turn said at {@code at}; -1 when none was (then the whole chunk is around it). */
    static int turn(TranscriptChunk chunk, Instant at) {
        for (int i = 0; i < chunk.turns().size() && at != null; i++) {
            if (at.equals(chunk.turns().get(i).timestamp())) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code touch} was within {@value #WINDOW} turns of turn {@code turn} (any, when that is -1). */
    static boolean near(Touch touch, int turn) {
        return turn < 0 || Math.abs(touch.turn() - turn) <= WINDOW;
    }

    private Optional<String> relative(Touch touch) {
        try {
            Optional<Path> cwd = touch.cwd().isBlank() ? Optional.empty() : Optional.of(Path.of(touch.cwd()).normalize());
            Path named = Path.of(touch.path());
            Optional<Path> file = named.isAbsolute() ? Optional.of(named.normalize())
                    : cwd.map(dir -> dir.resolve(named).normalize());
            if (file.isEmpty()) {
                return Optional.empty();
            }
            return root.filter(file.get()::startsWith).or(() -> cwd.filter(file.get()::startsWith))
                    .filter(base -> !Objects.equals(base, file.get()))
                    .map(base -> base.relativize(file.get()).toString().replace('\\', '/'));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
