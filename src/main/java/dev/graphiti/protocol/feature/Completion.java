package dev.graphiti.protocol.feature;

import java.util.Map;

/** Completes the arguments of one prompt or resource template for completion/complete. */
public interface Completion {

    CompletionReference reference();

    /**
     * Suggests values for {@code argument} starting from what the user typed ({@code value});
     * {@code context} holds the arguments already resolved.
     */
    CompletionResult complete(String argument, String value, Map<String, String> context) throws Exception;
}
