package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.ProtocolVersion;

/** A 2026-07-28 request's own protocol revision and the client's {@code _meta}, in place of a session's. */
record RequestScope(ProtocolVersion version, RequestMeta meta) {
}
