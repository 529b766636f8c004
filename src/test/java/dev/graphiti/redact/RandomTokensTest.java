package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The high-entropy rule: how much random key material it catches, and which code-shaped runs it leaves. */
class RandomTokensTest {

    /** The rates the class comment states, checked on 2,000 seeded random base64 strings per length. */
    @ParameterizedTest(name = "{0} characters: at least {1} of 2000 caught")
    @CsvSource({"24, 1900", "32, 1960", "40, 1985", "64, 1998"})
    void catchesRandomBase64(int length, int atLeast) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        Random random = new Random(length);
        int caught = 0;
        for (int i = 0; i < 2000; i++) {
            caught += RandomTokens.looksRandom(draw(random, alphabet, length)) ? 1 : 0;
        }
        assertTrue(caught >= atLeast, caught + " caught");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "AbstractSingletonProxyFactoryBean2", "Base64UrlSafeEncoderTest2", "redactsGithubTokenWithKind2",
            "batchOn20250326IsAnsweredAsAnArray", "ISO8859_1CharsetDecoderTest", "K8sClusterNodeGroup4Worker",
            "X509TrustManagerFactoryImplSpi", "sha256Hex2Base64Converter", "test2025_11_22MigrationV3",
            "org/apache/commons/lang3/StringUtils", "v1/projects/myProject123/locations/us-central1/functions",
            "9fceb02d0ae598e95dc970b74767f19372d61af8", "I3b2c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c",
            "123e4567-e89b-12d3-a456-426614174000", "MAX_RETRY_COUNT_FOR_HTTP2_CLIENT_V1",
            "x86_64-unknown-linux-gnu_V2_release", "HttpServletStreamableServerTransportProvider1"})
    void leavesCodeShapedRunsAlone(String run) {
        assertFalse(RandomTokens.looksRandom(run), run);
    }

    /**
     * Under a key name or after a secret noun, random keys of the alphabets providers use pass: at 16
     * characters a key with an ordinary-looking stretch of letters, a single digit or (hex) few distinct
     * characters used to be taken for a name (4% of mixed-case, 14% of hex, 26% of upper-case keys).
     */
    @ParameterizedTest(name = "{0}, {1} characters: at least {2} of 2000 are key material")
    @CsvSource({
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789, 16, 1980",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789, 24, 1990",
            "abcdefghijklmnopqrstuvwxyz0123456789, 16, 1960",
            "abcdefghijklmnopqrstuvwxyz0123456789, 24, 1985",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789, 16, 1960",
            "0123456789abcdef, 16, 1990",
            "0123456789abcdef, 32, 1998"})
    void takesRandomKeysForKeyMaterial(String alphabet, int length, int atLeast) {
        Random random = new Random(length * 31L + alphabet.length());
        int caught = 0;
        int tried = 0;
        while (tried < 2000) {
            String key = draw(random, alphabet, length);
            if (key.chars().noneMatch(Character::isDigit) || key.chars().noneMatch(Character::isLetter)) {
                continue; // not a key this rule is for: it asks for letters and digits
            }
            tried++;
            caught += RandomTokens.isKeyMaterial(key) ? 1 : 0;
        }
        assertTrue(caught >= atLeast, caught + " caught");
    }

    /** Values given to key names that are names made of words and numbers, not keys. */
    @ParameterizedTest
    @ValueSource(strings = {
            "feature-flag-2024-rollout", "reports/2024/q3/monthly-summary", "tenant-48213-invoice-summary",
            "product-card-2025-hero", "onboarding-step-3-welcome-banner", "commons-collections4-4",
            "AbstractSingletonProxyFactoryBean2", "X509ExtendedTrustManagerWrapper", "Maven31ArtifactDeployer",
            "PlexusIoBz2ResourceCollection", "123e4567-e89b-12d3-a456-426614174000", "aaaa1111bbbb2222",
            "abab1212abab1212"})
    void leavesNamesMadeOfWordsAlone(String value) {
        assertFalse(RandomTokens.isKeyMaterial(value), value);
    }

    private static String draw(Random random, String alphabet, int length) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < length; c++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }
}
