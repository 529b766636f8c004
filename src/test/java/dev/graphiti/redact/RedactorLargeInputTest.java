package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Big and hostile inputs finish and stay correct. The timeouts are hang guards, not speed targets (those
 * live in scripts/bench-redact): with a quadratic pattern these inputs would run for hours, and a stack
 * overflow would fail the test outright.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class RedactorLargeInputTest {

    private static final int ONE_MB = 1024 * 1024;
    private static final int TEN_MB = 10 * ONE_MB;
    private final Redactor redactor = new Redactor();

    @Test
    void redactsTenMegabytesOfMixedTextCorrectly() throws Exception {
        FakeSecrets fake = new FakeSecrets(99L);
        String ordinary = RedactorOrdinaryTextTest.resource("LoginController.java.txt")
                + RedactorOrdinaryTextTest.resource("git-log.txt");
        StringBuilder in = new StringBuilder(TEN_MB + 4096);
        StringBuilder expected = new StringBuilder(TEN_MB + 4096);
        int secrets = 0;
        while (in.length() < TEN_MB) {
            String token = "ghp_" + fake.alnum(36);
            String key = "AKIA" + fake.upperAlnum(16);
            in.append(ordinary).append("push ").append(token).append(" with ").append(key).append('\n');
            expected.append(ordinary).append("push [REDACTED:github_token] with [REDACTED:aws_access_key]\n");
            secrets += 2;
        }

        Redaction r = redactor.redact(in.toString());

        assertEquals(secrets, r.count());
        assertEquals(List.of(SecretKind.AWS_ACCESS_KEY, SecretKind.GITHUB_TOKEN), r.kinds());
        assertTrue(expected.toString().equals(r.text()), "redacted text differs from the expected text");
    }

    /**
     * Near-misses of every pattern, repeated to 256 KiB: each must fail fast, not backtrack over the input (a
     * quadratic pattern would need on the order of 10^11 steps here, a recursive one would overflow the stack).
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "a", " ", "\n", "=", ":", "'", "\"", "ghp_", "sk-", "xoxb-", "AKIA", "eyJ", "eyJa.", "eyJabcd.eyJ",
            "password=", "password: ", "\"password\": \"", "token = '", "<password>", "-----BEGIN " + "PRIVATE KEY-----\n",
            "-----BEGIN RSA " + "PRIVATE KEY-----", "-----END " + "PRIVATE KEY-----", "https://", "https://u:", "a://b:c",
            "Authorization: Bearer ", "Bearer ", "aB3/", "aB3+", "A1b2C3d4", "x@", "password '", "<a ", "\\n",
            "password is ", "the key: ", "with password ", " as the secret ", "?key=", "&token=a1", "#access_token=",
            "mysql -p", "mysql a ", "data:a;base64,", "https://a/b", "a/b/", "abc/def/", "key=", "Key: A1"})
    void hostileRepetitionsFinish(String unit) {
        String text = unit.repeat(ONE_MB / 4 / unit.length());

        Redaction once = redactor.redact(text);

        assertEquals(once.text(), redactor.redact(once.text()).text());
    }

    @Test
    void oneTenMegabyteRandomTokenIsOneFinding() {
        String token = new FakeSecrets(3L).alnum(64).repeat(TEN_MB / 64);

        Redaction r = redactor.redact("blob " + token + " end");

        assertEquals("blob [REDACTED:high_entropy] end", r.text());
        assertEquals(1, r.count());
    }

    @Test
    void isThreadSafe() throws Exception {
        FakeSecrets fake = new FakeSecrets(5L);
        List<String> inputs = java.util.stream.IntStream.range(0, 200)
                .mapToObj(i -> "line " + i + " PASSWORD=" + fake.alnum(12) + " ghp_" + fake.alnum(36) + " "
                        + fake.uuid())
                .toList();
        List<Redaction> sequential = inputs.stream().map(redactor::redact).toList();

        List<Redaction> parallel = inputs.parallelStream().map(redactor::redact).toList();

        assertEquals(sequential, parallel);
        assertTrue(sequential.stream().allMatch(r -> r.count() == 2));
    }
}
