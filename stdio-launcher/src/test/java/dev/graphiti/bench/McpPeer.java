package dev.graphiti.bench;

import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;

/** A minimal MCP client end: sends one JSON-RPC request and waits for its response. */
interface McpPeer extends AutoCloseable {

    String PROTOCOL_VERSION = "2025-06-18";

    /**
     * Looked up once: each {@code jakarta.json.Json} call repeats a service-loader scan of the class path,
     * which made this client, not the servers, the benchmark's main CPU cost.
     */
    JsonProvider JSON = JsonProvider.provider();

    /** Sends one request already written as JSON text ({@code id}: its id as JSON text); returns the response. */
    JsonObject request(String id, String message) throws IOException, InterruptedException;

    default JsonObject request(JsonObject message) throws IOException, InterruptedException {
        return request(message.get("id").toString(), message.toString());
    }

    void notify(JsonObject message) throws IOException, InterruptedException;

    @Override
    void close() throws IOException;

    /** initialize + notifications/initialized, as every client does before its first call. */
    default JsonObject handshake() throws IOException, InterruptedException {
        JsonObject result = request(JSON.createObjectBuilder()
                .add("jsonrpc", "2.0").add("id", 0).add("method", "initialize")
                .add("params", JSON.createObjectBuilder()
                        .add("protocolVersion", PROTOCOL_VERSION)
                        .add("capabilities", JSON.createObjectBuilder())
                        .add("clientInfo", JSON.createObjectBuilder().add("name", "graphiti-bench").add("version", "1")))
                .build());
        notify(JSON.createObjectBuilder().add("jsonrpc", "2.0").add("method", "notifications/initialized").build());
        return result;
    }

    static JsonObject toolCall(long id, String tool, JsonObject arguments) {
        return JSON.createObjectBuilder()
                .add("jsonrpc", "2.0").add("id", id).add("method", "tools/call")
                .add("params", JSON.createObjectBuilder().add("name", tool).add("arguments", arguments))
                .build();
    }

    /** Fails loudly on a JSON-RPC error or a tool error, so a benchmark never counts failures as speed. */
    static JsonObject requireSuccess(JsonObject response) {
        if (response.containsKey("error")) {
            throw new IllegalStateException("JSON-RPC error: " + response.get("error"));
        }
        JsonObject result = response.getJsonObject("result");
        if (result.getBoolean("isError", false)) {
            throw new IllegalStateException("tool error: " + result);
        }
        return result;
    }
}
