package dev.graphiti.protocol.jsonrpc;

/**
 * The JSON-RPC error codes this server sends (see docs/mcp.md). -32020..-32099 belong to the MCP
 * specification: only the codes 2026-07-28 defines, with their meaning.
 */
public enum ErrorCode {
    PARSE_ERROR(-32700),
    INVALID_REQUEST(-32600),
    METHOD_NOT_FOUND(-32601),
    INVALID_PARAMS(-32602),
    INTERNAL_ERROR(-32603),
    /** MCP: resources/read of an unknown URI. */
    RESOURCE_NOT_FOUND(-32002),
    /** Used by MCP SDKs when a request times out; we send it only when failing our own pending requests. */
    REQUEST_TIMEOUT(-32001),
    /** 2026-07-28 over HTTP: a standard header is missing or differs from the body. */
    HEADER_MISMATCH(-32020),
    /** 2026-07-28: the request needs a client capability its _meta did not declare. */
    MISSING_REQUIRED_CLIENT_CAPABILITY(-32021),
    /** 2026-07-28: the request's protocol version is not one this server speaks. */
    UNSUPPORTED_PROTOCOL_VERSION(-32022);

    private final int code;

    ErrorCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
