package dev.graphiti.http;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which Host header values the server answers (DNS rebinding protection). Bound to loopback, only
 * loopback names and the listed ones are served; bound elsewhere, any well-formed Host unless a list is
 * given.
 */
public record HostPolicy(boolean loopbackOnly, Set<String> allowed) {

    public HostPolicy {
        allowed = allowed.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    /** The policy for a server bound to {@code bindHost}: loopback-only when that is a loopback address. */
    public static HostPolicy forBinding(String bindHost, Set<String> allowed) {
        return new HostPolicy(LoopbackNames.isLoopback(bindHost), allowed);
    }

    public boolean allows(String hostHeader) {
        String host = LoopbackNames.hostOf(hostHeader);
        if (host == null) {
            return false;
        }
        if (LoopbackNames.isLoopback(host) || allowed.contains(host.toLowerCase(Locale.ROOT))) {
            return true;
        }
        return !loopbackOnly && allowed.isEmpty();
    }
}
