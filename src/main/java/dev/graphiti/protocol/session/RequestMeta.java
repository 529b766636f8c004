package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.ProtocolVersion;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Optional;

/**
 * What a 2026-07-28 request says about itself in {@code params._meta}: its protocol version and the client's
 * capabilities (both required), who the client is and the log level it wants (both optional). There is no
 * session to remember them, so every request is read on its own.
 */
public record RequestMeta(String versionWire, JsonObject clientCapabilities, Optional<JsonObject> clientInfo,
                          Optional<LogLevel> logLevel) {

    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    /** The protocol version a request's {@code _meta} declares, if it declares one as a string. */
    public static Optional<String> declaredVersion(JsonObject params) {
        if (params.get("_meta") instanceof JsonObject meta && meta.get(PROTOCOL_VERSION) instanceof JsonString version) {
            return Optional.of(version.getString());
        }
        return Optional.empty();
    }

    /** True when the request declares a version that is not one with initialize (a stateless one, or one unknown here). */
    public static boolean declaresStateless(JsonObject params) {
        return declaredVersion(params).map(w -> ProtocolVersion.fromWire(w).map(ProtocolVersion::isStateless).orElse(true))
                .orElse(false);
    }

    /** Reads the fields; a missing or mistyped required one, or an unknown log level, is -32602 (invalid params). */
    public static RequestMeta of(JsonObject params) {
        if (!(params.get("_meta") instanceof JsonObject meta)) {
            throw invalid("the request has no _meta; 2026-07-28 requests carry " + PROTOCOL_VERSION + " and "
                    + CLIENT_CAPABILITIES + " there");
        }
        if (!(meta.get(PROTOCOL_VERSION) instanceof JsonString version)) {
            throw invalid("_meta lacks the string " + PROTOCOL_VERSION);
        }
        if (!(meta.get(CLIENT_CAPABILITIES) instanceof JsonObject capabilities)) {
            throw invalid("_meta lacks the object " + CLIENT_CAPABILITIES);
        }
        Optional<JsonObject> info = meta.get(CLIENT_INFO) instanceof JsonObject object ? Optional.of(object) : Optional.empty();
        Optional<LogLevel> level = Optional.empty();
        JsonValue wanted = meta.get(LOG_LEVEL);
        if (wanted != null && wanted != JsonValue.NULL) {
            if (!(wanted instanceof JsonString name) || LogLevel.fromWire(name.getString()).isEmpty()) {
                throw invalid("unknown " + LOG_LEVEL + " " + wanted);
            }
            level = LogLevel.fromWire(name.getString());
        }
        return new RequestMeta(version.getString(), capabilities, info, level);
    }

    /** The stateless revision the request names; -32022 with the supported versions when this server has none by that name. */
    public ProtocolVersion version(TransportKind transport) {
        return ProtocolVersion.supported(versionWire, transport).filter(ProtocolVersion::isStateless)
                .orElseThrow(() -> unsupported(versionWire, transport));
    }

    /** UnsupportedProtocolVersionError: {@code data} lists what this server speaks and echoes what was asked. */
    public static McpException unsupported(String requested, TransportKind transport) {
        var supported = Jsonp.array();
        ProtocolVersion.wires(transport).forEach(supported::add);
        return new McpException(ErrorCode.UNSUPPORTED_PROTOCOL_VERSION.code(), "Unsupported protocol version",
                Jsonp.object().add("supported", supported).add("requested", requested).build());
    }

    private static McpException invalid(String why) {
        return new McpException(ErrorCode.INVALID_PARAMS, "Invalid params: " + why);
    }
}
