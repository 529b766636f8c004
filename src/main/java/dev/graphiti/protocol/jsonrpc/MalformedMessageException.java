package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonValue;

/**
 * Input that is not JSON (-32700) or not a JSON-RPC message (-32600). {@link #response()} is the error
 * response a transport sends back for it (HTTP: with status 400).
 */
public final class MalformedMessageException extends Exception {

    private final transient JsonRpcErrorResponse response;

    public MalformedMessageException(ErrorCode code, JsonValue id, String message) {
        super(message);
        this.response = new JsonRpcErrorResponse(id, code, message);
    }

    public ErrorCode code() {
        return response.error().code() == ErrorCode.PARSE_ERROR.code() ? ErrorCode.PARSE_ERROR : ErrorCode.INVALID_REQUEST;
    }

    public JsonRpcErrorResponse response() {
        return response;
    }
}
