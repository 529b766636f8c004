package dev.graphiti.protocol.feature;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The MCP revisions this server speaks, newest first, and every rule that differs between them. Version
 * handling lives here only, so adding 2026-07-28 (no initialize, no sessions) is one more constant.
 */
public enum ProtocolVersion {
    V2025_11_25("2025-11-25", false, true),
    V2025_06_18("2025-06-18", false, true),
    V2025_03_26("2025-03-26", true, true),
    /** The first revision: still spoken by older stdio clients; streamable HTTP did not exist yet. */
    V2024_11_05("2024-11-05", false, false);

    /** What a server answers to an unsupported request: the newest revision. */
    public static final ProtocolVersion LATEST = V2025_11_25;

    /** What an HTTP server assumes when a request has no MCP-Protocol-Version header. */
    public static final ProtocolVersion HTTP_DEFAULT = V2025_03_26;

    private static final ProtocolVersion[] ALL = values();

    private final String wire;
    private final boolean batches;
    private final boolean overHttp;

    ProtocolVersion(String wire, boolean batches, boolean overHttp) {
        this.wire = wire;
        this.batches = batches;
        this.overHttp = overHttp;
    }

    /** The revision as written on the wire, e.g. "2025-11-25". */
    public String wire() {
        return wire;
    }

    /** JSON-RPC batches (arrays) are allowed on 2025-03-26 only; later revisions must reject them. */
    public boolean allowsBatches() {
        return batches;
    }

    public boolean supportedOn(TransportKind transport) {
        return transport == TransportKind.STDIO || overHttp;
    }

    /** The revision with this wire name, if this server knows it. */
    public static Optional<ProtocolVersion> fromWire(String wire) {
        for (ProtocolVersion version : ALL) {
            if (version.wire.equals(wire)) {
                return Optional.of(version);
            }
        }
        return Optional.empty();
    }

    /** The supported revision named by {@code wire} on this transport, if any (HTTP header check). */
    public static Optional<ProtocolVersion> supported(String wire, TransportKind transport) {
        return fromWire(wire).filter(v -> v.supportedOn(transport));
    }

    /** Lifecycle negotiation: echo a supported requested revision, else counter-offer the latest. */
    public static ProtocolVersion negotiate(String requested, TransportKind transport) {
        return supported(requested, transport).orElse(LATEST);
    }

    /** The revisions a transport accepts, newest first. */
    public static List<ProtocolVersion> all(TransportKind transport) {
        return Arrays.stream(values()).filter(v -> v.supportedOn(transport)).toList();
    }
}
