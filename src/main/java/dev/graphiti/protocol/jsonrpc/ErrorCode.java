package dev.graphiti.protocol.jsonrpc;

/** The JSON-RPC error codes this server sends (see docs/mcp.md); it avoids -32020..-32022. */
public enum ErrorCode {
    PARSE_ERROR(-32700),
    INVALID_REQUEST(-32600),
    METHOD_NOT_FOUND(-32601),
    INVALID_PARAMS(-32602),
    INTERNAL_ERROR(-32603),
    /** MCP: resources/read of an unknown URI. */
    RESOURCE_NOT_FOUND(-32002),
    /** Used by MCP SDKs when a request times out; we send it only when failing our own pending requests. */
    REQUEST_TIMEOUT(-32001);

    private final int code;

    ErrorCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
