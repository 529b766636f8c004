package dev.graphiti.launcher;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A model endpoint on loopback that answers "ok" to every request and keeps what it was sent, so an agent's CLI runs
 * a prompt headless with no account and a test reads what the agent put before its model: the OpenAI chat completions
 * API (Copilot CLI's BYOK provider, Qwen Code's openai auth) and the Gemini API (Gemini CLI with an API key).
 */
final class FakeModel implements AutoCloseable {

    private final HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    FakeModel() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every request body so far, joined. */
    String sent() {
        return String.join("\n", requests);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().toString();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        requests.add(body);
        String reply;
        String type = "application/json";
        if (exchange.getRequestMethod().equals("GET")) {
            reply = "{\"object\":\"list\",\"data\":[{\"id\":\"gpt-4.1\",\"object\":\"model\"}]}";
        } else if (path.contains(":countTokens")) {
            reply = "{\"totalTokens\":1}";
        } else if (path.contains(":generateContent") || path.contains(":streamGenerateContent")) {
            // Gemini CLI's router asks for JSON (responseMimeType) and retries "ok" with backoff for over a minute.
            String text = body.contains("\"responseMimeType\":\"application/json\"")
                    ? "{\\\"complexity_reasoning\\\":\\\"one question\\\",\\\"complexity_score\\\":10}" : "ok";
            String chunk = "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"" + text + "\"}]},"
                    + "\"finishReason\":\"STOP\",\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":1,"
                    + "\"candidatesTokenCount\":1,\"totalTokenCount\":2}}";
            boolean sse = path.contains("alt=sse");
            reply = sse ? "data: " + chunk + "\r\n\r\n" : chunk;
            type = sse ? "text/event-stream" : type;
        } else if (body.contains("\"stream\":true") || body.contains("\"stream\": true")) {
            reply = "data: " + completion("chat.completion.chunk", "\"delta\":{\"role\":\"assistant\",\"content\":\"ok\"}",
                    "null") + "\n\ndata: " + completion("chat.completion.chunk", "\"delta\":{}", "\"stop\"")
                    + "\n\ndata: [DONE]\n\n";
            type = "text/event-stream";
        } else {
            reply = completion("chat.completion", "\"message\":{\"role\":\"assistant\",\"content\":\"ok\"}", "\"stop\"");
        }
        byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static String completion(String object, String choice, String finish) {
        return "{\"id\":\"c1\",\"object\":\"" + object + "\",\"created\":1,\"model\":\"gpt-4.1\",\"choices\":[{\"index\":0,"
                + choice + ",\"finish_reason\":" + finish + "}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,"
                + "\"total_tokens\":2}}";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
