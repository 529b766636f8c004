package dev.graphiti.ingest.transcript;

/**
 * A file one of the session's tool calls read or changed (Claude Code's Read, Edit, Write..., each agent's own file
 * tools and patches, as its reader names them): {@code path} as
 * the call named it, {@code cwd} the session's directory then, and {@code turn} the index in the chunk's turns of the
 * next turn with words (the turns before it were said before the call).
 */
public record Touch(int turn, String path, String cwd) {
}
