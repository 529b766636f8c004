package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonValue;

/** The answer to a request: a result or an error, carrying the request's id unchanged. */
public sealed interface JsonRpcResponse extends JsonRpcMessage permits JsonRpcResult, JsonRpcErrorResponse {

    /** The id of the request answered; JSON null only for an error about a message whose id is unknown. */
    JsonValue id();
}
