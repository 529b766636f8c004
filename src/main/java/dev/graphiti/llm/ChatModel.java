package dev.graphiti.llm;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * A client of an OpenAI-compatible chat-completions endpoint: one system and one user message in, the
 * first choice's text out. Callers redact what they send; failures are {@link LlmException}s whose
 * messages name the endpoint and the HTTP status, never the key.
 */
public final class ChatModel {

    private static final JsonProvider JSON = JsonProvider.provider();
    private static final int MAX_ERROR_CHARS = 200;

    private final LlmSettings settings;
    private final HttpClient http;
    private final Duration timeout;

    public ChatModel(LlmSettings settings, Duration timeout) {
        this.settings = settings;
        this.timeout = timeout;
        // HTTP/1.1: local model servers (llama.cpp, vLLM behind uvicorn) mishandle the h2c upgrade of a POST
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    /** The model's answer to {@code system} + {@code user}, stripped. */
    public String complete(String system, String user, int maxTokens) {
        var messages = JSON.createArrayBuilder()
                .add(JSON.createObjectBuilder().add("role", "system").add("content", system))
                .add(JSON.createObjectBuilder().add("role", "user").add("content", user));
        var body = JSON.createObjectBuilder().add("messages", messages).add("max_tokens", maxTokens).add("temperature", 0);
        if (!settings.model().isEmpty()) {
            body.add("model", settings.model());
        }
        HttpRequest request = authorized(HttpRequest.newBuilder(settings.resolve("/chat/completions")))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.build().toString())).build();
        JsonObject answer = parse(send(request));
        try {
            JsonValue content = answer.getJsonArray("choices").getJsonObject(0).getJsonObject("message").get("content");
            if (content instanceof JsonString text && !text.getString().isBlank()) {
                return text.getString().strip();
            }
        } catch (RuntimeException e) {
            // falls through to the message below
        }
        throw new LlmException(settings.endpoint() + " answered without a message in choices[0]");
    }

    /** Asks GET /models: a description of what answered (the configured model is listed or not). */
    public String probe() {
        String body = send(authorized(HttpRequest.newBuilder(settings.resolve("/models"))).GET().build());
        if (settings.model().isEmpty()) {
            return settings.endpoint() + " answers (no llm.model set: the server's default model is used)";
        }
        return settings.endpoint() + " answers" + (body.contains("\"" + settings.model() + "\"")
                ? ", model " + settings.model() + " is listed" : "; model " + settings.model() + " is not in its /models list");
    }

    private HttpRequest.Builder authorized(HttpRequest.Builder builder) {
        builder.timeout(timeout);
        if (!settings.apiKey().isEmpty()) {
            builder.header("Authorization", "Bearer " + settings.apiKey());
        }
        return builder;
    }

    private String send(HttpRequest request) {
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new LlmException(request.uri() + " did not answer within " + timeout.toSeconds() + " s");
        } catch (java.net.ConnectException e) {
            throw new LlmException("cannot reach " + request.uri() + ": nothing answers there (is the model server running?)");
        } catch (IOException e) {
            throw new LlmException("cannot reach " + request.uri() + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmException("interrupted while waiting for " + request.uri());
        }
        if (response.statusCode() / 100 != 2) {
            String body = response.body() == null ? "" : response.body().strip();
            if (!settings.apiKey().isEmpty()) {
                body = body.replace(settings.apiKey(), "[llm.api_key]"); // some servers echo the key they refused
            }
            throw new LlmException(request.uri() + " answered HTTP " + response.statusCode()
                    + (response.statusCode() == 401 || response.statusCode() == 403 ? " (check llm.api_key)" : "")
                    + (body.isEmpty() ? "" : ": " + body.substring(0, Math.min(MAX_ERROR_CHARS, body.length()))));
        }
        return response.body();
    }

    private JsonObject parse(String body) {
        try (var reader = JSON.createReader(new StringReader(body))) {
            return reader.readObject();
        } catch (RuntimeException e) {
            throw new LlmException(settings.endpoint() + " answered something that is not a JSON object");
        }
    }
}
