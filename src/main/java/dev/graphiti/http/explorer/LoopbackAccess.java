package dev.graphiti.http.explorer;

import dev.graphiti.http.LoopbackNames;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * `graphiti ui`'s rules, as the MCP endpoint's on loopback: the Host header names a loopback address (a page of
 * another site that resolves its name to 127.0.0.1, DNS rebinding, is refused) and an Origin header, when present, is
 * the page's own. Nobody authenticates: the server listens on 127.0.0.1 only.
 */
final class LoopbackAccess implements PageAccess {

    @Override
    public Optional<Refusal> refusal(HttpServletRequest request) {
        String host = request.getHeader("Host");
        String name = LoopbackNames.hostOf(host);
        if (name == null || !(name.equals("127.0.0.1") || name.equalsIgnoreCase("localhost") || name.equals("[::1]"))) {
            return Optional.of(Refusal.forbidden(
                    "the Host header must name this machine's loopback address (127.0.0.1, localhost or [::1])"));
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !origin.equalsIgnoreCase("http://" + host.strip())) {
            return Optional.of(Refusal.forbidden("requests from another origin are refused"));
        }
        return Optional.empty();
    }

    @Override
    public Optional<Refusal> unauthenticated(HttpServletRequest request) {
        return Optional.empty();
    }

    @Override
    public boolean tokensRequired() {
        return false;
    }
}
