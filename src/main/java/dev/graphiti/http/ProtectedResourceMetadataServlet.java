package dev.graphiti.http;

import dev.graphiti.oauth.ResourceServer;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) at {@code /.well-known/oauth-protected-resource} and at that
 * path followed by the MCP endpoint's path (the two places MCP clients look, besides the 401's resource_metadata):
 * this server's canonical URI, the authorization servers that issue tokens for it and the scopes it needs. A
 * public document (no token needed, readable cross-origin by browser-based clients). Without OAuth configured
 * there is none: 404.
 */
@Dependent
@WebServlet(urlPatterns = {ResourceServer.WELL_KNOWN, ResourceServer.WELL_KNOWN + "/*"})
public class ProtectedResourceMetadataServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private transient Optional<ResourceServer> oauth;

    /** For the servlet container; the configuration arrives through {@link #inject}. */
    public ProtectedResourceMetadataServlet() {
    }

    public ProtectedResourceMetadataServlet(HttpTransportConfig config) {
        inject(config);
    }

    @Inject
    final void inject(HttpTransportConfig config) {
        this.oauth = Objects.requireNonNull(config, "config").oauth();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Access-Control-Allow-Origin", "*");
        switch (request.getMethod()) {
            case "GET", "HEAD" -> get(request, response);
            case "OPTIONS" -> {
                response.setHeader("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
                response.setHeader("Access-Control-Allow-Headers", "*");
                response.setHeader("Access-Control-Max-Age", "86400");
                response.setStatus(204);
            }
            default -> {
                response.setHeader("Allow", "GET, HEAD, OPTIONS");
                send(response, 405, "{\"error\":\"method_not_allowed\"}");
            }
        }
    }

    private void get(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (oauth == null || oauth.isEmpty()) {
            send(response, 404, "{\"error\":\"not_found\",\"error_description\":\"this server does not use OAuth\"}");
            return;
        }
        ResourceServer server = oauth.get();
        if (!server.isMetadataPath(request.getContextPath(), request.getPathInfo())) {
            send(response, 404, "{\"error\":\"not_found\",\"error_description\":\"no protected resource here; see "
                    + server.metadataUrl(request.getContextPath()) + "\"}");
            return;
        }
        response.setHeader("Cache-Control", "public, max-age=300");
        send(response, 200, server.metadataDocument());
    }

    private static void send(HttpServletResponse response, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
