package dev.graphiti.http;

import dev.graphiti.oauth.AccessToken;
import dev.graphiti.oauth.KeysUnavailable;
import dev.graphiti.oauth.ResourceServer;
import dev.graphiti.oauth.TokenRejected;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who is calling, decided before anything else reads the request: the one seam every servlet of a server uses (the
 * MCP endpoint, the explorer), built once per server from its {@link HttpTransportConfig} ({@link #of}) so they
 * share one JWKS cache. Three modes, by configuration:
 * <ul>
 * <li>static bearer tokens ({@code graphiti.http.token}): the token must be one of them; the identity is its hash;</li>
 * <li>OAuth ({@code graphiti.oauth.issuer}): a JWT access token from a configured issuer, for this server's canonical
 * URI, holding the configured scopes (see {@link ResourceServer}); the identity is issuer and subject. Both modes may
 * be on at once (members' tokens beside a team's identity provider);</li>
 * <li>neither: only connections that arrived on a loopback address (403 elsewhere), identity {@link #LOOPBACK}.</li>
 * </ul>
 * Refusals follow RFC 6750 and the MCP authorization spec: 401 with {@code WWW-Authenticate: Bearer} (with OAuth:
 * {@code resource_metadata} and {@code scope}) when the token is missing or invalid, 403 {@code insufficient_scope}
 * naming the scopes needed; 503 with Retry-After while the issuer's keys cannot be fetched (the token may be good).
 */
public final class Authentication {

    public static final String LOOPBACK = "loopback";

    private static final String CHALLENGE = "Bearer";

    private final BearerTokens tokens;
    private final Optional<ResourceServer> oauth;

    public Authentication(BearerTokens tokens, Optional<ResourceServer> oauth) {
        this.tokens = tokens;
        this.oauth = oauth;
    }

    /** The authentication {@code config} asks for (its tokens and resource server). */
    public static Authentication of(HttpTransportConfig config) {
        return new Authentication(config.tokens(), config.oauth());
    }

    /** Whether every request must carry a token; false: loopback connections only. */
    public boolean required() {
        return !tokens.isEmpty() || oauth.isPresent();
    }

    /**
     * The caller (its identity, which sessions are bound to, and until when its token holds), or the refusal to send:
     * {@link HttpRejection#send} writes its status, WWW-Authenticate and a JSON-RPC error body; another servlet may
     * render its own body from {@link HttpRejection#status()}, {@link HttpRejection#headers()} and the message.
     */
    public Caller caller(HttpServletRequest request) throws HttpRejection {
        if (!required()) {
            if (!LoopbackNames.isLoopback(request.getLocalAddr())) {
                throw HttpRejection.of(403, "Forbidden: this server has no bearer token configured, so it serves "
                        + "loopback connections only; set GRAPHITI_HTTP_TOKEN (graphiti.http.token) or GRAPHITI_OAUTH_ISSUER"
                        + " (graphiti.oauth.issuer) to serve the network");
            }
            return Caller.lasting(LOOPBACK);
        }
        String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            throw HttpRejection.of(401, "Unauthorized: send Authorization: Bearer <token>",
                    Map.of("WWW-Authenticate", challenge(request)));
        }
        String presented = header.strip();
        if (!presented.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw HttpRejection.of(401, "Unauthorized: only Bearer authorization is supported",
                    Map.of("WWW-Authenticate", challenge(request)));
        }
        String token = presented.substring(7).strip();
        Optional<String> member = tokens.isEmpty() ? Optional.empty() : tokens.identify(token);
        if (member.isPresent()) {
            return Caller.lasting(member.get());
        }
        if (oauth.isEmpty()) {
            throw HttpRejection.of(401, "Unauthorized: the bearer token is not valid",
                    Map.of("WWW-Authenticate", CHALLENGE + " error=\"invalid_token\""));
        }
        AccessToken access = authorized(request, oauth.get(), token);
        // The token is accepted until its exp plus the skew, so that is when what it opened must end.
        return new Caller(access.identity(), Optional.of(access.expires().plus(oauth.get().settings().clockSkew())));
    }

    private AccessToken authorized(HttpServletRequest request, ResourceServer server, String token) throws HttpRejection {
        AccessToken access;
        try {
            access = server.verify(token);
        } catch (KeysUnavailable e) {
            throw HttpRejection.of(503, "Service Unavailable: " + e.getMessage(), Map.of("Retry-After", "30"));
        } catch (TokenRejected e) {
            throw HttpRejection.of(401, "Unauthorized: " + e.getMessage(), Map.of("WWW-Authenticate", CHALLENGE
                    + " error=\"invalid_token\", error_description=" + quoted(e.getMessage())
                    + ", resource_metadata=" + quoted(server.metadataUrl(request.getContextPath()).toString())));
        }
        List<String> needed = server.settings().scopes();
        List<String> missing = ResourceServer.missing(access, needed);
        if (!missing.isEmpty()) {
            String description = "the access token lacks the scope " + String.join(" ", missing);
            // All the scopes the operation needs in one challenge, so a client re-authorizes once (MCP step-up).
            throw HttpRejection.of(403, "Forbidden: " + description, Map.of("WWW-Authenticate", CHALLENGE
                    + " error=\"insufficient_scope\", scope=" + quoted(String.join(" ", needed))
                    + ", resource_metadata=" + quoted(server.metadataUrl(request.getContextPath()).toString())
                    + ", error_description=" + quoted(description)));
        }
        return access;
    }

    /** The challenge of a request without a usable Authorization header (RFC 6750 3, RFC 9728 5.1). */
    private String challenge(HttpServletRequest request) {
        if (oauth.isEmpty()) {
            return CHALLENGE;
        }
        ResourceServer server = oauth.get();
        String challenge = CHALLENGE + " resource_metadata=" + quoted(server.metadataUrl(request.getContextPath()).toString());
        List<String> scopes = server.settings().scopes();
        return scopes.isEmpty() ? challenge : challenge + ", scope=" + quoted(String.join(" ", scopes));
    }

    /** An auth-param value: printable ASCII without quote or backslash (RFC 6750 3), so nothing can break the header. */
    private static String quoted(String value) {
        return "\"" + value.replaceAll("[^\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]", "?") + "\"";
    }
}
