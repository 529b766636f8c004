package dev.graphiti.http;

import dev.graphiti.protocol.jsonrpc.Incoming;
import java.util.Optional;

/**
 * A request that passed every check: its method, who called (a token hash, an issuer and subject, or loopback; until when its token holds), its session (empty for an
 * initialize POST, which gets a new one, and for a stateless 2026-07-28 POST, which has none), and the parsed body
 * (POST only).
 */
record ValidatedRequest(EndpointMethod method, Caller caller, Optional<McpSession> session, Optional<Incoming> body,
                        boolean stateless) {
}
