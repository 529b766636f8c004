package dev.graphiti.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** One streamable-HTTP MCP session: POSTs JSON-RPC, reads a JSON or SSE answer, DELETEs at close. */
final class HttpPeer implements McpPeer {

    private final HttpClient client;
    private final URI endpoint;
    private final java.util.Map<String, String> headers;
    private String sessionId;

    HttpPeer(HttpClient client, URI endpoint) {
        this(client, endpoint, java.util.Map.of());
    }

    /** @param headers sent with every request (a team server's Authorization) */
    HttpPeer(HttpClient client, URI endpoint, java.util.Map<String, String> headers) {
        this.client = client;
        this.endpoint = endpoint;
        this.headers = java.util.Map.copyOf(headers);
    }

    @Override
    public JsonObject request(JsonObject message) throws IOException, InterruptedException {
        HttpResponse<String> response = post(message);
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + ": " + response.body());
        }
        response.headers().firstValue("mcp-session-id").ifPresent(id -> sessionId = id);
        String contentType = response.headers().firstValue("content-type").orElse("");
        if (contentType.startsWith("application/json")) {
            return parse(response.body());
        }
        String id = message.get("id").toString();
        for (String line : response.body().split("\n")) {
            if (line.startsWith("data:")) {
                JsonObject event = parse(line.substring(5).trim());
                if (event.containsKey("id") && !event.containsKey("method") && event.get("id").toString().equals(id)) {
                    return event;
                }
            }
        }
        throw new IOException("no response for id " + id + " in the event stream");
    }

    @Override
    public void notify(JsonObject message) throws IOException, InterruptedException {
        HttpResponse<String> response = post(message);
        if (response.statusCode() != 202) {
            throw new IOException("notification answered HTTP " + response.statusCode());
        }
    }

    private HttpResponse<String> post(JsonObject message) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", PROTOCOL_VERSION)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        headers.forEach(request::header);
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject parse(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

    @Override
    public void close() throws IOException {
        if (sessionId == null) {
            return;
        }
        try {
            HttpRequest.Builder delete = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                    .header("Mcp-Session-Id", sessionId)
                    .header("MCP-Protocol-Version", PROTOCOL_VERSION)
                    .DELETE();
            headers.forEach(delete::header);
            client.send(delete.build(), HttpResponse.BodyHandlers.discarding());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
