package dev.graphiti.llm;

/** The model could not answer; the message says why (never with the API key). */
public final class LlmException extends RuntimeException {

    public LlmException(String message) {
        super(message);
    }
}
