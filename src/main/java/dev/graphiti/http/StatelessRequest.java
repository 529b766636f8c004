package dev.graphiti.http;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.ProtocolVersion;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Incoming;
import dev.graphiti.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.graphiti.protocol.jsonrpc.JsonRpcMessage;
import dev.graphiti.protocol.jsonrpc.JsonRpcRequest;
import dev.graphiti.protocol.jsonrpc.MessageBatch;
import dev.graphiti.protocol.session.HeaderParameter;
import dev.graphiti.protocol.session.RequestMeta;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import java.util.Map;
import java.util.Optional;

/**
 * The 2026-07-28 side of the endpoint: which POSTs belong to it, and the checks their headers must pass
 * before dispatch. Such a request carries its version in {@code MCP-Protocol-Version} and in {@code _meta},
 * its method in {@code Mcp-Method} and, for tools/call, prompts/get and resources/read, the name or URI in
 * {@code Mcp-Name} (for tasks/get, tasks/update and tasks/cancel the task id), and the arguments a tool marks
 * with x-mcp-header in {@code Mcp-Param-*} headers (a load
 * balancer may route on them, so they must say what the body says). Refusals are
 * 400 with the request's id: -32602 for missing {@code _meta} fields, -32020 for a header that is missing or
 * differs, -32022 for a version this server does not speak.
 */
final class StatelessRequest {

    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";
    private static final String BASE64_PREFIX = "=?base64?";
    private static final String BASE64_SUFFIX = "?=";

    private StatelessRequest() {
    }

    /**
     * Whether a POST is served statelessly: its MCP-Protocol-Version names 2026-07-28; or, when it is no
     * initialize and names no session, the header names a version unknown here (answered with the versions
     * this server speaks) or the body's {@code _meta} declares a version without initialize (then a header
     * that says otherwise is a mismatch).
     */
    static boolean applies(HttpServletRequest request, Incoming body) {
        String header = trimmed(request.getHeader(RequestValidation.VERSION_HEADER));
        Optional<ProtocolVersion> named = header == null ? Optional.empty() : ProtocolVersion.fromWire(header);
        if (named.filter(ProtocolVersion::isStateless).isPresent()) {
            return true;
        }
        if (body.hasInitialize() || trimmed(request.getHeader(RequestValidation.SESSION_HEADER)) != null) {
            return false;
        }
        if (header != null && named.isEmpty()) {
            return true;
        }
        return body.messages().stream().anyMatch(m -> m instanceof JsonRpcRequest r && RequestMeta.declaresStateless(r.params()));
    }

    /**
     * The checks of a stateless POST, in the order the specification's examples imply; {@code mirrored} gives a
     * tool's parameters whose values must also be in Mcp-Param-* headers.
     */
    static void check(HttpServletRequest request, Incoming body, Function<String, List<HeaderParameter>> mirrored) throws HttpRejection {
        if (body instanceof MessageBatch) {
            throw new HttpRejection(400, new JsonRpcErrorResponse(JsonValue.NULL, ErrorCode.INVALID_REQUEST,
                    "Invalid Request: JSON-RPC batches are not part of 2026-07-28"), Map.of());
        }
        JsonRpcMessage message = body.messages().get(0);
        if (!(message instanceof JsonRpcRequest rpc)) {
            return; // a notification (or a stray response): accepted with 202, nothing to check
        }
        try {
            RequestMeta meta = RequestMeta.of(rpc.params());
            match(request, RequestValidation.VERSION_HEADER, meta.versionWire(), false);
            match(request, METHOD_HEADER, rpc.method(), false);
            Optional<String> name = nameInBody(rpc);
            if (name.isPresent()) {
                match(request, NAME_HEADER, name.get(), true);
            }
            if (rpc.method().equals("tools/call") && name.isPresent() && rpc.params().get("arguments") instanceof JsonObject arguments) {
                for (HeaderParameter parameter : mirrored.apply(name.get())) {
                    Optional<JsonValue> value = parameter.valueIn(arguments);
                    if (value.isPresent()) {
                        String text = headerText(request, parameter.headerName(), true);
                        if (!HeaderParameter.matches(text, value.get())) {
                            throw mismatch(parameter.headerName() + " header value " + quote(text) + " does not match argument "
                                    + String.join(".", parameter.path()) + " " + quote(value.get().toString()));
                        }
                    }
                }
            }
            meta.version(TransportKind.HTTP);
        } catch (McpException e) {
            throw new HttpRejection(400, new JsonRpcErrorResponse(rpc.id(), e.toError()), Map.of());
        }
    }

    /**
     * The HTTP status of a 2026-07-28 answer that is one error: 404 for an unknown method (so a client can tell
     * it from a server that lacks the endpoint), 400 for the errors the revision defines, 200 otherwise.
     */
    static int status(int errorCode) {
        if (errorCode == ErrorCode.METHOD_NOT_FOUND.code()) {
            return 404;
        }
        if (errorCode == ErrorCode.HEADER_MISMATCH.code() || errorCode == ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY.code()
                || errorCode == ErrorCode.UNSUPPORTED_PROTOCOL_VERSION.code()) {
            return 400;
        }
        return 200;
    }

    /** params.name of tools/call and prompts/get, params.uri of resources/read, params.taskId of tasks/*: what Mcp-Name must repeat. */
    private static Optional<String> nameInBody(JsonRpcRequest rpc) {
        String member = switch (rpc.method()) {
            case "tools/call", "prompts/get" -> "name";
            case "resources/read" -> "uri";
            case "tasks/get", "tasks/update", "tasks/cancel" -> "taskId"; // so a load balancer can route to the task's process
            default -> null;
        };
        if (member != null && rpc.params().get(member) instanceof JsonString value) {
            return Optional.of(value.getString());
        }
        return Optional.empty();
    }

    private static void match(HttpServletRequest request, String header, String body, boolean encodable) {
        String value = headerText(request, header, encodable);
        if (!value.equals(body)) {
            throw mismatch(header + " header value " + quote(value) + " does not match body value " + quote(body));
        }
    }

    /** A header's value without surrounding whitespace, base64-decoded when it is in the =?base64?...?= form. */
    private static String headerText(HttpServletRequest request, String header, boolean encodable) {
        String raw = request.getHeader(header);
        if (raw == null) {
            throw mismatch("the " + header + " header is required (it must repeat what the body says)");
        }
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if ((c < 0x20 || c > 0x7e) && c != '\t') {
                throw mismatch("the " + header + " header holds characters a header value may not");
            }
        }
        String value = raw.strip();
        if (encodable && value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX)
                && value.length() >= BASE64_PREFIX.length() + BASE64_SUFFIX.length()) {
            String encoded = value.substring(BASE64_PREFIX.length(), value.length() - BASE64_SUFFIX.length());
            try {
                if (encoded.length() % 4 != 0) {
                    throw new IllegalArgumentException("unpadded"); // the JDK decoder would accept it; the specification's table does not
                }
                value = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw mismatch("the " + header + " header is not valid base64 between =?base64? and ?=");
            }
        }
        return value;
    }

    private static McpException mismatch(String why) {
        return new McpException(ErrorCode.HEADER_MISMATCH.code(), "Header mismatch: " + why, null);
    }

    private static String trimmed(String header) {
        return header == null || header.isBlank() ? null : header.strip();
    }

    private static String quote(String value) {
        String shown = value.length() > 200 ? value.substring(0, 200) + "…" : value;
        return "'" + shown.replaceAll("\\p{Cntrl}", "?") + "'";
    }
}
