package dev.graphiti.oauth;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds an authorization server's metadata as MCP prescribes for clients (RFC 8414 with path insertion, then
 * OpenID Connect Discovery inserted and appended), keeping only a document whose {@code issuer} is exactly the
 * configured one (RFC 8414 section 3.3: a document naming another issuer must not be used), and reads its
 * {@code jwks_uri}. Done once at startup: a wrong or unreachable issuer stops the server with the URLs tried and
 * what each answered, rather than refusing every token later.
 */
public final class IssuerDiscovery {

    private static final int MAX_DOCUMENT_BYTES = 1 << 20;
    private static final String SETTING = dev.graphiti.config.Settings.describe(ResourceServerSettings.ISSUER);
    private static final String UNREACHABLE = "unreachable";

    private final HttpClient http;
    private final Duration timeout;

    public IssuerDiscovery(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public IssuerMetadata discover(URI issuer) {
        List<String> tried = new ArrayList<>();
        for (URI candidate : candidates(issuer)) {
            try {
                JsonObject document = fetch(candidate);
                String named = document.getString("issuer", null);
                if (!issuer.toString().equals(named)) {
                    tried.add(candidate + ": names issuer " + (named == null ? "none" : "\"" + named + "\""));
                    continue;
                }
                if (!(document.get("jwks_uri") instanceof JsonString jwks)) {
                    throw new IllegalArgumentException(SETTING + ": the metadata of " + issuer
                            + " (" + candidate + ") has no jwks_uri: this server validates JWT access tokens with the issuer's keys");
                }
                return new IssuerMetadata(issuer, CanonicalUri.checked("the jwks_uri of " + issuer, jwks.getString()));
            } catch (NotMetadata e) {
                tried.add(candidate + ": " + e.getMessage());
            }
        }
        boolean reached = tried.stream().anyMatch(attempt -> !attempt.contains(UNREACHABLE));
        throw new IllegalArgumentException(SETTING + ": no authorization server metadata for issuer " + issuer + " (tried "
                + String.join("; ", tried) + "). " + (reached
                ? "Set it to the issuer identifier exactly as the authorization server publishes it (its metadata's \"issuer\")"
                : "Is the authorization server running, and reachable from this server at that address?"));
    }

    /** RFC 8414 3.1 and OIDC Discovery, in the order the MCP authorization spec gives. */
    static List<URI> candidates(URI issuer) {
        String origin = issuer.getScheme() + "://" + issuer.getRawAuthority();
        String path = issuer.getRawPath() == null ? "" : issuer.getRawPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (path.isEmpty()) {
            return List.of(URI.create(origin + "/.well-known/oauth-authorization-server"),
                    URI.create(origin + "/.well-known/openid-configuration"));
        }
        return List.of(URI.create(origin + "/.well-known/oauth-authorization-server" + path),
                URI.create(origin + "/.well-known/openid-configuration" + path),
                URI.create(origin + path + "/.well-known/openid-configuration"));
    }

    private JsonObject fetch(URI url) throws NotMetadata {
        HttpResponse<byte[]> response;
        try {
            response = http.send(HttpRequest.newBuilder(url).timeout(timeout).header("Accept", "application/json").GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (java.net.ConnectException e) {
            throw new NotMetadata(UNREACHABLE + " (connection refused)");
        } catch (java.net.http.HttpTimeoutException e) {
            throw new NotMetadata(UNREACHABLE + " (no answer within " + timeout.toSeconds() + " s)");
        } catch (IOException e) {
            throw new NotMetadata(UNREACHABLE + " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotMetadata("interrupted");
        }
        if (response.statusCode() != 200) {
            throw new NotMetadata("HTTP " + response.statusCode());
        }
        if (response.body().length > MAX_DOCUMENT_BYTES) {
            throw new NotMetadata("larger than " + MAX_DOCUMENT_BYTES + " bytes");
        }
        try (var reader = Json.createReader(new StringReader(new String(response.body(), java.nio.charset.StandardCharsets.UTF_8)))) {
            return reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new NotMetadata("not a JSON object");
        }
    }

    private static final class NotMetadata extends Exception {
        private static final long serialVersionUID = 1L;

        NotMetadata(String message) {
            super(message, null, false, false);
        }
    }
}
