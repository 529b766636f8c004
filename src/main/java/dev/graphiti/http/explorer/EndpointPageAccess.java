package dev.graphiti.http.explorer;

import dev.graphiti.http.EndpointAccess;
import dev.graphiti.http.HttpRejection;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/** The explorer beside the MCP endpoint, behind exactly its checks ({@link EndpointAccess}). */
final class EndpointPageAccess implements PageAccess {

    private final EndpointAccess endpoint;

    EndpointPageAccess(EndpointAccess endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public Optional<Refusal> refusal(HttpServletRequest request) {
        try {
            endpoint.checkHostAndOrigin(request, true);
            return Optional.empty();
        } catch (HttpRejection rejection) {
            return Optional.of(refusal(rejection));
        }
    }

    @Override
    public Optional<Refusal> unauthenticated(HttpServletRequest request) {
        try {
            endpoint.caller(request);
            return Optional.empty();
        } catch (HttpRejection rejection) {
            return Optional.of(refusal(rejection));
        }
    }

    @Override
    public boolean tokensRequired() {
        return endpoint.tokensRequired();
    }

    private static Refusal refusal(HttpRejection rejection) {
        return new Refusal(rejection.status(), rejection.getMessage(), rejection.headers());
    }
}
