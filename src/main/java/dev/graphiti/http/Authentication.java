package dev.graphiti.http;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;

/**
 * Who is calling, decided before anything else reads the request. With tokens configured every request
 * needs {@code Authorization: Bearer <token>} (401 with WWW-Authenticate otherwise, RFC 6750). Without
 * tokens only connections that arrived on a loopback address are served (403 elsewhere): a server
 * reachable from the network must have a token. The caller's identity is the token's hash, which
 * sessions are bound to; on loopback without tokens it is {@link #LOOPBACK}.
 */
final class Authentication {

    static final String LOOPBACK = "loopback";

    private static final String CHALLENGE = "Bearer";

    private final BearerTokens tokens;

    Authentication(BearerTokens tokens) {
        this.tokens = tokens;
    }

    String caller(HttpServletRequest request) throws HttpRejection {
        if (tokens.isEmpty()) {
            if (!LoopbackNames.isLoopback(request.getLocalAddr())) {
                throw HttpRejection.of(403, "Forbidden: this server has no bearer token configured, so it serves "
                        + "loopback connections only; set GRAPHITI_HTTP_TOKEN (graphiti.http.token) to serve the network");
            }
            return LOOPBACK;
        }
        String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            throw HttpRejection.of(401, "Unauthorized: send Authorization: Bearer <token>",
                    Map.of("WWW-Authenticate", CHALLENGE));
        }
        String presented = header.strip();
        if (!presented.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw HttpRejection.of(401, "Unauthorized: only Bearer authorization is supported",
                    Map.of("WWW-Authenticate", CHALLENGE));
        }
        return tokens.identify(presented.substring(7).strip()).orElseThrow(() -> HttpRejection.of(401,
                "Unauthorized: the bearer token is not valid",
                Map.of("WWW-Authenticate", CHALLENGE + " error=\"invalid_token\"")));
    }
}
