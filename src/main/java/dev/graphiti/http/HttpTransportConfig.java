package dev.graphiti.http;

import java.time.Duration;
import dev.graphiti.oauth.ResourceServer;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The tunables of the streamable HTTP transport. Every limit is finite: body size and how long a POST
 * body may take to arrive, session count and idle time, how long a POST may wait for its answer, how long a GET stream stays open (clients reopen
 * it), how often an idle SSE stream gets a heartbeat comment (below proxies' and Jetty's idle timeouts),
 * how many sessions one address may open a minute, and how long a stop waits for running calls. Who may
 * call is {@code tokens} and {@code oauth} (see {@link Authentication}): neither means loopback connections only.
 */
public record HttpTransportConfig(OriginPolicy origins, HostPolicy hosts, long maxBodyBytes, int maxSessions,
                                  Duration sessionIdleTimeout, Duration requestTimeout, Duration streamTimeout,
                                  Duration heartbeatInterval, BearerTokens tokens, int initializePerMinute,
                                  Duration drainTimeout, Duration bodyTimeout,
                                  Optional<ResourceServer> oauth) {

    public static final long DEFAULT_MAX_BODY_BYTES = 4L * 1024 * 1024;
    public static final int DEFAULT_MAX_SESSIONS = 256;
    public static final int DEFAULT_INITIALIZE_PER_MINUTE = 60;
    /** A whole body within 30 s: a 4 MiB message needs 140 KB/s, an ordinary one of a few KB almost nothing. */
    public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(30);

    public HttpTransportConfig {
        Objects.requireNonNull(origins, "origins");
        Objects.requireNonNull(hosts, "hosts");
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(oauth, "oauth");
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive: " + maxBodyBytes);
        }
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be positive: " + maxSessions);
        }
        if (initializePerMinute < 1) {
            throw new IllegalArgumentException("initializePerMinute must be positive: " + initializePerMinute);
        }
        requirePositive("sessionIdleTimeout", sessionIdleTimeout);
        requirePositive("requestTimeout", requestTimeout);
        requirePositive("streamTimeout", streamTimeout);
        requirePositive("heartbeatInterval", heartbeatInterval);
        requirePositive("drainTimeout", drainTimeout);
        requirePositive("bodyTimeout", bodyTimeout);
    }

    /** Defaults for a server bound to {@code bindHost}: loopback origins, Host checked when bound to loopback. */
    public static HttpTransportConfig forBinding(String bindHost) {
        return new HttpTransportConfig(OriginPolicy.loopbackOnly(), HostPolicy.forBinding(bindHost, Set.of()),
                DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SESSIONS, Duration.ofMinutes(30), Duration.ofMinutes(10),
                Duration.ofMinutes(30), Duration.ofSeconds(15), BearerTokens.none(), DEFAULT_INITIALIZE_PER_MINUTE,
                Duration.ofSeconds(30), DEFAULT_BODY_TIMEOUT, Optional.empty());
    }

    public HttpTransportConfig withOrigins(OriginPolicy value) {
        return new HttpTransportConfig(value, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval, tokens, initializePerMinute, drainTimeout, bodyTimeout, oauth);
    }

    public HttpTransportConfig withLimits(long bodyBytes, int sessions, Duration idle) {
        return new HttpTransportConfig(origins, hosts, bodyBytes, sessions, idle, requestTimeout, streamTimeout,
                heartbeatInterval, tokens, initializePerMinute, drainTimeout, bodyTimeout, oauth);
    }

    public HttpTransportConfig withTimeouts(Duration request, Duration stream, Duration heartbeat) {
        return new HttpTransportConfig(origins, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, request, stream,
                heartbeat, tokens, initializePerMinute, drainTimeout, bodyTimeout, oauth);
    }

    public HttpTransportConfig withTokens(BearerTokens value) {
        return new HttpTransportConfig(origins, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval, value, initializePerMinute, drainTimeout, bodyTimeout, oauth);
    }

    public HttpTransportConfig withInitializeRate(int perMinute) {
        return new HttpTransportConfig(origins, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval, tokens, perMinute, drainTimeout, bodyTimeout, oauth);
    }

    public HttpTransportConfig withDrainTimeout(Duration value) {
        return new HttpTransportConfig(origins, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval, tokens, initializePerMinute, value, bodyTimeout, oauth);
    }

    public HttpTransportConfig withBodyTimeout(Duration value) {
        return new HttpTransportConfig(origins, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval, tokens, initializePerMinute, drainTimeout, value, oauth);
    }

    /** With OAuth access tokens from {@code value}'s issuers accepted (beside any static tokens). */
    public HttpTransportConfig withOAuth(ResourceServer value) {
        return new HttpTransportConfig(origins, hosts, maxBodyBytes, maxSessions, sessionIdleTimeout, requestTimeout,
                streamTimeout, heartbeatInterval, tokens, initializePerMinute, drainTimeout, bodyTimeout, Optional.of(value));
    }

    private static void requirePositive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}
