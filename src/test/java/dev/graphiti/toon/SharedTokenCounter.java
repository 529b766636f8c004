package dev.graphiti.toon;

/** One loaded tokenizer for the whole test run: loading o200k_base takes seconds on a busy machine. */
final class SharedTokenCounter {
    static final TokenCounter COUNTER = new TokenCounter().awaitReady();

    private SharedTokenCounter() {
    }
}
