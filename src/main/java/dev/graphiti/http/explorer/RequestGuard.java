package dev.graphiti.http.explorer;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;
import java.util.Optional;

/**
 * The explorer's rules for a request: who may reach the page at all ({@link PageAccess}: Host and Origin), and that
 * a change (POST) carries the page's CSRF token in a header and a JSON body, which a form of another site cannot send.
 */
final class RequestGuard {

    static final String CSRF_HEADER = "X-Graphiti-Csrf";

    private final CsrfTokens csrf;
    private final PageAccess access;

    RequestGuard(CsrfTokens csrf, PageAccess access) {
        this.csrf = csrf;
        this.access = access;
    }

    /** Why the request is refused; empty when it may go on. */
    Optional<Refusal> refusal(HttpServletRequest request) {
        Optional<Refusal> refused = access.refusal(request);
        if (refused.isPresent() || !request.getMethod().equals("POST")) {
            return refused;
        }
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return Optional.of(Refusal.forbidden("a change is a JSON request (Content-Type: application/json)"));
        }
        String token = request.getHeader(CSRF_HEADER);
        if (!csrf.valid(token)) {
            return Optional.of(Refusal.forbidden("a change needs the page's " + CSRF_HEADER + " token; reload the page"));
        }
        return Optional.empty();
    }
}
