package dev.graphiti.protocol.jsonrpc;

import java.util.List;
import java.util.Objects;

/** Input that was one JSON-RPC object. */
public record SingleMessage(JsonRpcMessage message) implements Incoming {

    public SingleMessage {
        Objects.requireNonNull(message, "message");
    }

    @Override
    public List<JsonRpcMessage> messages() {
        return List.of(message);
    }
}
