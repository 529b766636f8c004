package dev.graphiti.tools;

import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.session.Connection;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ResponseStream;
import dev.graphiti.protocol.session.ServerInfo;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The product's server with the graphiti tools, driven through one real protocol connection the way a
 * transport drives it; answers roots/list with {@link #roots} when the test declared roots.
 */
final class ServerSession implements AutoCloseable {

    private final McpServer server;
    private final Connection connection;
    private final JsonRpcCodec codec = new JsonRpcCodec();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile String lastResultText;
    volatile JsonArray roots = Json.createArrayBuilder().build();
    /** What the server sent outside any request (notifications/resources/updated). */
    final java.util.concurrent.BlockingQueue<JsonObject> unsolicited = new java.util.concurrent.LinkedBlockingQueue<>();
    final AtomicInteger rootsRequests = new AtomicInteger();

    ServerSession(GraphitiTools tools) {
        this(GraphitiServer.builder(tools));
    }

    ServerSession(java.util.List<dev.graphiti.protocol.feature.Tool> tools) {
        this(add(builder(), tools));
    }

    private ServerSession(McpServer.Builder builder) {
        this.server = builder.build();
        this.connection = server.open(TransportKind.STDIO, unsolicited::add);
    }

    private static McpServer.Builder builder() {
        return McpServer.builder(new ServerInfo("graphiti", "graphiti", "test"));
    }

    private static McpServer.Builder add(McpServer.Builder builder, java.util.List<dev.graphiti.protocol.feature.Tool> tools) {
        tools.forEach(builder::tool);
        return builder;
    }

    void initialize(String capabilities) throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":" + capabilities + ",\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        connection.receive(codec.parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"), new Discard());
    }

    /** Sends a notification (no reply). */
    void notify(String method) throws Exception {
        connection.receive(codec.parse("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"}"), new Discard());
    }

    /** Sends a request and returns its result; fails the test on a JSON-RPC error. */
    JsonObject request(String method, JsonObject params) throws Exception {
        JsonObject reply = send(codec.write(Json.createObjectBuilder().add("jsonrpc", "2.0")
                .add("id", ids.incrementAndGet()).add("method", method).add("params", params).build()));
        if (reply.containsKey("error")) {
            throw new AssertionError(method + " answered an error: " + reply);
        }
        return reply.getJsonObject("result");
    }

    /** Sends a request and returns the whole reply (result or error). */
    JsonObject send(String json) throws Exception {
        var reply = new CompletableFuture<JsonObject>();
        connection.receive(codec.parse(json), new ResponseStream() {
            @Override
            public void send(JsonObject message) {
                if (message.containsKey("method") && message.containsKey("id")) {
                    answerClientRequest(message);
                } else if (message.containsKey("id")) {
                    lastResultText = message.containsKey("result") ? codec.write(message.getJsonObject("result")) : null;
                    reply.complete(message);
                }
            }

            @Override
            public void close() {
                reply.completeExceptionally(new AssertionError("stream closed without a reply"));
            }
        });
        return reply.get(30, TimeUnit.SECONDS);
    }

    private void answerClientRequest(JsonObject request) {
        rootsRequests.incrementAndGet();
        var answer = Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", request.get("id"))
                .add("result", Json.createObjectBuilder().add("roots", roots)).build();
        try {
            connection.receive(codec.parse(codec.write(answer)), new Discard());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The result of the last reply exactly as sent on the wire. */
    String lastResultText() {
        return lastResultText;
    }

    @Override
    public void close() {
        connection.close();
        server.close();
    }

    private static final class Discard implements ResponseStream {
        @Override
        public void send(JsonObject message) {
        }

        @Override
        public void close() {
        }
    }
}
