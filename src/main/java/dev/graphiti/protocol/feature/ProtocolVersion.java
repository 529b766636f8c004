package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.ErrorCode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The MCP revisions this server speaks, newest first, and every rule that differs between them. Version
 * handling lives here only. 2026-07-28 is stateless (each request carries its version and client
 * capabilities in {@code _meta}; no initialize, no sessions); the earlier ones open a session with
 * initialize.
 */
public enum ProtocolVersion {
    V2026_07_28("2026-07-28", false, true, true),
    V2025_11_25("2025-11-25", false, true, false),
    V2025_06_18("2025-06-18", false, true, false),
    V2025_03_26("2025-03-26", true, true, false),
    /** The first revision: still spoken by older stdio clients; streamable HTTP did not exist yet. */
    V2024_11_05("2024-11-05", false, false, false);

    /** What initialize answers to an unsupported request: the newest revision that has initialize. */
    public static final ProtocolVersion LATEST = V2025_11_25;

    /** What an HTTP server assumes when a request has no MCP-Protocol-Version header. */
    public static final ProtocolVersion HTTP_DEFAULT = V2025_03_26;

    private static final ProtocolVersion[] ALL = values();

    private final String wire;
    private final boolean batches;
    private final boolean overHttp;
    private final boolean stateless;

    ProtocolVersion(String wire, boolean batches, boolean overHttp, boolean stateless) {
        this.wire = wire;
        this.batches = batches;
        this.overHttp = overHttp;
        this.stateless = stateless;
    }

    /** The revision as written on the wire, e.g. "2025-11-25". */
    public String wire() {
        return wire;
    }

    /** JSON-RPC batches (arrays) are allowed on 2025-03-26 only; later revisions must reject them. */
    public boolean allowsBatches() {
        return batches;
    }

    /** True for 2026-07-28 and later: no initialize, every request says its version and capabilities. */
    public boolean isStateless() {
        return stateless;
    }

    /** The code of resources/read for an unknown URI: -32002 until 2025-11-25, -32602 (invalid params) since. */
    public int resourceNotFoundCode() {
        return stateless ? ErrorCode.INVALID_PARAMS.code() : ErrorCode.RESOURCE_NOT_FOUND.code();
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

    /** Lifecycle negotiation: echo a supported requested revision that has initialize, else counter-offer the latest. */
    public static ProtocolVersion negotiate(String requested, TransportKind transport) {
        return supported(requested, transport).filter(v -> !v.stateless).orElse(LATEST);
    }

    /** The revisions a transport accepts, newest first. */
    public static List<ProtocolVersion> all(TransportKind transport) {
        return Arrays.stream(values()).filter(v -> v.supportedOn(transport)).toList();
    }

    /** The wire names a transport accepts, newest first (server/discover, UnsupportedProtocolVersionError). */
    public static List<String> wires(TransportKind transport) {
        return all(transport).stream().map(ProtocolVersion::wire).toList();
    }
}
