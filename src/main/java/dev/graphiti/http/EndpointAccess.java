package dev.graphiti.http;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;

/**
 * Who may reach what this server serves over HTTP, the MCP endpoint and the explorer page beside it alike: the Host
 * header (DNS rebinding), the Origin header, then the caller's authentication ({@link Authentication}: OAuth access
 * tokens, static bearer tokens, or loopback connections only without either). The one place these rules live; {@link RequestValidation}
 * runs them first on every MCP request, the explorer on each of its requests.
 */
public final class EndpointAccess {

    private final HttpTransportConfig config;
    private final Authentication authentication;

    public EndpointAccess(HttpTransportConfig config) {
        this.config = config;
        this.authentication = Authentication.of(config);
    }

    /**
     * Refuses a request whose Host this server does not answer for (421) or whose Origin is not allowed (403).
     * With {@code ownOrigin}, an Origin naming the Host the request was sent to (the page's own, as a browser sends
     * it on the page's own requests) is allowed too.
     */
    public void checkHostAndOrigin(HttpServletRequest request, boolean ownOrigin) throws HttpRejection {
        String host = request.getHeader("Host");
        if (host == null || host.isBlank()) {
            throw HttpRejection.of(400, "Bad Request: the Host header is required");
        }
        if (!config.hosts().allows(host)) {
            throw HttpRejection.of(421, "Misdirected Request: this server does not answer for host " + quote(host)
                    + "; use localhost or 127.0.0.1 (DNS rebinding protection)");
        }
        String origin = request.getHeader("Origin");
        if (!config.origins().allows(origin) && !(ownOrigin && sameAuthority(origin, host))) {
            throw HttpRejection.of(403, "Forbidden: origin " + quote(origin) + " is not allowed");
        }
    }

    /** The caller (its identity, which sessions are bound to, and its credential's expiry), or a 401/403 refusal. */
    public Caller caller(HttpServletRequest request) throws HttpRejection {
        return authentication.caller(request);
    }

    /** Whether callers must authenticate (tokens or OAuth configured), or only loopback connections are served. */
    public boolean tokensRequired() {
        return authentication.required();
    }

    private static boolean sameAuthority(String origin, String host) {
        if (origin == null) {
            return false;
        }
        String lower = origin.strip().toLowerCase(Locale.ROOT);
        for (String scheme : new String[] {"http://", "https://"}) {
            if (lower.startsWith(scheme)) {
                return lower.substring(scheme.length()).equals(host.strip().toLowerCase(Locale.ROOT));
            }
        }
        return false;
    }

    static String quote(String value) {
        return value == null ? "null" : "\"" + value.replaceAll("[\\p{Cntrl}]", "?") + "\"";
    }
}
