package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 28: the secrets an independent corpus found stored with no redaction (each example of the finding
 * is one case), then one case per family the fix covers, then look-alikes that must stay.
 */
class RedactorFamiliesTest {

    private static final FakeSecrets FAKE = new FakeSecrets(20261128L);
    private final Redactor redactor = new Redactor();

    /** {@code template} holds {} where the secret goes. */
    static Stream<Arguments> finding() {
        return Stream.of(
                Arguments.of("bare Slack xoxe- token", "{}",
                        "xo" + "xe-4726837507825-4848681849303-4856614048758-e0b1f3d4cb371f92260edb0d9444d206"),
                Arguments.of("postgres URL with the password pass", "postgres://user:{}@host:5432", "pass"),
                Arguments.of("jdbc URL with the password secret", "jdbc:postgresql://postgres:{}@localhost:5432/mydb",
                        "secret"),
                // short enough that the random-run check alone misses it (a secret of a few characters)
                Arguments.of("Jenkins <secret> element", "<secret>{}</secret>", "{AQAAABAAAAAQ" + "qA7wN1bc+Gz2kPxTe9m4Y=}"),
                Arguments.of("table row apiKey |value", "apiKey |{}", "e9e0f062f587b423bb6cc6328eb786d75b45783e"),
                Arguments.of("environment variable given a value in prose",
                        "I set DB_PASSWORD to {} on staging, restart the pods", "coffee" + "soccer"),
                Arguments.of("one-case key in prose with no secret word", "and for the old account {}",
                        "i9vjd87kpxe6j8v98lrur9w7vtui4zpa"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("finding")
    void theFindingsExamplesAreRedacted(String what, String template, String secret) {
        assertLeavesOut(template, secret);
    }

    static Stream<Arguments> families() {
        return Stream.of(
                Arguments.of("Slack client token", "SLACK={}", "xo" + "xc-" + "2815" + "1234567-" + FAKE.alnum(40)),
                Arguments.of("Google OAuth client secret", "client_id: x\nsecret {}", "GOC" + "SPX-" + FAKE.alnum(28)),
                Arguments.of("Azure AD client secret", "AZURE={}", FAKE.alnum(3) + "8Q~" + FAKE.alnum(34)),
                Arguments.of("Twilio API key", "twilio {}", "S" + "K" + FAKE.hex(32)),
                Arguments.of("Mailgun key", "mg {}", "ke" + "y-" + FAKE.hex(32)),
                Arguments.of("Mailchimp key", "mc {}", FAKE.hex(32) + "-u" + "s14"),
                Arguments.of("Docker Hub token", "echo {} | docker login", "dck" + "r_pat_" + FAKE.alnum(27)),
                Arguments.of("Databricks token", "<entry key=\"notifier\">{}</entry>", "da" + "pi" + FAKE.hex(32)),
                Arguments.of("New Relic key", "| CI token | {} |", "NR" + "AK-" + FAKE.upperAlnum(27)),
                Arguments.of("Vault token", "VAULT {}", "hv" + "s." + FAKE.alnum(90)),
                Arguments.of("Terraform Cloud token", "tf {}", FAKE.alnum(14) + ".atlas" + "v1." + FAKE.alnum(67)),
                Arguments.of("Postman key", "| Key | {} |", "PM" + "AK-" + FAKE.hex(24) + "-" + FAKE.hex(34)),
                Arguments.of("Sentry user token", "here's the token {} (don't forward)", "sn" + "tryu_" + FAKE.hex(64)),
                Arguments.of("age secret key", "try {} it should work",
                        "AGE-SECRET" + "-KEY-1" + "QFSHGYDQSNF5ND7R95E56D05J7C2Y7SNATEYDHDZQJ9YAEMMK9ZR3WQTFX"),
                Arguments.of("Telegram bot token", "bot {}", "1234567890:AA" + FAKE.alnum(33)),
                Arguments.of("Groq key", "GROQ {}", "gs" + "k_" + FAKE.alnum(52)),
                Arguments.of("Tailscale key", "ts {}", "tsk" + "ey-auth-" + FAKE.alnum(12) + "CNTRL-" + FAKE.alnum(33)),
                Arguments.of("GitLab runner token", "runner {}", "gl" + "imt-" + FAKE.alnum(20)),
                Arguments.of("mongodb+srv password", "mongodb+srv://ops:{}@prod.abc12.mongodb.net/admin", "password"),
                Arguments.of("YAML value, one plain word", "services:\n  db:\n    POSTGRES_PASSWORD: {}\n",
                        "golden" + "hunter"),
                Arguments.of("Markdown column named password", "| service | user | password |\n|---|---|---|\n| grafana | admin | {} |",
                        "battery" + "shadow48"),
                Arguments.of("variable in backticks in prose", "Before the first run, set `ADMIN_PASSWORD` to {} so it works.",
                        "Staple" + "winter!"),
                Arguments.of("variable, which is", "The verifier compares against SIGNING_SECRET, which is {} in staging.",
                        FAKE.alnum(32)),
                Arguments.of("one-case upper key", "It was {} all along.", "K7Q2M9XW4RZP8TL3VN6YB1HD5JC0FGSA"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void everyFamilyIsRedacted(String what, String template, String secret) {
        assertLeavesOut(template, secret);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "xoxo-style sign-offs and xoxo-gossip-girl",
        "/nix/store/0c8n3kh5zsddk7l6g5xz6a6dcx1mvrqq-glibc-2.38/lib/libc.so.6",
        "cuid cjld2cjxh0000qzrmn831i7rn and cuid2 tz4a98xxat96iws9zmbrgj3a",
        "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi is the site's CID",
        "Run `docker compose up` and open http://localhost:8080/admin/login?next=%2F.",
        "Copy `.env.example` to `.env` and fill in `DB_PASSWORD` and `API_TOKEN` from the vault.",
        "| field | type | required |\n|---|---|---|\n| password | string | yes |\n| token | string | no |",
        "| Name | Description |\n|---|---|\n| password | The user's password |\n| api_key | Your API key |",
        "grep password | awk '{print $2}'",
        "cat password.txt | base64 -d",
        "spring.datasource.password=${DB_PASSWORD:}",
        "postgres://user:${DB_PASSWORD}@db/app and postgres://user:PASSWORD@db/app and mysql://u:<password>@h/db",
        "  existingSecret: inventory-db",
        "    token: Token\n    password: newPassword\n    password: str",
        "We set API_TOKEN to expire after an hour.",
        "The DB_PASSWORD is required; set DB_PASSWORD to the value from the vault."})
    void lookAlikesStay(String text) {
        assertEquals(text, redactor.redact(text).text());
    }

    private void assertLeavesOut(String template, String secret) {
        String text = template.replace("{}", secret);
        String redacted = redactor.redact(text).text();
        // placeholders say url_password: look for the secret outside them
        assertFalse(redacted.replaceAll("\\[REDACTED:[a-z_]+\\]", "[]").contains(secret), () -> "stored: " + redacted);
        assertTrue(redacted.contains("[REDACTED:"), () -> "no placeholder: " + redacted);
    }
}
