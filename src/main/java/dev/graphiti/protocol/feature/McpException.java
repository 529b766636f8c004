package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.JsonRpcError;
import jakarta.json.JsonValue;

/**
 * A handler's decision to answer with a JSON-RPC error (unknown tool -32602, unknown resource -32002, ...),
 * or an error response received from the client for one of our requests.
 */
public class McpException extends RuntimeException {

    private final int code;
    private final transient JsonValue data;

    public McpException(ErrorCode code, String message) {
        this(code.code(), message, null);
    }

    public McpException(int code, String message, JsonValue data) {
        super(message);
        this.code = code;
        this.data = data;
    }

    public int code() {
        return code;
    }

    public JsonRpcError toError() {
        return new JsonRpcError(code, getMessage(), data);
    }
}
