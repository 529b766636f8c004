package dev.graphiti.redact;

import static dev.graphiti.redact.SecretKind.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One case per secret shape: the exact redacted text, the count and the kinds. */
class RedactorSecretKindsTest {

    private static final FakeSecrets FAKE = new FakeSecrets(20261122L);
    private final Redactor redactor = new Redactor();

    record Case(String name, String input, String expected, int count, List<SecretKind> kinds) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code template} holds {} where {@code secret} goes in the input and its kind's placeholder in the output. */
    private static Case one(String name, String template, String secret, SecretKind kind) {
        return new Case(name, template.replace("{}", secret), template.replace("{}", kind.placeholder()), 1,
                List.of(kind));
    }

    static Stream<Arguments> cases() {
        List<Case> cases = new ArrayList<>();
        String akid = "AKIA" + FAKE.upperAlnum(16);
        cases.add(one("aws access key id", "aws_access_key_id = {}", akid, AWS_ACCESS_KEY));
        cases.add(one("aws temporary access key id", "key {} expired", "ASIA" + FAKE.upperAlnum(16), AWS_ACCESS_KEY));
        cases.add(one("aws secret key, credentials file", "aws_secret_access_key = {}", FAKE.base64(40), AWS_SECRET_KEY));
        cases.add(one("aws secret key, env", "export AWS_SECRET_ACCESS_KEY={}", FAKE.base64(40), AWS_SECRET_KEY));
        cases.add(one("aws secret key, json", "{\"SecretAccessKey\": \"{}\"}", FAKE.base64(40), AWS_SECRET_KEY));
        for (String prefix : List.of("ghp", "gho", "ghu", "ghs", "ghr")) {
            cases.add(one("github " + prefix, "pushed with {} yesterday", prefix + "_" + FAKE.alnum(36), GITHUB_TOKEN));
        }
        cases.add(one("github fine-grained", "token={}", "github" + "_pat_" + FAKE.alnum(22) + "_" + FAKE.alnum(59),
                GITHUB_TOKEN));
        cases.add(one("github token in env assignment wins over key name", "GITHUB_TOKEN={}",
                "ghp_" + FAKE.alnum(36), GITHUB_TOKEN));
        cases.add(one("gitlab", "git clone https://oauth2:{}@gitlab.com/g/p.git", "glpat-" + FAKE.alnum(20), GITLAB_TOKEN));
        cases.add(one("slack bot", "SLACK: {}", "xoxb-" + FAKE.hex(12).replaceAll("[a-f]", "1") + "-" + FAKE.alnum(24),
                SLACK_TOKEN));
        cases.add(one("slack user", "use {}.", "xoxp-1234567890-" + FAKE.alnum(30), SLACK_TOKEN));
        cases.add(one("slack app", "\"{}\"", "xoxa-2-" + FAKE.alnum(30), SLACK_TOKEN));
        cases.add(one("slack app-level", "token {}", "xapp-1-A" + FAKE.upperAlnum(10) + "-" + FAKE.alnum(40), SLACK_TOKEN));
        cases.add(one("slack webhook", "curl -X POST https://hooks.slack.com/services/{} -d @msg.json",
                "T" + FAKE.upperAlnum(8) + "/B" + FAKE.upperAlnum(8) + "/" + FAKE.alnum(24), SLACK_WEBHOOK));
        for (String prefix : List.of("sk_live_", "rk_live_", "pk_live_", "sk_test_", "rk_test_")) {
            cases.add(one("stripe " + prefix, "Stripe.apiKey = {}", prefix + FAKE.alnum(24), STRIPE_KEY));
        }
        cases.add(one("stripe webhook secret", "endpoint secret {}", "whsec_" + FAKE.alnum(32), STRIPE_KEY));
        cases.add(one("openai project key", "OPENAI_API_KEY={}", "sk-proj-" + FAKE.alnum(40) + "_" + FAKE.alnum(40),
                OPENAI_KEY));
        cases.add(one("openai legacy key", "client = OpenAI(api_key=\"{}\")", "sk-" + FAKE.alnum(48), OPENAI_KEY));
        cases.add(one("anthropic key", "ANTHROPIC_API_KEY=\"{}\"", "sk-ant-api03-" + FAKE.alnum(80) + "-" + FAKE.alnum(12),
                ANTHROPIC_KEY));
        cases.add(one("google api key", "https://maps.googleapis.com/maps/api/geocode/json?key={}&address=x",
                "AIza" + FAKE.alnum(35), GOOGLE_API_KEY));
        cases.add(one("npm token", "npm token: {}", "npm_" + FAKE.alnum(36), NPM_TOKEN));
        cases.add(one(".npmrc auth token", "//registry.npmjs.org/:_authToken={}", FAKE.uuid(), NPM_TOKEN));
        cases.add(one(".netrc on one line", "machine api.github.com login octocat password {}", "Qv7-" + FAKE.alnum(12),
                SECRET_ASSIGNMENT));
        cases.add(one(".netrc, one keyword a line", "machine ftp.example.org\n  login deploy\n  password {}\n",
                "goldfinch", SECRET_ASSIGNMENT));
        cases.add(one(".pgpass", "db.internal.example:5432:orders:app_rw:{}", "S3cret!" + FAKE.alnum(6),
                SECRET_ASSIGNMENT));
        cases.add(one(".pgpass, wildcards and an escaped colon", "*:*:*:replicator:{}", "a\\:b" + FAKE.alnum(10),
                SECRET_ASSIGNMENT));
        cases.add(one("jwt", "id_token {} returned", FAKE.jwt(), JWT));
        for (String type : List.of("", "RSA ", "OPENSSH ", "EC ", "DSA ", "ENCRYPTED ", "PGP ")) {
            cases.add(one("private key " + type.strip(), "key:\n{}\nafter", FAKE.privateKeyBlock(type, "\n"), PRIVATE_KEY));
        }
        cases.add(one("private key in json", "{\"private_key\": \"{}\\n\", \"client_email\": \"a@b.iam\"}",
                FAKE.privateKeyBlock("", "\\n"), PRIVATE_KEY));
        String block = FAKE.privateKeyBlock("RSA ", "\n");
        cases.add(one("private key without END line", "pasted:\n{}\nwhat now?", block.substring(0, block.indexOf("\n-----END")),
                PRIVATE_KEY));
        cases.add(one("postgres url", "DATABASE_URL=postgres://app:{}@db.internal:5432/app", "s3cr3t-" + FAKE.alnum(8),
                URL_PASSWORD));
        cases.add(one("mongodb+srv url", "mongodb+srv://admin:{}@cluster0.ab1cd.mongodb.net/test", FAKE.alnum(16),
                URL_PASSWORD));
        cases.add(one("jdbc url", "jdbc:mysql://root:{}@localhost:3306/shop", "hunter2", URL_PASSWORD));
        cases.add(one("redis url without user", "redis://:{}@cache:6379/0", FAKE.alnum(12), URL_PASSWORD));
        cases.add(one("url password with @", "https://bob:{}@example.com/path", "p@ss" + FAKE.alnum(4), URL_PASSWORD));
        cases.add(one("env assignment", "PASSWORD={}", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("env assignment, letters only", "DB_PASSWORD={}", "correcthorse", SECRET_ASSIGNMENT));
        cases.add(one("shell export quoted", "export DB_PASS='{}'", "s3cr3t!x", SECRET_ASSIGNMENT));
        cases.add(one("yaml", "spring:\n  datasource:\n    password: {}\n", "Summer2024", SECRET_ASSIGNMENT));
        cases.add(one("json", "{\"username\": \"bob\", \"password\": \"{}\"}", "correct horse", SECRET_ASSIGNMENT));
        cases.add(one("java literal", "    String password = \"{}\";", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("java constant", "private static final String API_KEY = \"{}\";", FAKE.hex(32), SECRET_ASSIGNMENT));
        cases.add(one("kotlin typed", "val clientSecret: String = \"{}\"", "abcdefgh", SECRET_ASSIGNMENT));
        cases.add(one("typescript typed", "const authToken: string = '{}';", "tok-" + FAKE.alnum(10), SECRET_ASSIGNMENT));
        cases.add(one("go", "\tapiKey := \"{}\"", FAKE.hex(24), SECRET_ASSIGNMENT));
        cases.add(one("python kwarg", "connect(user=\"bob\", passwd=\"{}\")", "pa55word", SECRET_ASSIGNMENT));
        cases.add(one("cli flag", "mysql --password={} shop", "pa55word", SECRET_ASSIGNMENT));
        cases.add(one("properties", "spring.datasource.password={}", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("query string", "GET /login?user=bob&password={}&next=/", "hunter2", URL_PARAMETER));
        cases.add(one("header style key", "X-Api-Key: {}", FAKE.uuid(), SECRET_ASSIGNMENT));
        cases.add(one("xml element", "<server><id>r</id><password>{}</password></server>", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("sql", "CREATE USER bob WITH PASSWORD '{}';", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("sql identified by", "ALTER USER app IDENTIFIED BY '{}';", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("ruby hash rocket", ":secret_key_base => '{}'", FAKE.hex(20), SECRET_ASSIGNMENT));
        cases.add(one("json escaped in a transcript line", "{\"text\":\"{\\\"password\\\": \\\"{}\\\"}\"}",
                "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("env line inside an escaped string", "\"content\":\"PASSWORD={}\\nUSER=bob\"", "hunter2",
                SECRET_ASSIGNMENT));
        cases.add(one("ado.net connection string", "Server=db;Database=app;User Id=sa;Password={};", "Secr3t!",
                SECRET_ASSIGNMENT));
        cases.add(one("curl basic auth", "curl -u bob:{} https://api.example.com", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("curl --user=", "curl --user=bob:{} https://api.example.com", "hunter2", SECRET_ASSIGNMENT));
        cases.add(one("docker env flag", "docker run -e POSTGRES_PASSWORD={} postgres:16", "hunter2",
                SECRET_ASSIGNMENT));
        cases.add(one("bearer header", "Authorization: Bearer {}", FAKE.alnum(40), AUTHORIZATION_HEADER));
        cases.add(one("basic header", "authorization: Basic {}", "Ym9iOmh1bnRlcjI=", AUTHORIZATION_HEADER));
        cases.add(one("header in json", "{\"Authorization\": \"Bearer {}\"}", FAKE.alnum(32), AUTHORIZATION_HEADER));
        cases.add(one("bearer in a log line", "sent Bearer {} to api", FAKE.alnum(32), AUTHORIZATION_HEADER));
        cases.add(one("jwt in bearer header is a jwt", "Authorization: Bearer {}", FAKE.jwt(), JWT));
        cases.add(one("random base64 in prose", "the value was {} today", FAKE.base64(40), HIGH_ENTROPY));
        cases.add(one("random base64url", "cookie {}", FAKE.alnum(30) + "_" + FAKE.alnum(20) + "-" + FAKE.alnum(12),
                HIGH_ENTROPY));
        return cases.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void redactsEachKindWithItsPlaceholder(Case c) {
        Redaction r = redactor.redact(c.input());

        assertEquals(c.expected(), r.text());
        assertEquals(c.count(), r.count());
        assertEquals(c.kinds(), r.kinds());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void redactingTwiceEqualsRedactingOnce(Case c) {
        Redaction once = redactor.redact(c.input());
        Redaction twice = redactor.redact(once.text());

        assertEquals(once.text(), twice.text());
        assertEquals(0, twice.count());
    }
}
