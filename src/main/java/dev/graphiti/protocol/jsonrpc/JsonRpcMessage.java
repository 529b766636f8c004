package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;

/** One JSON-RPC 2.0 message, as received or as sent. */
public sealed interface JsonRpcMessage permits JsonRpcRequest, JsonRpcNotification, JsonRpcResponse {

    /** The message as a JSON object, {@code "jsonrpc":"2.0"} included. */
    JsonObject toJson();
}
