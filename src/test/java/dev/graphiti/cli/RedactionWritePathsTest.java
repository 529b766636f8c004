package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets of the classes issue 19 found leaking stay out of the database file on all four write paths (add
 * of code/config, add of prose, git index, capture), ordinary text with ids and links comes through unchanged,
 * and titles are cut only after redaction: a secret straddling the cut leaves no prefix in title or entities.
 */
class RedactionWritePathsTest {

    @TempDir
    Path tmp;

    /** A secret, the code or config line and the sentence it appears in. */
    private record Leak(String name, String secret, String code, String prose) {
    }

    // Built at run time so this source file holds no complete credential for scanners to flag.
    private static List<Leak> leaks() {
        String word = "random" + "password";
        String key16 = "sEDJ51Oi" + "PoQN199M";
        String lower20 = "a7uw5tslzu" + "qkv3gr148n";
        String hex = "5e9183dd39e0f7c4" + "adb0b51303defc1e";
        String query = "kkywqih56a4" + "camisn60ocgrj";
        String xoxe = "xo" + "xe-1-" + "9bb29d6f0acc62f19a1f5ece5f66dff5c2dfefc122d1b956be92e601b828";
        String chosen = "marmalade" + "opensesame";
        return List.of(
                new Leak("word password in a connection string", word, "MONGO_URL=mongodb://root:" + word + "@mongo:27017/app",
                        "Connect with mongodb://root:" + word + "@localhost:27017/orders to see the data."),
                new Leak("query parameter", query, "curl 'https://api.acme.io/v1/reports?key=" + query + "&format=csv'",
                        "The export link is https://api.acme.io/v1/export?key=" + query + " and it never expires."),
                new Leak("name ending in _key", lower20, "stripe_key: " + lower20,
                        "The license key " + lower20 + " unlocks the enterprise build."),
                new Leak("16-character key", key16, "const API_KEY = \"" + key16 + "\";",
                        "The staging API key is " + key16 + " for the partner sandbox."),
                new Leak("hex key", hex, "config.master_key = '" + hex + "'", "Rails master key: " + hex),
                new Leak("ordinary-word password", chosen, "DB_PASSWORD=" + chosen,
                        "The admin password is " + chosen + " on the staging box."),
                new Leak("Slack xoxe token in a URL", xoxe, "REFRESH=https://hooks.acme.io/rotate/" + xoxe + "/done",
                        "Rotate it at https://hooks.acme.io/rotate/" + xoxe + "/done today."));
    }

    private static final List<String> ORDINARY = List.of(
            "The design doc is at https://docs.google.com/document/d/1N5xcbgEQsXfgFcxk4XDt_C0s91LdVtOJOWjh60POK2q/edit?usp=sharing.",
            "The parser lives at https://github.com/acme/app/blob/d7501118546bc6c607cc672c7af3592dcde23a5f/src/Parser.java#L42.",
            "Logs are in gs://acme-ci-logs/bd75d5bf-4831-4ab7-ad96-1e145b06de0d/M4vt2qylcAMjjMHtuo70smIx/build.log today.",
            "The logo is data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAO2kfwPJWlv/ODYbmcApj3+1xqVtCqcN9Lb3AjZYCJ7G3H2y5Jw8Gbjx.",
            "Customer cus_C3tu4qvI6Amflq was charged twice for invoice in_E6o1tNf4W4LykRiiAZOPgaTr.",
            "The password is case-sensitive and must have at least 12 characters.");

    @Test
    void addOfCodeAndConfigStoresNoSecret() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        for (Leak leak : leaks()) {
            cli.add(repo, "-k", "note", leak.code() + "\n# " + leak.name());
        }
        addOrdinary(cli, repo);

