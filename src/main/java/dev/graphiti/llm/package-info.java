/**
 * The optional language model: an OpenAI-compatible chat-completions endpoint, configured with
 * {@code llm.endpoint}, {@code llm.model} and {@code llm.api_key}. Nothing here is called when no endpoint is set.
 */
package dev.graphiti.llm;
