package dev.graphiti.tools;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** A 2026-07-28 client over real HTTP (java.net.http): every request on its own, with the standard headers. */
final class StatelessClient {

    static final String MODERN = "2026-07-28";

    private final URI endpoint;
    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicInteger ids = new AtomicInteger();

    StatelessClient(URI endpoint) {
        this.endpoint = endpoint;
    }

    /** The result object of one request, or the whole answer when it is an error ({"error": ...}). */
    JsonObject call(String method, String name, String params, String capabilities) throws Exception {
        return call(method, name, params, capabilities, Map.of());
    }

    JsonObject call(String method, String name, String params, String capabilities, Map<String, String> headers) throws Exception {
        String inner = params.substring(1, params.length() - 1);
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"" + method + "\",\"params\":{" + inner
                + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + MODERN + "\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}}}";
        var request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", MODERN).header("Mcp-Method", method).header("Mcp-Name", name)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        String text = response.body();
        if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            text = text.lines().filter(l -> l.startsWith("data:")).reduce((a, b) -> b).orElseThrow().substring(5).strip();
        }
        JsonObject answer = Json.createReader(new StringReader(text)).readObject();
        return answer.containsKey("result") ? answer.getJsonObject("result") : answer;
    }

    HttpClient http() {
        return http;
    }

    static String quote(String text) {
        return Json.createValue(text).toString();
    }
}
