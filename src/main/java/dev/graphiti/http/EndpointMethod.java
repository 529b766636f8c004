package dev.graphiti.http;

import java.util.Optional;

/** The HTTP methods the MCP endpoint serves; anything else is answered 405 with an Allow header. */
enum EndpointMethod {
    /** A JSON-RPC message or batch from the client. */
    POST,
    /** Opens the session's stream of server-initiated messages. */
    GET,
    /** Ends the session. */
    DELETE;

    static final String ALLOW = "GET, POST, DELETE";

    static Optional<EndpointMethod> of(String name) {
        for (EndpointMethod method : values()) {
            if (method.name().equals(name)) {
                return Optional.of(method);
            }
        }
        return Optional.empty();
    }
}
