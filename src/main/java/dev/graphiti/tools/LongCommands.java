package dev.graphiti.tools;

import java.util.Set;
import java.util.concurrent.Semaphore;

/**
 * How many long commands (imports, exports, indexing, captures, compactions) the tools run at once, whoever asks:
 * each can keep a core busy until its timeout, so more of them would slow every other client's quick calls
 * (search, list, show) and, while waiting, hold the worker threads those need. A call beyond the limit is refused
 * at once, saying so, and nothing of it is done.
 */
final class LongCommands {

    static final Set<String> NAMES = Set.of("import", "export", "index", "capture", "compact");

    /** What a running command holds; closing it lets the next long command in. */
    interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private final int limit;
    private final Semaphore running;

    LongCommands(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("graphiti.mcp.long-commands must be at least 1: " + limit);
        }
        this.limit = limit;
        this.running = new Semaphore(limit);
    }

    /** A permit for {@code command} (the subcommand's name); refused while {@code limit} long commands run. */
    Permit enter(String command) {
        if (!NAMES.contains(command)) {
            return () -> { };
        }
        if (!running.tryAcquire()) {
            throw new IllegalStateException("the server is already running " + limit + " long "
                    + (limit == 1 ? "command" : "commands") + " (import, export, index, capture, compact), its limit"
                    + " (graphiti.mcp.long-commands); nothing was done: try graphiti " + command + " again in a minute");
        }
        return running::release;
    }
}
