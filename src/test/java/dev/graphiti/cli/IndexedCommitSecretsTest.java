package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.git.TestRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything a commit carries on its way to the store goes through the redactor: its subject and body, and the paths
 * it changed, which become the item's anchors, git's renames, and the reason an item ended (a file deleted, a subject
 * restated). AI provider and Stripe keys, in the shapes and commit layouts of {@code scripts/bench-redact-recall}'s
 * git index column, reach no column of any table of a real SQLite file.
 */
class IndexedCommitSecretsTest {

    @TempDir
    Path tmp;

    private static final String NOTE = "# notes\n" + "line\n".repeat(12);

    private final Random random = new Random(20261129L);

    @Test
    void noSecretOfACommitsMessageOrPathsReachesAnyColumn() throws Exception {
        TestRepo repo = new TestRepo(Files.createDirectories(tmp.resolve("repo")));
        repo.commit("Start the project", TestRepo.files("README.md", "# demo\n"));
        Map<String, String> secrets = secrets();
        List<String> keyFiles = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, String> secret : secrets.entrySet()) {
            String key = secret.getKey();
            String code = secret.getValue().replace("{}", key);
            // the benchmark's three layouts: the key in the subject, in the body's config, in the file name
            repo.commit("Rotate credentials: the eval harness reads " + key + " from the shell.\n\nDetails are in the runbook.",
                    TestRepo.files("notes/rotate-" + n + ".md", NOTE));
            repo.commit("Configure the staging service\n\nSet this in the environment:\n\n" + code,
                    TestRepo.files("notes/staging-" + n + ".md", NOTE));
            String keyFile = "keys/" + key + ".txt";
            repo.commit("Add the key file for the partner\n\nThe file name is what the partner gave us.",
                    TestRepo.files(keyFile, NOTE));
            keyFiles.add(keyFile);
            n++;
        }
        // a key file renamed away (a rename git saw) and one deleted (the adding commit's item ends, naming the path)
        repo.git("mv", keyFiles.get(0), "keys/partner-research.txt");
        repo.commit("Name the research partner's key file for the partner", Map.of());
        repo.commit("Remove the billing partner's key file: the partner rotated it", TestRepo.files(keyFiles.get(3), null));
        // a subject restated: the later statement's subject says why the earlier item ended
        String restating = "sk" + "_live_" + alnum(32);
        repo.commit("Target Java 11 for the runtime images\n\nThe base image has no newer JDK.",
                TestRepo.files("notes/java.md", NOTE));
        repo.commit("Target Java 17 for the runtime images, the Stripe key is " + restating
                + "\n\nThe base image moved to Java 17.", TestRepo.files("notes/java.md", NOTE + "17\n"));

        CliHarness cli = new CliHarness(tmp.resolve("home"));
        CliHarness.Result indexed = cli.run(repo.dir(), "index");
        assertEquals(0, indexed.code(), indexed::toString);

        String stored = StoredText.of(repo.dir());
        assertTrue(stored.contains("Add the key file for the partner") && stored.contains("Configure the staging service")
                && stored.contains("restated (\"Target Java 17"), "the commits holding the secrets were indexed");
        for (String path : List.of("notes/staging-0.md", "keys/partner-research.txt")) {
            assertTrue(StoredText.holding(repo.dir(), path).contains("item_anchors.value"),
                    () -> path + ": a commit's ordinary paths are still its anchors");
        }
        List<String> leaks = new ArrayList<>();
        List<String> all = new ArrayList<>(secrets.keySet());
        all.add(restating);
        for (String secret : all) {
            List<String> where = StoredText.holding(repo.dir(), secret);
            if (!where.isEmpty()) {
                leaks.add(secret.substring(0, 8) + "... in " + where);
            }
        }
        assertEquals(List.of(), leaks, "secrets of commits reached the database");
    }

    /** Each key and the config line the benchmark writes it in; made at run time, so this file holds none. */
    private Map<String, String> secrets() {
        Map<String, String> secrets = new java.util.LinkedHashMap<>();
        secrets.put("sk" + "-ant-api03-" + base64url(93) + "AA", "ANTHROPIC_API_KEY={}");
        secrets.put("sk" + "-proj-" + base64url(48) + "T3Blbk" + "FJ" + base64url(48), "client = OpenAI(api_key=\"{}\")");
        secrets.put("sk" + "-" + alnum(20) + "T3Blbk" + "FJ" + alnum(20), "export OPENAI_API_KEY='{}'");
        secrets.put("sk" + "_live_" + alnum(32), "STRIPE_SECRET_KEY={}");
        secrets.put("rk" + "_live_" + alnum(32), "Stripe.apiKey = \"{}\";");
        secrets.put("wh" + "sec_" + alnum(32), "stripe:\n  secret: {}");
        return secrets;
    }

    private String alnum(int length) {
        return draw("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", length);
    }

    private String base64url(int length) {
        return draw("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", length);
    }

    private String draw(String alphabet, int length) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }
}
