package dev.graphiti.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import no.nav.security.mock.oauth2.http.MockWebServerWrapper;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import no.nav.security.mock.oauth2.token.KeyProvider;
import no.nav.security.mock.oauth2.token.OAuth2TokenProvider;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The issuer's signing keys as the resource server holds them, against a real authorization server whose key the
 * test rotates (a new key id, as identity providers do): the JWKS is fetched once and cached, fetched again when a
 * token names a key id the cache lacks, and not fetched for every token with an unknown key id (a flood of garbage
 * cannot make the server hammer the issuer).
 */
class IssuerKeysTest {

    static final String RESOURCE = "https://mcp.example.test/mcp";

    /** The issuer's one current signing key, replaced by {@link #rotate}. */
    static final class RotatingKeys extends KeyProvider {
        volatile RSAKey current = newKey("key-1");

        @Override
        public JWK signingKey(String issuerId) {
            return current;
        }

        void rotate(String keyId) {
            current = newKey(keyId);
        }

        static RSAKey newKey(String keyId) {
            try {
                return new RSAKeyGenerator(2048).keyID(keyId).generate();
            } catch (com.nimbusds.jose.JOSEException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    final RotatingKeys keys = new RotatingKeys();
    final MockOAuth2Server issuer = new MockOAuth2Server(new OAuth2Config(false, null, null, false,
            new OAuth2TokenProvider(keys, (Instant) null), Set.of(), new MockWebServerWrapper(null)));
    ResourceServer server;

    @BeforeEach
    void start() {
        issuer.start();
        server = ResourceServer.start(new ResourceServerSettings(List.of(URI.create(issuer.issuerUrl("team").toString())),
                URI.create(RESOURCE), List.of(), Duration.ofSeconds(5)));
        drainRequests(); // the discovery at startup
    }

    @AfterEach
    void stop() {
        issuer.shutdown();
    }

    String token() {
        return issuer.issueToken("team", "client", new DefaultOAuth2TokenCallback("team", "alice", "JWT", List.of(RESOURCE),
                Map.of(), 600)).serialize();
    }

    /** How many times the JWKS was fetched since the last call. */
    int jwksFetches() {
        return (int) drainRequests().stream().filter(path -> path.endsWith("/jwks")).count();
    }

    List<String> drainRequests() {
        var paths = new java.util.ArrayList<String>();
        while (true) {
            RecordedRequest request;
            try {
                request = issuer.takeRequest(200, TimeUnit.MILLISECONDS);
            } catch (RuntimeException none) { // how the issuer says no request came within the wait
                return paths;
            }
            paths.add(request.getPath());
        }
    }

    @Test
    void theKeysAreFetchedOnceAndFetchedAgainForANewKeyId() throws Exception {
        String first = token();
        for (int i = 0; i < 5; i++) {
            assertEquals("alice", server.verify(first).subject());
        }
        assertEquals(1, jwksFetches(), "five tokens, one JWKS fetch: the keys are cached");

        keys.rotate("key-2");
        String second = token();
        assertEquals("alice", server.verify(second).subject(), "a token signed with the new key is accepted");
        assertEquals(1, jwksFetches(), "the unknown key id made the server fetch the JWKS again, once");
        assertEquals("alice", server.verify(second).subject());
        assertEquals(0, jwksFetches(), "and the new keys are cached");
        var retired = assertThrows(TokenRejected.class, () -> server.verify(first));
        assertTrue(retired.getMessage().contains("key"), "the retired key is no longer trusted: " + retired.getMessage());
    }

    @Test
    void tokensWithUnknownKeyIdsDoNotMakeTheServerFetchTheKeysEachTime() throws Exception {
        server.verify(token());
        assertEquals(1, jwksFetches());
        RSAKey stranger = RotatingKeys.newKey("stranger"); // not the issuer's: its JWKS never holds these ids
        for (int i = 0; i < 10; i++) {
            var key = new RSAKey.Builder(stranger).keyID("unknown-" + i).build();
            var forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                    new JWTClaimsSet.Builder().issuer(issuer.issuerUrl("team").toString()).subject("mallory").audience(RESOURCE)
                            .expirationTime(new java.util.Date(System.currentTimeMillis() + 600_000)).build());
            forged.sign(new RSASSASigner(key));
            assertThrows(TokenRejected.class, () -> server.verify(forged.serialize()));
        }
        int fetches = jwksFetches();
        assertTrue(fetches <= 1, "ten unknown key ids within " + ResourceServer.JWKS_MIN_REFETCH.toSeconds()
                + " s fetched the JWKS " + fetches + " times");
    }

    @Test
    void anIssuerWhoseKeysCannotBeFetchedIsNotTheTokensFault() {
        String token = token();
        issuer.shutdown();
        var unavailable = assertThrows(KeysUnavailable.class, () -> server.verify(token),
                "no keys to judge by: the server says so (503) instead of calling the token invalid");
        assertTrue(unavailable.getMessage().contains(issuer.issuerUrl("team").toString()), unavailable.getMessage());
    }
}
