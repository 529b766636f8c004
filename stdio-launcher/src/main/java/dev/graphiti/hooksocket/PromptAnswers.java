package dev.graphiti.hooksocket;

/** What `graphiti recall --prompt` prints for a hook's JSON, computed by the running server. */
@FunctionalInterface
public interface PromptAnswers {

    /** The hook's stdout for {@code hookJson}: the additionalContext object, or nothing when nothing is relevant. */
    byte[] answer(byte[] hookJson);

    /** Readies the first answer (loads and compiles what it runs, opens the graph), so it fits the hook's timeout. */
    default void prepare() {
    }
}
