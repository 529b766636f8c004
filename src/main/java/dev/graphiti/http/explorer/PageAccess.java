package dev.graphiti.http.explorer;

import dev.graphiti.http.EndpointAccess;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * Who may use the explorer: `graphiti ui`'s rules on loopback, or the MCP endpoint's when the page is served beside
 * it (the team server, a WAR). The page's files hold no data and need only {@link #refusal}, so a browser can load
 * the page and ask for a token; every API call needs {@link #unauthenticated} to pass as well.
 */
public interface PageAccess {

    /** Why the request may not reach the page at all (its Host or Origin); empty when it may. */
    Optional<Refusal> refusal(HttpServletRequest request);

    /** Why the request may not read or change the graph (who is calling); empty when it may. */
    Optional<Refusal> unauthenticated(HttpServletRequest request);

    /** Whether a caller must present a bearer token, which the page then asks for. */
    boolean tokensRequired();

    /** `graphiti ui`: this machine only, no token (nothing but loopback can connect). */
    static PageAccess loopback() {
        return new LoopbackAccess();
    }

    /** Beside the MCP endpoint: its Host and Origin rules (the page's own origin allowed) and its authentication. */
    static PageAccess besideEndpoint(EndpointAccess endpoint) {
        return new EndpointPageAccess(endpoint);
    }
}
