package dev.graphiti.hooksocket;

import dev.graphiti.hook.HookRun;

/** What a hook's cold command prints for the hook's JSON, computed by the running server. */
@FunctionalInterface
public interface PromptAnswers {

    /**
     * The hook's stdout for {@code hookJson} as the hook {@code hook} prints it (see {@link RecallExchange#HOOKS}):
     * the hook's JSON or text, or nothing when there is nothing to add; what it claims, it claims in {@code run}'s name.
     */
    byte[] answer(String hook, byte[] hookJson, HookRun run);

    /** Readies the first answer (loads and compiles what it runs, opens the graph), so it fits the hook's timeout. */
    default void prepare() {
    }
}
