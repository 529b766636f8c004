package dev.graphiti.hook;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The items a session has been told about the files it touched (the PreToolUse hook), so each is told at most once
 * a session: one file per session id in the graphiti home, the items' ids a line each, written under a file lock.
 * The cold hook and every server of the user read and write the same files, so a session told an item by one is
 * never told it again by the other, and two installs' hooks (user and project) running at once tell it once. A line
 * is an id, or an id and the {@link HookRun} whose server answer told it: that run's cold command tells it again
 * (the answer was lost), no other run does.
 */
public final class ToldItems {

    private final Path directory;
    private final Clock clock;

    /** @param directory where the sessions' files live, e.g. {@code <graphiti home>/hooks/told} */
    public ToldItems(Path directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    /** The ids {@code sessionId} has been told, but for those only {@code run}'s lost answer told; none for a new session. */
    public Set<String> told(String sessionId, HookRun run) throws IOException {
        Path file = file(sessionId);
        if (!Files.exists(file)) {
            return Set.of();
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
             FileLock lock = channel.lock(0, Long.MAX_VALUE, true)) {
            return told(read(channel), run);
        }
    }

    /**
     * Records {@code ids} as told to {@code sessionId} by {@code run} and returns those it had not been told (the ones
     * to tell).
     */
    public List<String> tell(String sessionId, List<String> ids, HookRun run) throws IOException {
        Files.createDirectories(directory);
        Path file = file(sessionId);
        boolean fresh = !Files.exists(file);
        List<String> fresher = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            List<String> lines = read(channel);
            Set<String> told = told(lines, run);
            Set<String> recorded = told(lines, HookRun.NONE);
            StringBuilder added = new StringBuilder();
            for (String id : ids) {
                if (told.add(id)) {
                    fresher.add(id);
                    if (recorded.add(id)) {
                        added.append(id).append(run.id().map(r -> " " + r).orElse("")).append('\n');
                    }
                }
            }
            channel.write(ByteBuffer.wrap(added.toString().getBytes(StandardCharsets.UTF_8)), channel.size());
        }
        if (fresh) {
            SessionStartClaims.prune(directory, clock.millis());
        }
        return fresher;
    }

    private Path file(String sessionId) {
        return directory.resolve(SessionStartClaims.safe(sessionId));
    }

    private static List<String> read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 20));
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).lines()
                .filter(line -> !line.isBlank()).toList();
    }

    /** The ids of {@code lines} ("id" or "id run"), but for those {@code run} told. */
    private static Set<String> told(List<String> lines, HookRun run) {
        Set<String> ids = new LinkedHashSet<>();
        for (String line : lines) {
            String[] parts = line.split(" ", 2);
            if (parts.length == 1 || !run.made(parts[1])) {
                ids.add(parts[0]);
            }
        }
        return ids;
    }
}
