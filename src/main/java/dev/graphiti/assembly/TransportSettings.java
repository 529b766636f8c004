package dev.graphiti.assembly;

import dev.graphiti.config.Settings;
import dev.graphiti.http.BearerTokens;
import dev.graphiti.http.HostPolicy;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.OriginPolicy;
import dev.graphiti.oauth.ResourceServer;
import dev.graphiti.oauth.ResourceServerSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The HTTP transport's tunables from the settings (see docs/operations.md): graphiti.http.token,
 * graphiti.http.allowed-origins, graphiti.http.allowed-hosts, graphiti.http.max-body-bytes,
 * graphiti.http.max-sessions, graphiti.http.session-idle-seconds, graphiti.http.request-timeout-seconds,
 * graphiti.http.stream-timeout-seconds, graphiti.http.heartbeat-seconds, graphiti.http.initialize-per-minute,
 * graphiti.http.drain-seconds and graphiti.http.body-timeout-seconds, and the OAuth resource server's graphiti.oauth.*
 * (its issuers' metadata is fetched here, once). Unset, a tunable keeps the base's value.
 */
public final class TransportSettings {

    /** The bearer token, or several comma-separated (one per team member). */
    public static final String TOKEN = "graphiti.http.token";

    private TransportSettings() {
    }

    public static HttpTransportConfig apply(HttpTransportConfig base, Settings settings) {
        Set<String> originNames = list(settings.get("graphiti.http.allowed-origins").orElse(null));
        Set<String> hostNames = list(settings.get("graphiti.http.allowed-hosts").orElse(null));
        return new HttpTransportConfig(
                originNames.isEmpty() ? base.origins() : new OriginPolicy(originNames),
                hostNames.isEmpty() ? base.hosts() : new HostPolicy(base.hosts().loopbackOnly(), hostNames),
                settings.number("graphiti.http.max-body-bytes", base.maxBodyBytes()),
                (int) settings.number("graphiti.http.max-sessions", base.maxSessions()),
                seconds(settings, "graphiti.http.session-idle-seconds", base.sessionIdleTimeout()),
                seconds(settings, "graphiti.http.request-timeout-seconds", base.requestTimeout()),
                seconds(settings, "graphiti.http.stream-timeout-seconds", base.streamTimeout()),
                seconds(settings, "graphiti.http.heartbeat-seconds", base.heartbeatInterval()),
                settings.declared(TOKEN).map(BearerTokens::parse).orElse(base.tokens()),
                (int) settings.number("graphiti.http.initialize-per-minute", base.initializePerMinute()),
                seconds(settings, "graphiti.http.drain-seconds", base.drainTimeout()),
                seconds(settings, "graphiti.http.body-timeout-seconds", base.bodyTimeout()),
                ResourceServerSettings.from(settings).map(ResourceServer::start).or(base::oauth));
    }

    private static Duration seconds(Settings settings, String name, Duration fallback) {
        return Duration.ofSeconds(settings.number(name, fallback.toSeconds()));
    }

    private static Set<String> list(String value) {
        if (value == null || value.isBlank()) {
            return Set.of();
        }
        return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }
}
