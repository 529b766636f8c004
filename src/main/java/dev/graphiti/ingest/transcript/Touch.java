package dev.graphiti.ingest.transcript;

/**
 * What one of the session's tool calls touched: a file it read or changed (Claude Code's Read, Edit, Write..., each
 * agent's own file tools and patches, as its reader names them), {@code path} as the call named it, or a shell command
 * it ran ({@code command}, the path then empty); {@code cwd} the session's directory then, and {@code turn} the index
 * in the chunk's turns of the next turn with words (the turns before it were said before the call).
 */
public record Touch(int turn, String path, String cwd, String command) {

    /** A file a tool call read or changed. */
    public Touch(int turn, String path, String cwd) {
        this(turn, path, cwd, "");
    }

    /** A shell command a tool call ran. */
    static Touch ran(int turn, String command, String cwd) {
        return new Touch(turn, "", cwd, command);
    }

    /** Whether this is a command run, not a file touched. */
    boolean ran() {
        return !command.isBlank();
    }
}
