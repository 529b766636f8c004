package dev.graphiti.http;

import dev.graphiti.protocol.feature.ProtocolVersion;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.Incoming;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.jsonrpc.MalformedMessageException;
import dev.graphiti.protocol.jsonrpc.SingleMessage;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Optional;

/**
 * The one precondition pipeline every request to the endpoint passes, in this order: path, Host and
 * Origin, authentication, method, Accept, Content-Type, body size, parse, initialize rate (per client
 * address, when tokens are configured), session (it must belong to the caller), MCP-Protocol-Version; a 2026-07-28
 * POST has no session and passes {@link StatelessRequest}'s header checks instead. The first
 * failing step decides the status (see the table in docs/mcp.md "Streamable HTTP"); nothing is dispatched
 * before all pass.
 */
final class RequestValidation {

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";

    private final HttpTransportConfig config;
    private final SessionStore sessions;
    private final JsonRpcCodec codec;
    private final EndpointAccess access;
    private final InitializeRateLimit initializeRate;
    private final java.util.function.Function<String, java.util.List<dev.graphiti.protocol.session.HeaderParameter>> mirrored;

    /** @param mirrored a tool's parameters that 2026-07-28 requests also carry in Mcp-Param-* headers */
    RequestValidation(HttpTransportConfig config, SessionStore sessions, JsonRpcCodec codec,
                      InitializeRateLimit initializeRate,
                      java.util.function.Function<String, java.util.List<dev.graphiti.protocol.session.HeaderParameter>> mirrored) {
        this.mirrored = mirrored;
        this.config = config;
        this.sessions = sessions;
        this.codec = codec;
        this.access = new EndpointAccess(config);
        this.initializeRate = initializeRate;
    }

    /**
     * The checks that need only the request line and headers, up to the declared body size: a POST's
     * body is read only after these pass (so an unauthenticated client cannot make the server read one).
     */
    RequestHead head(HttpServletRequest request) throws HttpRejection {
        path(request);
        access.checkHostAndOrigin(request, false);
        Caller caller = access.caller(request);
        EndpointMethod method = EndpointMethod.of(request.getMethod()).orElseThrow(() -> HttpRejection.of(405,
                "Method Not Allowed: the MCP endpoint serves " + EndpointMethod.ALLOW,
                Map.of("Allow", EndpointMethod.ALLOW)));
        accept(request, method);
        if (method == EndpointMethod.POST) {
            contentType(request);
            if (request.getContentLengthLong() > config.maxBodyBytes()) {
                throw tooLarge(config.maxBodyBytes());
            }
        }
        return new RequestHead(method, caller);
    }

    /** The checks after the body (a POST's, as read by {@link BodyReader}; empty for GET and DELETE). */
    ValidatedRequest complete(HttpServletRequest request, RequestHead head, Optional<byte[]> bytes) throws HttpRejection {
        Optional<Incoming> body = bytes.isEmpty() ? Optional.empty() : Optional.of(parse(bytes.get()));
        if (body.isPresent() && StatelessRequest.applies(request, body.get())) {
            StatelessRequest.check(request, body.get(), mirrored);
            return new ValidatedRequest(head.method(), head.caller(), Optional.empty(), body, true);
        }
        if (body.isEmpty() && namesStatelessVersion(request)) {
            throw HttpRejection.of(405, "Method Not Allowed: 2026-07-28 has no " + head.method()
                    + " on the MCP endpoint; POST requests (subscriptions/listen for change notifications)", Map.of("Allow", "POST"));
        }
        boolean initialize = body.filter(b -> b instanceof SingleMessage && b.hasInitialize()).isPresent();
        if (initialize && access.tokensRequired()) {
            // A shared server (tokens, OAuth) limits sessions per address; a personal loopback one has nobody to limit.
            initializeRate.admit(request.getRemoteAddr());
        }
        Optional<McpSession> session = initialize ? Optional.empty() : Optional.of(session(request, head.caller().identity()));
        if (!initialize) {
            version(request);
        }
        return new ValidatedRequest(head.method(), head.caller(), session, body, false);
    }

    private static boolean namesStatelessVersion(HttpServletRequest request) {
        String wire = request.getHeader(VERSION_HEADER);
        return wire != null && ProtocolVersion.fromWire(wire.strip()).filter(ProtocolVersion::isStateless).isPresent();
    }

    private static void path(HttpServletRequest request) throws HttpRejection {
        String extra = request.getPathInfo();
        if (extra != null && !extra.isEmpty() && !extra.equals("/")) {
            throw HttpRejection.of(404, "Not Found: the MCP endpoint is " + request.getServletPath());
        }
    }

    private static void accept(HttpServletRequest request, EndpointMethod method) throws HttpRejection {
        MediaRanges accepted = MediaRanges.parse(request.getHeader("Accept"));
        switch (method) {
            case POST -> {
                if (!accepted.accepts("application/json") || !accepted.accepts("text/event-stream")) {
                    throw HttpRejection.of(406,
                            "Not Acceptable: the client must accept both application/json and text/event-stream");
                }
            }
            case GET -> {
                if (!accepted.accepts("text/event-stream")) {
                    throw HttpRejection.of(406, "Not Acceptable: the client must accept text/event-stream");
                }
            }
            case DELETE -> {
                // No body comes back, so any Accept will do.
            }
        }
    }

    private static void contentType(HttpServletRequest request) throws HttpRejection {
        String type = MediaRanges.mediaType(request.getContentType());
        if (!type.equals("application/json")) {
            throw HttpRejection.of(415, "Unsupported Media Type: POST a JSON-RPC message as application/json, not "
                    + (type.isEmpty() ? "no Content-Type" : type));
        }
    }

    private Incoming parse(byte[] body) throws HttpRejection {
        try {
            return codec.parse(body, 0, body.length);
        } catch (MalformedMessageException e) {
            throw new HttpRejection(400, e.response(), Map.of());
        }
    }

    /** The caller's session; another caller's session id answers 404 like an unknown one, revealing nothing. */
    private McpSession session(HttpServletRequest request, String caller) throws HttpRejection {
        String id = request.getHeader(SESSION_HEADER);
        if (id == null || id.isBlank()) {
            throw HttpRejection.of(400, "Bad Request: the " + SESSION_HEADER
                    + " header is required (send initialize first to get one)");
        }
        return sessions.find(id.trim(), caller).orElseThrow(() -> HttpRejection.of(404,
                "Not Found: session unknown, ended or expired; send initialize to start a new one"));
    }

    private static ProtocolVersion version(HttpServletRequest request) throws HttpRejection {
        String wire = request.getHeader(VERSION_HEADER);
        if (wire == null) {
            return ProtocolVersion.HTTP_DEFAULT;
        }
        return ProtocolVersion.supported(wire.trim(), TransportKind.HTTP).filter(v -> !v.isStateless()).orElseThrow(() -> HttpRejection.of(400,
                "Bad Request: unsupported " + VERSION_HEADER + " " + EndpointAccess.quote(wire) + "; supported: "
                        + String.join(", ", ProtocolVersion.all(TransportKind.HTTP).stream().map(ProtocolVersion::wire).toList())));
    }

    static HttpRejection tooLarge(long limit) {
        return HttpRejection.of(413, "Payload Too Large: a message may be at most " + limit + " bytes");
    }
}
