package dev.graphiti.cli;

import dev.graphiti.toon.TokenCounter;
import java.util.function.Supplier;

/**
 * The token counter of one {@link Cli}: created on first use (a CLI run that counts nothing never loads
 * the vocabulary), then shared by every later run, so an in-process runner pays the load once.
 */
final class SharedTokenCounter implements Supplier<TokenCounter> {

    private TokenCounter counter;

    @Override
    public synchronized TokenCounter get() {
        if (counter == null) {
            counter = new TokenCounter();
        }
        return counter;
    }
}
