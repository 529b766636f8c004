package dev.graphiti.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.ConfigurableJWTProcessor;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import jakarta.json.Json;
import java.net.MalformedURLException;
import java.net.URI;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The OAuth 2.1 resource server: accepts a JWT access token only when it is signed (RS/PS/ES, never HS or none) by
 * a key in the JWKS of one of the configured issuers, its {@code iss} is that issuer exactly, its audience names this
 * server's canonical URI (RFC 8707), and it is within exp/nbf give or take the clock skew. Each issuer's keys are
 * fetched from its metadata's jwks_uri, cached, and fetched again when a token names a key id the cache does not
 * hold (a rotation), at most once per {@link #JWKS_MIN_REFETCH}. Thread-safe; one instance per server, shared by every
 * servlet that authenticates (see {@code dev.graphiti.http.Authentication}).
 */
public final class ResourceServer {

    /** Where RFC 9728 puts the metadata: this, then the resource's path. */
    public static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    static final Duration JWKS_CACHE = Duration.ofMinutes(10);
    static final Duration JWKS_MIN_REFETCH = Duration.ofSeconds(30);
    private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    private final ResourceServerSettings settings;
    private final Map<String, ConfigurableJWTProcessor<SecurityContext>> processors = new LinkedHashMap<>();

    public ResourceServer(ResourceServerSettings settings, List<IssuerMetadata> issuers) {
        this.settings = settings;
        for (IssuerMetadata issuer : issuers) {
            processors.put(issuer.issuer().toString(), processor(issuer, settings.clockSkew()));
        }
    }

    /** Discovers every configured issuer's metadata (an IllegalArgumentException naming the setting when one fails). */
    public static ResourceServer start(ResourceServerSettings settings) {
        var discovery = new IssuerDiscovery(FETCH_TIMEOUT);
        return new ResourceServer(settings, settings.issuers().stream().map(discovery::discover).toList());
    }

    public ResourceServerSettings settings() {
        return settings;
    }

    /**
     * The validated token, or why it is refused; {@link KeysUnavailable} when the issuer's keys cannot be fetched
     * (the token may be fine: the client should retry, not re-authorize).
     */
    public AccessToken verify(String token) throws TokenRejected {
        SignedJWT jwt;
        String issuer;
        try {
            jwt = SignedJWT.parse(token);
            issuer = jwt.getJWTClaimsSet().getIssuer();
        } catch (ParseException e) {
            throw new TokenRejected("the access token is not a signed JWT");
        }
        ConfigurableJWTProcessor<SecurityContext> processor = issuer == null ? null : processors.get(issuer);
        if (processor == null) {
            throw new TokenRejected("the access token was not issued by an authorization server this server trusts");
        }
        JWTClaimsSet claims;
        try {
            claims = processor.process(jwt, null);
        } catch (BadJWTException e) {
            throw new TokenRejected(expired(jwt) ? "the access token has expired"
                    : "the access token's claims are not acceptable (" + e.getMessage() + ")");
        } catch (BadJOSEException e) {
            throw new TokenRejected("the access token's signature does not verify with the issuer's keys");
        } catch (RateLimitReachedException e) {
            // An unknown key id again within the refetch interval: not one the issuer published a moment ago.
            throw new TokenRejected("the access token is signed with a key the issuer does not publish");
        } catch (KeySourceException e) {
            throw new KeysUnavailable("the signing keys of " + issuer + " cannot be fetched (" + e.getMessage() + ")");
        } catch (JOSEException e) {
            throw new TokenRejected("the access token could not be verified (" + e.getClass().getSimpleName() + ")");
        }
        if (claims.getAudience().stream().map(CanonicalUri::lenient).flatMap(Optional::stream).noneMatch(settings.resource()::equals)) {
            throw new TokenRejected("the access token was issued for another resource (its audience is not " + settings.resource() + ")");
        }
        String subject = firstString(claims, "sub", "client_id", "azp").orElseThrow(() ->
                new TokenRejected("the access token names no subject or client"));
        return new AccessToken(URI.create(issuer), subject, scopes(claims), claims.getExpirationTime().toInstant());
    }

    /** The scopes {@code token} lacks of {@code needed}. */
    public static List<String> missing(AccessToken token, Collection<String> needed) {
        return needed.stream().filter(scope -> !token.scopes().contains(scope)).toList();
    }

    /**
     * Where clients find the metadata of a resource served under {@code contextPath} (empty for embedded Jetty,
     * /graphiti for a WAR): RFC 9728 3.1's URL (the well-known path inserted before the resource's path) within
     * the context, since an application server gives a WAR no path outside its own.
     */
    public URI metadataUrl(String contextPath) {
        return URI.create(origin() + contextPath + WELL_KNOWN + pathWithin(contextPath));
    }

    /** Whether a GET of {@code WELL_KNOWN + suffix} in {@code contextPath} is this resource's metadata (the root form, or its path). */
    public boolean isMetadataPath(String contextPath, String suffix) {
        return suffix == null || suffix.isEmpty() || suffix.equals("/") || suffix.equals(pathWithin(contextPath));
    }

    /** The Protected Resource Metadata document (RFC 9728 section 2). */
    public String metadataDocument() {
        var document = Json.createObjectBuilder()
                .add("resource", settings.resource().toString())
                .add("authorization_servers", Json.createArrayBuilder(settings.issuers().stream().map(URI::toString).toList()))
                .add("bearer_methods_supported", Json.createArrayBuilder(List.of("header")))
                .add("resource_signing_alg_values_supported", Json.createArrayBuilder(ALGORITHMS.stream().map(JWSAlgorithm::getName).sorted().toList()))
                .add("resource_name", "graphiti");
        if (!settings.scopes().isEmpty()) {
            document.add("scopes_supported", Json.createArrayBuilder(settings.scopes()));
        }
        return document.build().toString();
    }

    private String origin() {
        URI resource = settings.resource();
        return resource.getScheme() + "://" + resource.getRawAuthority();
    }

    private String pathWithin(String contextPath) {
        String path = settings.resource().getRawPath() == null ? "" : settings.resource().getRawPath();
        return !contextPath.isEmpty() && path.startsWith(contextPath + "/") ? path.substring(contextPath.length()) : path;
    }

    private static ConfigurableJWTProcessor<SecurityContext> processor(IssuerMetadata issuer, Duration clockSkew) {
        JWKSource<SecurityContext> keys;
        try {
            int timeout = (int) FETCH_TIMEOUT.toMillis();
            keys = JWKSourceBuilder.<SecurityContext>create(issuer.jwksUri().toURL(), new DefaultResourceRetriever(timeout, timeout, 512 * 1024))
                    .cache(JWKS_CACHE.toMillis(), FETCH_TIMEOUT.toMillis())
                    .rateLimited(JWKS_MIN_REFETCH.toMillis())
                    .build();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("the jwks_uri of " + issuer.issuer() + " is not a URL: " + issuer.jwksUri());
        }
        var processor = new DefaultJWTProcessor<SecurityContext>();
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"),
                new JOSEObjectType("application/at+jwt"), null));
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        var claims = new DefaultJWTClaimsVerifier<SecurityContext>(null,
                new JWTClaimsSet.Builder().issuer(issuer.issuer().toString()).build(), Set.of("iss", "exp", "aud"), null);
        claims.setMaxClockSkew((int) clockSkew.toSeconds());
        processor.setJWTClaimsSetVerifier(claims);
        return processor;
    }

    /** Whether the (verified) token's exp lies further back than the clock skew: the usual reason a good token is refused. */
    private boolean expired(SignedJWT jwt) {
        try {
            Date expiry = jwt.getJWTClaimsSet().getExpirationTime();
            return expiry != null && expiry.toInstant().plus(settings.clockSkew()).isBefore(Instant.now());
        } catch (ParseException e) {
            return false;
        }
    }

    /** {@code scope} (RFC 9068, space-separated) or {@code scp} (a list or a string, as some issuers write it). */
    private static Set<String> scopes(JWTClaimsSet claims) {
        Object value = claims.getClaim("scope");
        if (value == null) {
            value = claims.getClaim("scp");
        }
        if (value instanceof String text) {
            return Arrays.stream(text.split(" ")).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
        }
        if (value instanceof Collection<?> list) {
            return list.stream().filter(String.class::isInstance).map(String.class::cast).collect(Collectors.toUnmodifiableSet());
        }
        return Set.of();
    }

    private static Optional<String> firstString(JWTClaimsSet claims, String... names) {
        for (String name : names) {
            if (claims.getClaim(name) instanceof String value && !value.isBlank()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
