package dev.graphiti.http;

import dev.graphiti.protocol.feature.ProtocolVersion;
import dev.graphiti.protocol.jsonrpc.Incoming;
import java.util.Optional;

/**
 * A request that passed every check: its method, who called (a token hash, or loopback), its session (empty only for an initialize POST, which
 * gets a new one), the parsed body (POST only) and the protocol revision its header names.
 */
record ValidatedRequest(EndpointMethod method, String caller, Optional<McpSession> session, Optional<Incoming> body,
                        ProtocolVersion headerVersion) {
}
