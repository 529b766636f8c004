package dev.graphiti.http;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The tunables of the streamable HTTP transport. Every limit is finite: body size, session count and
 * idle time, how long a POST may wait for its answer, how long a GET stream stays open (clients reopen
 * it), and how often an idle SSE stream gets a heartbeat comment (below proxies' and Jetty's idle timeouts).
 * {@code token}: the bearer token every request must carry, when set (required off loopback).
 */
public record HttpTransportConfig(OriginPolicy origins, HostPolicy hosts, Optional<AccessToken> token,
                                  long maxBodyBytes, int maxSessions, Duration sessionIdleTimeout,
                                  Duration requestTimeout, Duration streamTimeout, Duration heartbeatInterval) {

    public static final long DEFAULT_MAX_BODY_BYTES = 4L * 1024 * 1024;
    public static final int DEFAULT_MAX_SESSIONS = 256;

    public HttpTransportConfig {
        Objects.requireNonNull(origins, "origins");
        Objects.requireNonNull(hosts, "hosts");
        Objects.requireNonNull(token, "token");
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive: " + maxBodyBytes);
        }
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be positive: " + maxSessions);
        }
        requirePositive("sessionIdleTimeout", sessionIdleTimeout);
        requirePositive("requestTimeout", requestTimeout);
        requirePositive("streamTimeout", streamTimeout);
        requirePositive("heartbeatInterval", heartbeatInterval);
    }

    /** Defaults for a server bound to {@code bindHost}: loopback origins, Host checked when bound to loopback. */
    public static HttpTransportConfig forBinding(String bindHost) {
        return new HttpTransportConfig(OriginPolicy.loopbackOnly(), HostPolicy.forBinding(bindHost, Set.of()),
                Optional.empty(), DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SESSIONS, Duration.ofMinutes(30), Duration.ofMinutes(10),
                Duration.ofMinutes(30), Duration.ofSeconds(15));
    }

    /**
     * Adds the comma-separated GRAPHITI_HTTP_ALLOWED_ORIGINS (browser origins, or "*"),
     * GRAPHITI_HTTP_ALLOWED_HOSTS (extra Host names) and the bearer token GRAPHITI_HTTP_TOKEN from
     * {@code environment}.
     */
    public HttpTransportConfig withEnvironment(java.util.Map<String, String> environment) {
        Set<String> origins = list(environment.get("GRAPHITI_HTTP_ALLOWED_ORIGINS"));
        Set<String> hostNames = list(environment.get("GRAPHITI_HTTP_ALLOWED_HOSTS"));
        String secret = environment.get("GRAPHITI_HTTP_TOKEN");
        Optional<AccessToken> access = secret == null || secret.isBlank() ? token : Optional.of(new AccessToken(secret));
        return new HttpTransportConfig(new OriginPolicy(origins), new HostPolicy(hosts.loopbackOnly(), hostNames), access,
                maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout, streamTimeout, heartbeatInterval);
    }

    private static Set<String> list(String value) {
        if (value == null || value.isBlank()) {
            return Set.of();
        }
        return java.util.Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    public HttpTransportConfig withToken(AccessToken value) {
        return new HttpTransportConfig(origins, hosts, Optional.of(value), maxBodyBytes, maxSessions, sessionIdleTimeout,
                requestTimeout, streamTimeout, heartbeatInterval);
    }

    public HttpTransportConfig withOrigins(OriginPolicy value) {
        return new HttpTransportConfig(value, hosts, token, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval);
    }

    public HttpTransportConfig withLimits(long bodyBytes, int sessions, Duration idle) {
        return new HttpTransportConfig(origins, hosts, token, bodyBytes, sessions, idle, requestTimeout, streamTimeout,
                heartbeatInterval);
    }

    public HttpTransportConfig withTimeouts(Duration request, Duration stream, Duration heartbeat) {
        return new HttpTransportConfig(origins, hosts, token, maxBodyBytes, maxSessions, sessionIdleTimeout, request, stream,
                heartbeat);
    }

    private static void requirePositive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}
