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
import java.time.Duration;
import java.util.stream.Stream;

/**
 * One context injection per session start (and one recall per prompt: {@link #claim(String, String)}). With graphiti installed for the user and for the project, Claude
 * Code runs both SessionStart hooks (they are different command lines) and would add the context twice. Each
 * hook claims the event (session id and source: startup, resume, clear, compact) under a file lock in the
 * graphiti home; the first claim prints, a claim of the same event within {@link #WINDOW} prints nothing.
 * The same session's next compaction or resume is a new event and gets the context again.
 */
public final class SessionStartClaims {

    /** Hooks of one event start together; Claude Code gives each at most 30 s. */
    static final Duration WINDOW = Duration.ofSeconds(30);
    private static final Duration KEPT = Duration.ofDays(2);

    private final Path directory;
    private final Clock clock;

    /** @param directory where the claims live, e.g. {@code <graphiti home>/hooks/session-start} */
    public SessionStartClaims(Path directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    /** True when this hook is the first for its session start event and should print the context. */
    public boolean claim(HookInput input, HookRun run) throws IOException {
        return claim(input.sessionId(), input.source().orElse("startup"), run);
    }

    /**
     * True when this hook is the first to claim {@code event} of the session (any name that tells one event from
     * another: a session start's source, a hash of a prompt) within the window, or when the claim is {@code run}'s own
     * (its server's answer was lost: {@link HookRun}).
     */
    public boolean claim(String sessionId, String event, HookRun run) throws IOException {
        Path file = directory.resolve(safe(sessionId) + "." + safe(event));
        Files.createDirectories(directory);
        boolean fresh = !Files.exists(file);
        long now;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            // Read under the lock: a clock read before waiting for it would be older than the winner's claim.
            now = clock.millis();
            ByteBuffer buffer = ByteBuffer.allocate(32);
            channel.read(buffer, 0);
            // "<epoch ms>" or "<epoch ms> <run>"
            String[] text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).strip().split(" ");
            long last = text[0].matches("\\d{1,19}") ? Long.parseLong(text[0]) : Long.MIN_VALUE;
            // Either side of the claim: two processes' clocks (or a clock stepped back) may disagree a little.
            if (last != Long.MIN_VALUE && Math.abs(now - last) < WINDOW.toMillis()
                    && !(text.length == 2 && run.made(text[1]))) {
                return false;
            }
            channel.truncate(0);
            String claim = now + run.id().map(id -> " " + id).orElse("");
            channel.write(ByteBuffer.wrap(claim.getBytes(StandardCharsets.US_ASCII)), 0);
        }
        if (fresh) {
            prune(directory, now);
        }
        return true;
    }

    /** Session ids are UUIDs; anything else is reduced to what is safe in a file name. */
    static String safe(String text) {
        String kept = text.replaceAll("[^A-Za-z0-9_-]", "_");
        return kept.length() > 100 ? kept.substring(0, 100) + "_" + Integer.toHexString(text.hashCode()) : kept;
    }

    /** Files of sessions long gone (claims, told items); best effort, a hook never fails over housekeeping. */
    static void prune(Path directory, long now) {
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(f -> {
                try {
                    return now - Files.getLastModifiedTime(f).toMillis() > KEPT.toMillis();
                } catch (IOException e) {
                    return false;
                }
            }).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException ignored) {
                    // another hook removed it, or it is not ours to remove
                }
            });
        } catch (IOException ignored) {
            // nothing to prune
        }
    }
}
