package dev.graphiti.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Ordinary code and tool output must come back byte for byte: nothing in it is a secret. */
class RedactorOrdinaryTextTest {

    private final Redactor redactor = new Redactor();

    static Stream<String> corpus() {
        return Stream.of("LoginController.java.txt", "api-client.ts.txt", "deploy.sh.txt", "git-log.txt",
                "stacktrace.txt", "pom.xml.txt", "schema.sql.txt", "config.yaml.txt", "notes.md.txt", "go.sum.txt",
                "package-lock.json.txt");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void leavesOrdinaryTextUnchanged(String file) throws IOException {
        String text = resource(file);

        Redaction r = redactor.redact(text);

        assertEquals(List.of(), changedLines(text, r.text()));
        assertEquals(text, r.text());
        assertEquals(0, r.count());
        assertFalse(r.changed());
    }

    /** Shapes near the .netrc and .pgpass lines that are not credentials. */
    @Test
    void leavesCredentialFileLookalikesUnchanged() {
        String text = String.join("\n", "the machine learning login flow has a password reset",
                "build machine ci-7 login as builder, password policy applies",
                "elapsed 12:30:45:00:17", "a:b:c:d:e", "ratio 16:9:4:3:1 kept", "# host:5432:db:user:password",
                "localhost:5432:mydb:me:", "db.example:5432:orders:app:changeme");
        Redaction r = redactor.redact(text);
        assertEquals(List.of(), changedLines(text, r.text()));
    }

    @Test
    void leavesIdsAndDigestsUnchanged() {
        FakeSecrets fake = new FakeSecrets(7L);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            lines.add("commit " + fake.hex(40) + " (short " + fake.hex(7) + ")");
            lines.add("id: " + fake.uuid() + ", upper " + fake.uuid().toUpperCase());
            lines.add("sha256:" + fake.hex(64) + " sha512 " + fake.hex(128));
            lines.add("\"integrity\": \"sha512-" + fake.base64(86) + "==\"");
            lines.add("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + fake.alnum(43) + " dev@laptop");
            lines.add("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + fake.base64(300) + " dev@laptop");
            lines.add("Stripe.publishableKey = \"pk_test_" + fake.alnum(24) + "\";");
        }
        String text = String.join("\n", lines);

        assertEquals(List.of(), changedLines(text, redactor.redact(text).text()));
    }

    @Test
    void leavesEmptyTextUnchanged() {
        assertEquals(new Redaction("", 0, List.of()), redactor.redact(""));
    }

    /** The first redacted lines, so a failure names what was taken for a secret. */
    static List<String> changedLines(String before, String after) {
        List<String> a = before.lines().toList();
        List<String> b = after.lines().toList();
        List<String> changed = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i)) && changed.size() < 5) {
                changed.add(b.get(i));
            }
        }
        return changed;
    }

    static String resource(String file) throws IOException {
        try (InputStream in = RedactorOrdinaryTextTest.class.getResourceAsStream("/redact/ordinary/" + file)) {
            if (in == null) {
                throw new IOException("missing test resource " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