        assertStoresNoSecretAndKeepsOrdinaryText(repo);
    }

    @Test
    void addOfProseStoresNoSecret() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        for (Leak leak : leaks()) {
            cli.add(repo, "-k", "decision", leak.prose());
        }
        addOrdinary(cli, repo);

        assertStoresNoSecretAndKeepsOrdinaryText(repo);
    }

    private static void addOrdinary(CliHarness cli, Path repo) {
        for (String text : ORDINARY) {
            cli.add(repo, "-k", "note", text);
        }
    }

    @Test
    void indexOfARealRepositoryStoresNoSecret() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        int n = 0;
        for (Leak leak : leaks()) {
            commit(repo, "Rotate the " + leak.name() + ": " + leak.prose(), "Set in the environment:\n\n" + leak.code(), n++);
        }
        for (String text : ORDINARY) {
            commit(repo, "Document the links", text, n++);
        }
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        assertEquals(0, cli.run(repo, "index").code());

        assertStoresNoSecretAndKeepsOrdinaryText(repo);
    }

    @Test
    void captureOfATranscriptStoresNoSecret() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        List<String> turns = new ArrayList<>();
        for (Leak leak : leaks()) {
            turns.add("We decided to keep this for the demo: " + leak.prose());
            turns.add("We decided to set " + leak.code() + " in staging.");
        }
        for (String text : ORDINARY) {
            turns.add("We decided to keep this as it is: " + text);
        }
        CliHarness cli = capture(repo, turns);

        assertStoresNoSecretAndKeepsOrdinaryText(repo);
        assertTrue(cli.run(repo, "list", "-l", "100", "--format", "json").array().size() >= leaks().size() * 2,
                "the decisions holding the secrets were captured");
    }

    @Test
    void aSecretStraddlingTheCommitTitleCutLeavesNoPrefix() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        String token = "gh" + "p_" + "Zx8Kq2Lm4Np6Rs8Tv0Wy2Ab4Cd6Ef8Gh0Ij2Kl";
        String subject = "Rotate the deploy credentials after the audit, as agreed with the platform team: "
                + "x".repeat(20) + " " + token;
        // the cut at 120 falls inside the token, after its first ten characters
        assertTrue(subject.indexOf(token) + 10 < 119 && subject.indexOf(token) + token.length() > 120);
        commit(repo, subject, "Details are in the runbook.", 0);
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        assertEquals(0, cli.run(repo, "index").code());

        JsonObject item = onlyItem(cli, repo, "commit", "Rotate");
        assertTrue(item.getString("title").length() <= 120, item.toString());
        assertNoPrefix(token, StoredText.of(repo));
    }

    @Test
    void aSecretStraddlingTheCapturedTitleCutLeavesNoPrefixInTitleOrEntities() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        String key = "AK" + "IA" + "QWERTYUIOPASDFGH";
        String sentence = "We decided to give the nightly export job its own user with the new access key id " + key
                + " until the vault integration lands.";
        // the cut at 100 falls inside the key, after its first ten characters
        assertTrue(sentence.indexOf(key) + 10 < 99 && sentence.indexOf(key) + key.length() > 100);
        CliHarness cli = capture(repo, List.of(sentence));

        JsonObject item = onlyItem(cli, repo, "decision", "We decided");
        assertTrue(item.getString("title").length() <= 100, item.toString());
        assertNoPrefix(key, item.toString());
        assertNoPrefix(key, StoredText.of(repo));
    }

    private static JsonObject onlyItem(CliHarness cli, Path repo, String kind, String titleStart) {
        var items = cli.run(repo, "list", "--kind", kind, "--format", "json").array().getValuesAs(JsonObject.class)
                .stream().filter(i -> i.getString("title").startsWith(titleStart)).toList();
        assertEquals(1, items.size(), items::toString);
        return cli.run(repo, "show", items.get(0).getString("id"), "--format", "json").object();
    }

    private CliHarness capture(Path repo, List<String> sentences) throws Exception {
        Path claude = tmp.resolve("claude");
        String session = "5b0c1a2e-7d3f-4e21-9c0a-1d2e3f4a5b6c";
        Path transcript = claude.resolve("projects").resolve(repo.toString().replace('/', '-')).resolve(session + ".jsonl");
        Files.createDirectories(transcript.getParent());
        StringBuilder lines = new StringBuilder();
        for (int n = 0; n < sentences.size(); n++) {
            String role = n % 2 == 0 ? "user" : "assistant";
            var message = Json.createObjectBuilder().add("role", role).add("content", role.equals("user")
                    ? Json.createValue(sentences.get(n)) : Json.createArrayBuilder().add(Json.createObjectBuilder()
                            .add("type", "text").add("text", sentences.get(n))).build());
            lines.append(Json.createObjectBuilder().add("parentUuid", n == 0 ? "" : "u-" + (n - 1))
                    .add("isSidechain", false).add("userType", "external").add("cwd", repo.toString())
                    .add("sessionId", session).add("version", "2.1.0").add("type", role).add("message", message)
                    .add("uuid", "u-" + n).add("timestamp", String.format(Locale.ROOT, "2026-11-23T10:00:%02d.000Z", n))
                    .build()).append('\n');
        }
        Files.writeString(transcript, lines);
        CliHarness cli = new CliHarness(tmp.resolve("home")).variable("CLAUDE_CONFIG_DIR", claude.toString());
        CliHarness.Result result = cli.run(repo, "capture", "--transcript", transcript.toString());
        assertEquals(0, result.code(), result::toString);
        return cli;
    }

    private static void commit(Path repo, String subject, String body, int n) throws Exception {
        Path file = repo.resolve("notes").resolve("note-" + n + ".md");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# note " + n + "\n" + "line\n".repeat(12));
        GitFixture.git(repo, "add", "-A");
        GitFixture.git(repo, "commit", "-q", "-m", subject, "-m", body);
    }

    private static void assertStoresNoSecretAndKeepsOrdinaryText(Path repo) throws Exception {
        String stored = StoredText.of(repo);
        String lower = stored.toLowerCase(Locale.ROOT);
        for (Leak leak : leaks()) {
            assertFalse(StoredText.leaks(leak.secret(), lower), () -> leak.name() + " reached the database");
        }
        for (String text : ORDINARY) {
            for (String word : text.split(" ")) {
                String w = word.replaceAll("[.,:]+$", "");
                assertTrue(stored.contains(w), () -> "'" + w + "' of an ordinary text was changed");
            }
        }
    }

    /** Not even the first ten characters of the secret are stored (a cut before redaction keeps them). */
    private static void assertNoPrefix(String secret, String stored) {
        assertFalse(stored.toLowerCase(Locale.ROOT).contains(secret.substring(0, 10).toLowerCase(Locale.ROOT)),
                () -> "a prefix of the secret was stored");
    }
}
