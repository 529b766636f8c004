package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;

/** Where a connection writes outgoing JSON-RPC messages. Implementations must accept calls from any thread. */
@FunctionalInterface
public interface MessageSink {

    void send(JsonObject message);
}
