package dev.graphiti.graph;

import java.util.Objects;

/**
 * Where an item sits in the conversation it was captured from: the thread (a session) and a position that grows
 * along it. Search uses it to find a turn through its neighbours' words: the answer to "what is she excited
 * about?" is in the reply to the question, which shares no word with it.
 */
public record ThreadPosition(String thread, long position) {

    public ThreadPosition {
        Objects.requireNonNull(thread, "thread");
        if (thread.isBlank()) {
            throw new IllegalArgumentException("thread must not be blank");
        }
    }
}
