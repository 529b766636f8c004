package dev.graphiti.protocol.jsonrpc;

import java.util.List;

/**
 * Input that was a JSON array. Elements that were not valid JSON-RPC messages are kept as the error
 * responses they earn ({@code rejected}, -32600), which the connection sends with the batch's answers.
 */
public record MessageBatch(List<JsonRpcMessage> messages, List<JsonRpcErrorResponse> rejected) implements Incoming {

    public MessageBatch {
        messages = List.copyOf(messages);
        rejected = List.copyOf(rejected);
    }

    @Override
    public boolean hasRequests() {
        return !rejected.isEmpty() || Incoming.super.hasRequests();
    }
}
