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
 * never told it again by the other, and two installs' hooks (user and project) running at once tell it once.
 */
public final class ToldItems {

    private final Path directory;
    private final Clock clock;

    /** @param directory where the sessions' files live, e.g. {@code <graphiti home>/hooks/told} */
    public ToldItems(Path directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    /** The ids {@code sessionId} has been told; none for a session this never saw. */
    public Set<String> told(String sessionId) throws IOException {
        Path file = file(sessionId);
        if (!Files.exists(file)) {
            return Set.of();
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
             FileLock lock = channel.lock(0, Long.MAX_VALUE, true)) {
            return read(channel);
        }
    }

    /** Records {@code ids} as told to {@code sessionId} and returns those it had not been told (the ones to tell). */
    public List<String> tell(String sessionId, List<String> ids) throws IOException {
        Files.createDirectories(directory);
        Path file = file(sessionId);
        boolean fresh = !Files.exists(file);
        List<String> fresher = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            Set<String> told = read(channel);
            StringBuilder added = new StringBuilder();
            for (String id : ids) {
                if (told.add(id)) {
                    fresher.add(id);
                    added.append(id).append('\n');
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

    private static Set<String> read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 20));
        channel.read(buffer, 0);
        Set<String> ids = new LinkedHashSet<>();
        new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).lines()
                .filter(line -> !line.isBlank()).forEach(ids::add);
        return ids;
    }
}
