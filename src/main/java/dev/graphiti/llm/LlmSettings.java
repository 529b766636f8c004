package dev.graphiti.llm;

import java.net.URI;
import java.util.Optional;

/**
 * Where the model is: an OpenAI-compatible base URL (e.g. https://api.openai.com/v1 or a local server's
 * http://127.0.0.1:11434/v1), the model name, and the API key (empty when the server needs none).
 */
public record LlmSettings(URI endpoint, String model, String apiKey) {

    /** Empty when no endpoint is configured: graphiti then never calls a model. */
    public static Optional<LlmSettings> of(String endpoint, String model, String apiKey) {
        if (endpoint == null || endpoint.isBlank()) {
            return Optional.empty();
        }
        String base = endpoint.strip().replaceFirst("/+$", "").replaceFirst("/chat/completions$", "");
        return Optional.of(new LlmSettings(URI.create(base), model == null ? "" : model.strip(),
                apiKey == null ? "" : apiKey.strip()));
    }

    URI resolve(String path) {
        return URI.create(endpoint + path);
    }

    @Override
    public String toString() {
        return "LlmSettings[" + endpoint + ", model " + model + "]"; // the key stays out of logs and messages
    }
}
