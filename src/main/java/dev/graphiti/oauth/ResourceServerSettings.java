package dev.graphiti.oauth;

import dev.graphiti.config.Settings;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the operator configures for OAuth (settings only: the environment, system properties or the deployment,
 * never a tool call): the authorization servers whose tokens this server accepts ({@value #ISSUER}), this server's
 * canonical URI that tokens must name as their audience ({@value #RESOURCE}), the scopes every request needs
 * ({@value #SCOPES}), and the clock skew tolerated on exp/nbf ({@value #CLOCK_SKEW}).
 */
public record ResourceServerSettings(List<URI> issuers, URI resource, List<String> scopes, Duration clockSkew) {

    public static final String ISSUER = "graphiti.oauth.issuer";
    public static final String RESOURCE = "graphiti.oauth.resource";
    public static final String SCOPES = "graphiti.oauth.scopes";
    public static final String CLOCK_SKEW = "graphiti.oauth.clock-skew-seconds";

    static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(30);
    private static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(5);

    public ResourceServerSettings {
        issuers = List.copyOf(issuers);
        scopes = List.copyOf(scopes);
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(clockSkew, "clockSkew");
        if (issuers.isEmpty()) {
            throw new IllegalArgumentException("at least one issuer");
        }
        if (clockSkew.isNegative() || clockSkew.compareTo(MAX_CLOCK_SKEW) > 0) {
            throw new IllegalArgumentException(Settings.describe(CLOCK_SKEW) + " must be between 0 and "
                    + MAX_CLOCK_SKEW.toSeconds() + " seconds, not " + clockSkew.toSeconds());
        }
        for (String scope : scopes) {
            if (!scope.matches("[\\x21\\x23-\\x5B\\x5D-\\x7E]+")) { // RFC 6749 scope-token: no space, quote or backslash
                throw new IllegalArgumentException(Settings.describe(SCOPES) + ": not a scope: " + scope);
            }
        }
    }

    /**
     * The OAuth settings, empty when {@value #ISSUER} is unset (static bearer tokens, or loopback only). A value
     * that cannot work is an error naming the setting, so the server does not start with half an authentication.
     */
    public static Optional<ResourceServerSettings> from(Settings settings) {
        Optional<String> issuer = settings.declared(ISSUER);
        if (issuer.isEmpty()) {
            for (String other : List.of(RESOURCE, SCOPES)) {
                if (settings.get(other).isPresent()) {
                    throw new IllegalArgumentException(Settings.describe(other) + " is set but " + Settings.describe(ISSUER)
                            + " is not: name the authorization server(s) whose tokens this server accepts");
                }
            }
            return Optional.empty();
        }
        List<URI> issuers = split(issuer.get()).stream().map(value -> CanonicalUri.checked(Settings.describe(ISSUER), value)).toList();
        if (issuers.isEmpty()) {
            throw new IllegalArgumentException(Settings.describe(ISSUER) + " is set but names no issuer: give the"
                    + " authorization server's issuer URL (comma-separated for several), or unset it");
        }
        String resource = settings.get(RESOURCE).orElseThrow(() -> new IllegalArgumentException(Settings.describe(RESOURCE)
                + " must be set with " + Settings.describe(ISSUER) + ": this server's canonical URI as clients reach it"
                + " (e.g. https://mcp.example.com/mcp); access tokens must name it as their audience"));
        return Optional.of(new ResourceServerSettings(issuers, CanonicalUri.parse(Settings.describe(RESOURCE), resource),
                settings.get(SCOPES).map(ResourceServerSettings::split).orElse(List.of()),
                Duration.ofSeconds(settings.number(CLOCK_SKEW, DEFAULT_CLOCK_SKEW.toSeconds()))));
    }

    private static List<String> split(String value) {
        return Arrays.stream(value.split("[,\\s]+")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    }
}
