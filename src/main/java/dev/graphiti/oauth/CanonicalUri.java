package dev.graphiti.oauth;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * The URIs the resource server is configured with (its own canonical URI, the issuers): absolute, https (plain
 * http only for a loopback host, as in tests and on one machine), no query or fragment. Compared in canonical form
 * (RFC 8707 / MCP: lowercase scheme and host, no trailing slash), so a token naming {@code HTTPS://MCP.example.com/mcp}
 * matches {@code https://mcp.example.com/mcp}.
 */
final class CanonicalUri {

    private CanonicalUri() {
    }

    /** {@code value} checked as the setting {@code setting} (named in the error), in canonical form. */
    static URI parse(String setting, String value) {
        return canonical(checked(setting, value));
    }

    /**
     * {@code value} checked as {@link #parse} does but kept as written: an issuer identifier is compared with the
     * {@code iss} of tokens character for character (some authorization servers end it with a slash).
     */
    static URI checked(String setting, String value) {
        URI uri;
        try {
            uri = new URI(value.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(setting + ": not a URI: " + value.strip() + " (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new IllegalArgumentException(setting + ": " + value.strip()
                    + " is not an absolute https URL (e.g. https://auth.example.com/realms/team)");
        }
        if (scheme.equals("http") && !isLoopback(uri.getHost())) {
            throw new IllegalArgumentException(setting + ": " + value.strip() + " must use https (plain http is accepted"
                    + " for a loopback host only): tokens and keys would travel unprotected");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(setting + ": " + value.strip() + " must have no query or fragment");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(setting + ": " + value.strip() + " must not carry user information");
        }
        return uri;
    }

    /** The canonical form of an absolute URI; empty when {@code value} is not one (a token's aud may be anything). */
    static Optional<URI> lenient(String value) {
        try {
            URI uri = new URI(value);
            return uri.isAbsolute() && uri.getHost() != null ? Optional.of(canonical(uri)) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    static URI canonical(URI uri) {
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        return URI.create(uri.getScheme().toLowerCase(Locale.ROOT) + "://" + host + port + path);
    }

    static boolean isLoopback(String host) {
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (name.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!name.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            return false; // a name other than localhost would need a lookup: not trusted as loopback
        }
        try {
            return InetAddress.getByName(name).isLoopbackAddress(); // an address literal: no lookup happens
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
