package dev.graphiti.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which browser origins may call the endpoint. No Origin header (a non-browser client) is allowed, so
 * are loopback origins; anything else must be listed exactly (scheme://host[:port]). The literal
 * origin "null" (sandboxed frames, file: pages) is refused.
 */
public record OriginPolicy(Set<String> allowed) {

    public OriginPolicy {
        allowed = allowed.stream().map(OriginPolicy::normalize).collect(Collectors.toUnmodifiableSet());
    }

    public static OriginPolicy loopbackOnly() {
        return new OriginPolicy(Set.of());
    }

    public boolean allows(String origin) {
        if (origin == null) {
            return true;
        }
        String normalized = normalize(origin);
        if (allowed.contains("*") || allowed.contains(normalized)) {
            return true;
        }
        try {
            URI uri = new URI(origin.trim());
            String scheme = uri.getScheme();
            return ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                    && LoopbackNames.isLoopback(uri.getHost());
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String normalize(String origin) {
        String value = origin.trim().toLowerCase(Locale.ROOT);
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }
}
