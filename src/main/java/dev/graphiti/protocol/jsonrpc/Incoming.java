package dev.graphiti.protocol.jsonrpc;

import java.util.List;

/** What one piece of transport input parsed into: a single message or a batch (a JSON array). */
public sealed interface Incoming permits SingleMessage, MessageBatch {

    /** The well-formed messages, in input order. */
    List<JsonRpcMessage> messages();

    /** True when any message is a request, i.e. the input will be answered (HTTP: not a 202). */
    default boolean hasRequests() {
        for (JsonRpcMessage message : messages()) {
            if (message instanceof JsonRpcRequest) {
                return true;
            }
        }
        return false;
    }

    /** True when the input contains the initialize request. */
    default boolean hasInitialize() {
        for (JsonRpcMessage message : messages()) {
            if (message instanceof JsonRpcRequest request && request.isInitialize()) {
                return true;
            }
        }
        return false;
    }
}
