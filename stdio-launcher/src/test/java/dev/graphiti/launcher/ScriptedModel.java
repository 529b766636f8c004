package dev.graphiti.launcher;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for the Anthropic Messages API on loopback, for a real Claude Code session without a login: the main
 * conversation's model reads a file, then edits it, then says it is done (one tool call a turn, streamed as the API
 * streams them); any other request (a title, a summary) gets a short text. It keeps every request body, so a test
 * can read what Claude Code sent the model, hook context included.
 */
final class ScriptedModel implements AutoCloseable {

    private final HttpServer server;
    private final String file;
    final List<String> requests = new CopyOnWriteArrayList<>();

    /** @param file the absolute path the model reads and then edits */
    ScriptedModel(String file) throws IOException {
        this.file = file;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    /** The base URL for ANTHROPIC_BASE_URL. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (!exchange.getRequestURI().getPath().endsWith("/v1/messages")) {
            respond(exchange, "application/json", "{}");
            return;
        }
        requests.add(body);
        JsonObject request = Json.createReader(new StringReader(body)).readObject();
        boolean conversation = request.containsKey("tools") && request.getJsonArray("tools").stream()
                .anyMatch(tool -> tool.asJsonObject().getString("name", "").equals("Edit"));
        long results = body.split("\"tool_result\"", -1).length - 1L;
        JsonObject block;
        String stop;
        if (conversation && results == 0) {
            block = toolUse("toolu_read", "Read", Json.createObjectBuilder().add("file_path", file).build());
            stop = "tool_use";
        } else if (conversation && results == 1) {
            block = toolUse("toolu_edit", "Edit", Json.createObjectBuilder().add("file_path", file)
                    .add("old_string", "class SessionStore {}").add("new_string", "class SessionStore { }").build());
            stop = "tool_use";
        } else {
            block = Json.createObjectBuilder().add("type", "text").add("text", "Done.").build();
            stop = "end_turn";
        }
        if (request.getBoolean("stream", false)) {
            respond(exchange, "text/event-stream", stream(block, stop));
        } else {
            respond(exchange, "application/json", message(List.of(block), stop).toString());
        }
    }

    private static JsonObject toolUse(String id, String name, JsonObject input) {
        return Json.createObjectBuilder().add("type", "tool_use").add("id", id).add("name", name).add("input", input)
                .build();
    }

    private static JsonObject message(List<JsonObject> content, String stop) {
        var blocks = Json.createArrayBuilder();
        content.forEach(blocks::add);
        return Json.createObjectBuilder().add("id", "msg_scripted").add("type", "message").add("role", "assistant")
                .add("model", "claude-scripted").add("content", blocks).add("stop_reason", stop == null
                        ? JsonValue.NULL : Json.createValue(stop)).add("stop_sequence", JsonValue.NULL)
                .add("usage", Json.createObjectBuilder().add("input_tokens", 10).add("output_tokens", 5)).build();
    }

    /** The block as the API streams it: its start without the tool's input, the input as one JSON delta, its stop. */
    private static String stream(JsonObject block, String stop) {
        StringBuilder events = new StringBuilder();
        event(events, "message_start", Json.createObjectBuilder().add("type", "message_start")
                .add("message", message(List.of(), null)).build());
        boolean tool = block.getString("type").equals("tool_use");
        JsonObject start = tool ? Json.createObjectBuilder(block).add("input", JsonValue.EMPTY_JSON_OBJECT).build()
                : Json.createObjectBuilder().add("type", "text").add("text", "").build();
        event(events, "content_block_start", Json.createObjectBuilder().add("type", "content_block_start").add("index", 0)
                .add("content_block", start).build());
        JsonObject delta = tool
                ? Json.createObjectBuilder().add("type", "input_json_delta").add("partial_json",
                        block.getJsonObject("input").toString()).build()
                : Json.createObjectBuilder().add("type", "text_delta").add("text", block.getString("text")).build();
        event(events, "content_block_delta", Json.createObjectBuilder().add("type", "content_block_delta").add("index", 0)
                .add("delta", delta).build());
        event(events, "content_block_stop", Json.createObjectBuilder().add("type", "content_block_stop").add("index", 0)
                .build());
        event(events, "message_delta", Json.createObjectBuilder().add("type", "message_delta")
                .add("delta", Json.createObjectBuilder().add("stop_reason", stop).add("stop_sequence", JsonValue.NULL))
                .add("usage", Json.createObjectBuilder().add("output_tokens", 5)).build());
        event(events, "message_stop", Json.createObjectBuilder().add("type", "message_stop").build());
        return events.toString();
    }

    private static void event(StringBuilder events, String name, JsonObject data) {
        events.append("event: ").append(name).append("\ndata: ").append(data).append("\n\n");
    }

    private static void respond(HttpExchange exchange, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
