package dev.graphiti.explorer;

import jakarta.servlet.http.HttpServletRequest;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * The explorer's rules for a request, as the MCP endpoint's on loopback: the Host header names a loopback address
 * (a page of another site that resolves its name to 127.0.0.1, DNS rebinding, is refused), an Origin header when
 * present is this server's own, and a change (POST) carries the page's CSRF token in a header and a JSON body, which
 * a form of another site cannot send.
 */
final class RequestGuard {

    static final String CSRF_HEADER = "X-Graphiti-Csrf";
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]");

    private final String csrf;

    RequestGuard(String csrf) {
        this.csrf = csrf;
    }

    /** Why the request is refused, or null when it may go on. */
    String refusal(HttpServletRequest request) {
        String host = request.getHeader("Host");
        if (host == null || !LOOPBACK.contains(hostName(host))) {
            return "the Host header must name this machine's loopback address (127.0.0.1, localhost or [::1])";
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !origin.equalsIgnoreCase("http://" + host)) {
            return "requests from another origin are refused";
        }
        if (request.getMethod().equals("POST")) {
            String type = request.getContentType();
            if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
                return "a change is a JSON request (Content-Type: application/json)";
            }
            String token = request.getHeader(CSRF_HEADER);
            if (token == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), csrf.getBytes(StandardCharsets.UTF_8))) {
                return "a change needs the page's " + CSRF_HEADER + " token; reload the page";
            }
        }
        return null;
    }

    private static String hostName(String host) {
        String lower = host.toLowerCase(Locale.ROOT).strip();
        if (lower.startsWith("[")) {
            int close = lower.indexOf(']');
            return close < 0 ? lower : lower.substring(0, close + 1);
        }
        int colon = lower.indexOf(':');
        return colon < 0 ? lower : lower.substring(0, colon);
    }
}
