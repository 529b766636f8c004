package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End to end: secrets given to add reach neither the database file, its log, nor any output. */
class SecretsNeverStoredTest {

    @TempDir
    Path tmp;

    // Built at run time so this source file holds no complete token for scanners to flag.
    private static final String GITHUB = "ghp_" + "Zx8Kq2Lm4Np6Rs8Tv0Wy2Ab4Cd6Ef8Gh0Ij2Kl";
    private static final String AWS = "AKIA" + "QWERTYUIOPASDFGH";
    private static final String PASSWORD = "Tr0ub4dor-" + "horse-battery-staple-77";

    @Test
    void secretsAreRedactedBeforeTheyReachTheDatabaseBytes() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        String content = "Deploy notes: the CI token is " + GITHUB + ", the AWS key id " + AWS
                + " and db_password=" + PASSWORD + " (rotate quarterly).";
        CliHarness.Result added = cli.run(repo, "add", "--title", "CI access " + GITHUB, "-k", "note", content,
                "--format", "json");
        assertEquals(0, added.code(), added::toString);
        JsonObject item = added.object();
        assertTrue(item.getInt("redactions") >= 4, item.toString());
        assertNoSecret(added.out());
        assertTrue(item.getString("content").contains("[REDACTED:"), item.getString("content"));
        assertTrue(item.getString("content").contains("rotate quarterly"), "ordinary words stay");

        CliHarness.Result text = cli.runWithStdin(repo, "second copy via stdin: " + GITHUB + " and " + AWS, "add");
        assertTrue(text.out().contains("secrets redacted"), text.out());
        assertNoSecret(text.out() + text.err());
        for (String[] args : List.of(new String[] {"show", item.getString("id")}, new String[] {"list"},
                new String[] {"search", "deploy", "notes", "--format", "json"}, new String[] {"context"},
                new String[] {"summarize", "--format", "json"})) {
            CliHarness.Result shown = cli.run(repo, args);
            assertEquals(0, shown.code(), shown::toString);
            assertNoSecret(shown.out() + shown.err());
        }
        assertTrue(cli.run(repo, "search", "--format", "json", GITHUB).array().isEmpty());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Stream<Path> files = Files.list(repo.resolve(".graphiti"))) {
            for (Path file : files.toList()) {
                bytes.write(Files.readAllBytes(file)); // graph.db, graph.db-wal, graph.db-shm
            }
        }
        String raw = bytes.toString(StandardCharsets.ISO_8859_1);
        assertTrue(raw.contains("rotate quarterly"), "the item itself is in the file");
        assertNoSecret(raw);
        assertNoSecret(raw.toLowerCase()); // the full-text index stores lower-cased tokens
    }

    private static void assertNoSecret(String text) {
        for (String secret : List.of(GITHUB, AWS, PASSWORD, GITHUB.toLowerCase(), AWS.toLowerCase(), PASSWORD.toLowerCase())) {
            assertFalse(text.contains(secret), () -> "found a secret in: " + text.substring(0, Math.min(400, text.length())));
        }
        assertFalse(text.contains("horse-battery-staple"));
        assertFalse(text.contains(GITHUB.substring(4).toLowerCase()), "the token's body, as the full-text index would keep it");
        assertFalse(text.contains("tr0ub4dor"));
    }
}
