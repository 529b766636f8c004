package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Several secrets on one line, overlaps, placeholders already present, and the API's edges. */
class RedactorLineTest {

    private static final FakeSecrets FAKE = new FakeSecrets(42L);
    private final Redactor redactor = new Redactor();

    @Test
    void redactsEverySecretOnOneLine() {
        String ghp = "ghp_" + FAKE.alnum(36);
        String akid = "AKIA" + FAKE.upperAlnum(16);
        String jwt = FAKE.jwt();
        String line = "PASSWORD=hunter2 GH=" + ghp + " key " + akid + " url postgres://app:pw9x@db/app jwt=" + jwt
                + " again " + ghp;

        Redaction r = redactor.redact(line);

        assertEquals("PASSWORD=[REDACTED:secret_assignment] GH=[REDACTED:github_token] key [REDACTED:aws_access_key]"
                + " url postgres://app:[REDACTED:url_password]@db/app jwt=[REDACTED:jwt] again [REDACTED:github_token]",
                r.text());
        assertEquals(6, r.count());
        assertEquals(List.of(SecretKind.AWS_ACCESS_KEY, SecretKind.GITHUB_TOKEN, SecretKind.JWT,
                SecretKind.URL_PASSWORD, SecretKind.SECRET_ASSIGNMENT), r.kinds());
    }

    @Test
    void specificKindWinsOverGenericOnTheSameSpan() {
        String key = "sk-ant-api03-" + FAKE.alnum(40);

        Redaction r = redactor.redact("api_key: \"" + key + "\"");

        assertEquals("api_key: \"[REDACTED:anthropic_key]\"", r.text());
        assertEquals(List.of(SecretKind.ANTHROPIC_KEY), r.kinds());
    }

    @Test
    void leavesExistingPlaceholdersAlone() {
        String text = "password = \"[REDACTED:secret_assignment]\" and Authorization: Bearer [REDACTED:jwt] and "
                + "postgres://u:[REDACTED:url_password]@h/db";

        Redaction r = redactor.redact(text);

        assertEquals(text, r.text());
        assertEquals(0, r.count());
    }

    @Test
    void findsASecretHiddenBehindARejectedMatch() {
        Redaction r = redactor.redact("log(\"token: \" + t + \" password=hunter2\")");

        assertEquals("log(\"token: \" + t + \" password=[REDACTED:secret_assignment]\")", r.text());
    }

    @Test
    void keepsLineBreaksAndSurroundingText() {
        String block = FAKE.privateKeyBlock("OPENSSH ", "\r\n");

        Redaction r = redactor.redact("a\r\n" + block + "\r\nb PASSWORD=x1y2z3\r\n");

        assertEquals("a\r\n[REDACTED:private_key]\r\nb PASSWORD=[REDACTED:secret_assignment]\r\n", r.text());
    }

    @Test
    void rejectsNull() {
        assertThrows(NullPointerException.class, () -> redactor.redact(null));
    }

    @Test
    void redactionChecksItsOwnConsistency() {
        assertThrows(IllegalArgumentException.class, () -> new Redaction("x", 1, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Redaction("x", -1, List.of()));
    }
}
