package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.redact.corpus.OrdinaryCorpus;
import dev.graphiti.redact.corpus.SecretCorpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The leaks and false positives issue 19 and issue 13 found, one case per class, then the whole corpus of
 * scripts/bench-redact-recall on the redactor alone (the write paths are tested in the CLI's
 * RedactionWritePathsTest).
 */
class RedactorRecallTest {

    private static final FakeSecrets FAKE = new FakeSecrets(20261123L);
    private final Redactor redactor = new Redactor();

    /** {@code template} holds {} where the secret goes; the expected text holds the placeholder there. */
    static Stream<Arguments> leaks() {
        String lower20 = "a7uw5tslzu" + "qkv3gr148n";
        return Stream.of(
                Arguments.of("ordinary-word password in a connection string", "mongodb://root:{}@host/db",
                        "random" + "password", SecretKind.URL_PASSWORD),
                Arguments.of("query parameter key=", "curl 'https://api.acme.io/v1/reports?key={}&format=csv'",
                        "kkywqih56a4" + "camisn60ocgrj", SecretKind.URL_PARAMETER),
                Arguments.of("query parameter &token=", "https://ci.acme.io/job/deploy/build?delay=0&token={}",
                        FAKE.hex(40), SecretKind.URL_PARAMETER),
                Arguments.of("fragment access_token=", "https://app.acme.io/cb#access_token={}&token_type=bearer",
                        FAKE.alnum(43), SecretKind.URL_PARAMETER),
                Arguments.of("signature parameter sig=", "https://acme.blob.core.windows.net/c/db.bak?sp=r&sig={}",
                        FAKE.hex(40), SecretKind.URL_PARAMETER),
                Arguments.of("name ending in _key:", "stripe_key: {}", lower20, SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("Key= in a connection string", "Endpoint=sb://x/;Key={};", lower20,
                        SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("16-character key in prose", "The staging API key is {} for the partner sandbox.",
                        FAKE.alnum(16), SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("32-character key in prose", "Paste {} as the app secret in the console.",
                        "qzxr4wjoevawsgtb" + "mmu4js207z15d5e6", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("hex key in prose", "Rails master key: {}", FAKE.hex(32), SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("ordinary-word password in prose", "The admin password is {} on the staging box.",
                        "marmalade" + "opensesame", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("password after 'with password'", "Log in as admin with password {} to see it.",
                        "mustang" + "random", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("password glued to mysql -p", "mysql -u root -p{} shop < dump.sql", "dragon32",
                        SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("Slack xoxe- token inside a URL", "https://hooks.acme.io/rotate/{}/done",
                        "xo" + "xe-1-" + FAKE.hex(60), SecretKind.SLACK_TOKEN),
                Arguments.of("Discord webhook", "ALERTS=https://discord.com/api/webhooks/{}",
                        "1234567890123" + "45678/" + FAKE.alnum(68), SecretKind.WEBHOOK_URL),
                // 16-character keys whose letters or digits repeat, as one random key in 20 does
                Arguments.of("16-character key with repeats after 'api key:'", "The api key: {}",
                        "3mp2z113" + "gj7p31mm", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("16-character hex key under Key=", "Endpoint=sb://x/;Key={};", "7d1e7d30" + "c1e0937d",
                        SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("upper-case key under a key name", "mailgun.key=\"{}\"", "KQZVWXBNM" + "7TRPHDL",
                        SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("key with one digit", "stripe_key: {}", "kqzvwxbnmtrp" + "7hdl", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("key with syllables in it", "The staging API key is {} for the partner sandbox.",
                        "pup3cad8" + "syz1ped2", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("ordinary-word password ending in -ly", "The wifi password is {}.", "butter" + "fly",
                        SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("-ly password before a new clause", "Login as admin with password {} to see the panel.",
                        "soccer" + "lily", SecretKind.SECRET_ASSIGNMENT),
                // a user and a password paired with a slash in a sentence about logging in
                Arguments.of("ordinary-word password after 'with admin /'",
                        "Log in to the router with admin / {} and reboot it.", "dragon" + "cookie",
                        SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("default login 'root / X'", "The default login for the NAS is root / {} until we change it.",
                        "pepper" + "master", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("user/password written as one word", "Login for staging: ada@acme.io/{}",
                        "Soccer" + "silver%", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("chosen password of any user", "Sign in as jsmith / {} to check the report.",
                        "Tr0ub4" + "dor&3", SecretKind.SECRET_ASSIGNMENT),
                Arguments.of("a key behind an opencode id's prefix", "OPENCODE_SESSION={}",
                        "ses_" + FAKE.alnum(26), SecretKind.HIGH_ENTROPY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("leaks")
    void redactsWhatLeakedBefore(String name, String template, String secret, SecretKind kind) {
        Redaction r = redactor.redact(template.replace("{}", secret));

        assertEquals(template.replace("{}", kind.placeholder()), r.text());
    }

    static Stream<Arguments> ordinaryTexts() {
        return Stream.of(
                Arguments.of("Google Docs link", "The design doc is at https://docs.google.com/document/d/1"
                        + FAKE.alnum(20) + "_" + FAKE.alnum(22) + "/edit?usp=sharing, comments welcome."),
                Arguments.of("Notion link", "See https://www.notion.so/acme/Design-Notes-" + FAKE.hex(32) + " for the plan."),
                Arguments.of("GitHub blob path", "The parser lives at https://github.com/acme/app/blob/" + FAKE.hex(40)
                        + "/src/main/java/dev/acme/Parser.java#L42."),
                Arguments.of("GitHub commit path", "Fixed in https://github.com/acme/app/commit/" + FAKE.hex(40) + "."),
                Arguments.of("bucket path", "Logs are in gs://acme-ci-logs/" + FAKE.uuid() + "/" + FAKE.alnum(24)
                        + "/build.log if you need them."),
                Arguments.of("Grafana dashboard", "The dashboard https://grafana.acme.io/d/" + FAKE.alnum(30)
                        + "/api-latency?orgId=1 shows the spike."),
                Arguments.of("base64 data URI", "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA"
                        + FAKE.base64(180) + "=\" alt=\"logo\">"),
                Arguments.of("public certificate", "-----BEGIN CERTIFICATE-----\n" + FAKE.base64(64) + "\n"
                        + FAKE.base64(64) + "\n" + FAKE.base64(24) + "==\n-----END CERTIFICATE-----"),
                Arguments.of("Stripe object ids", "Customer cus_" + FAKE.alnum(14) + " was charged twice for invoice in_"
                        + FAKE.alnum(24) + "."),
                Arguments.of("build output path", ".next/static/" + FAKE.alnum(21) + "/_buildManifest.js"),
                Arguments.of("sentence about a password", "The password is case-sensitive and must have at least 12 characters."),
                Arguments.of("sentence about a token", "The token is valid for 15 minutes and then the client refreshes it."),
                Arguments.of("publishable key", "Stripe.publishableKey = \"pk_test_" + FAKE.alnum(24) + "\";"),
                Arguments.of("column named like a secret", "    password_hash VARCHAR(255) NOT NULL,"),
                Arguments.of("placeholder in a connection string format", "Format: postgres://USER:PASSWORD@HOST/DB"),
                Arguments.of("feature flag under key:", "  - key: feature-flag-2024-rollout\n    enabled: true"),
                Arguments.of("object key under Key=", "--delete 'Objects=[{Key=reports/2024/q3/monthly-summary}]'"),
                Arguments.of("cache key in a sentence", "Cache entries use the key: tenant-48213-invoice-summary"),
                Arguments.of("navigation after logging in", "Log in to the admin / settings page and turn on 2FA."),
                Arguments.of("menu path after logging in", "After you log in, open admin / users and remove old accounts."),
                Arguments.of("sign-in providers", "Sign in with Google / GitHub on the login page."),
                Arguments.of("sign-in methods", "Login works with email / password or a magic link."),
                Arguments.of("two accounts", "Logging in as root / sudo is disabled on the build agents."),
                Arguments.of("a default credential", "The appliance ships with admin / admin as its login; change it."),
                Arguments.of("read/write", "Log in with read/write access to change the settings."),
                Arguments.of("a path after a login word", "The deploy login is stored as kv/staging-app1 in Vault."),
                Arguments.of("two accounts written together", "Log in as admin/operator to approve the change."),
                Arguments.of("adverb after 'password is'", "The password is usually rotated by the vault."),
                Arguments.of("adverb after 'password is', end of line", "The admin password is reset weekly"),
                // opencode's ids: a prefix, 12 hex digits of time and 14 random letters and digits (Identifier.ascending)
                Arguments.of("opencode session, message and part ids", "opencode went idle in session ses_"
                        + FAKE.hex(12) + FAKE.alnum(14) + " after message msg_" + FAKE.hex(12) + FAKE.alnum(14)
                        + " (part prt_" + FAKE.hex(12) + FAKE.alnum(14) + ")."),
                Arguments.of("an opencode capture's source", "capture:opencode:ses_" + FAKE.hex(12) + FAKE.alnum(14)),
                // Claude Code, Codex, Copilot CLI, Gemini CLI and Qwen Code name their sessions by UUID
                Arguments.of("an agent's hook payload", "{\"session_id\":\"" + FAKE.uuid() + "\",\"transcript_path\":"
                        + "\"/home/dev/.codex/sessions/2026/11/28/rollout-2026-11-28T22-13-02-" + FAKE.uuid()
                        + ".jsonl\",\"hook_event_name\":\"Stop\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ordinaryTexts")
    void leavesOrdinaryTextAlone(String name, String text) {
        assertEquals(text, redactor.redact(text).text());
    }

    @Test
    void recallOnTheSecretCorpusIsAtLeast99Percent() {
        List<String> leaked = new ArrayList<>();
        List<SecretCorpus.Secret> secrets = SecretCorpus.all();
        for (SecretCorpus.Secret s : secrets) {
            for (String text : List.of(s.code(), s.prose())) {
                String redacted = redactor.redact(text).text().toLowerCase(Locale.ROOT);
                if (redacted.contains(s.secret().toLowerCase(Locale.ROOT))) {
                    leaked.add(s.kind() + ": " + text);
                }
            }
        }
        assertTrue(leaked.size() <= secrets.size() * 2 / 100, () -> leaked.size() + " of " + secrets.size() * 2
                + " leaked: " + leaked);
    }

    @Test
    void falsePositivesOnOrdinaryTextStayUnderOnePercentPerClass() {
        List<OrdinaryCorpus.Text> texts = OrdinaryCorpus.all();
        for (String kind : texts.stream().map(OrdinaryCorpus.Text::kind).distinct().toList()) {
            List<OrdinaryCorpus.Text> ofKind = texts.stream().filter(t -> t.kind().equals(kind)).toList();
            List<String> changed = ofKind.stream().map(t -> redactor.redact(t.text()).text())
                    .filter(r -> r.contains("[REDACTED:")).toList();
            assertTrue(changed.size() * 100 <= ofKind.size(), () -> kind + ": " + changed.size() + " of "
                    + ofKind.size() + " changed: " + changed.subList(0, Math.min(3, changed.size())));
        }
    }
}
