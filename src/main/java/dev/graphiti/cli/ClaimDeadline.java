package dev.graphiti.cli;

import java.util.Optional;

/**
 * When a hook answered through the server's socket may still claim its prompt or tell its items: the socket's client
 * waits 2 s, then runs the cold command. An answer the server finishes later would claim what nobody reads, and the
 * cold command would then find it claimed and say nothing: under load the user lost the recall. Past the deadline the
 * server's answer claims nothing and is empty; the cold command, which has none, always may.
 */
record ClaimDeadline(Optional<Long> epochMillis) {

    boolean passed() {
        return epochMillis.isPresent() && System.currentTimeMillis() > epochMillis.get();
    }
}
