package dev.graphiti.protocol.feature;

import java.util.Map;

/** A prompt served through prompts/list and prompts/get. */
public interface Prompt {

    PromptDescriptor descriptor();

    /**
     * Renders the prompt; runs on a server worker thread. The server has already checked that every
     * required argument is present (else -32602).
     */
    PromptResult get(Map<String, String> arguments, RequestContext context) throws Exception;
}
