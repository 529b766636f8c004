package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.ClaudeCodeSessionWriter;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Block;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A captured rule keeps its occasion (issue 30): what the session was doing when the rule was settled, the user's
 * request and the files and commands around it, redacted, shown by `show` beside the rule and never in its text, and
 * searchable by words, so a later prompt for work of that kind finds the rule through the situation it shares.
 */
class CaptureOccasionTest {

    /** A key in a command's query string (kept apart, so no scanner reads this file as a leak). */
    static final String KEY = "kkywqih56a4" + "camisn60ocgrj";

    /** A rule settled in a session that first did some routine work, then met a leaked key. */
    static final List<Block> VAULT = List.of(
            new Block("user", "is the staging cluster healthy?", ""),
            new Block("tool", "{\"command\": \"kubectl --context staging get nodes\"}", "Bash"),
            new Block("result", "stg-node-1  Ready", ""),
            new Block("assistant", "All staging nodes are Ready.", ""),
            new Block("user", "gitleaks flagged the billing deploy in CI: an API key committed in the env file. Find it.", ""),
            new Block("tool", "{\"command\": \"gitleaks detect --source . --report-path /tmp/leaks.json\"}", "Bash"),
            new Block("result", "leaks found: 1", ""),
            new Block("tool", "{\"file_path\": \"/srv/shop/deploy/.env.production\"}", "Read"),
            new Block("result", "STRIPE_KEY=sk_live_51HqLyjWDarjtT1zdp7dcXYZabcdefghijklmnop", ""),
            new Block("assistant", "The key is in deploy/.env.production, committed two weeks ago.", ""),
            new Block("user", "From now on secrets come from Vault at secret/data/<service>/<env>, read at start by the"
                    + " vault-agent sidecar; nothing secret is ever written to the repository.", ""),
            new Block("tool", "{\"command\": \"git rm --cached deploy/.env.production && curl -s"
                    + " 'https://api.acme.io/v1/keys/revoke?key=" + CaptureOccasionTest.KEY + "'\"}", "Bash"),
            new Block("result", "rm 'deploy/.env.production'", ""),
            new Block("assistant", "Removed it from the index; I'll rotate the key next.", ""));

    /** Routine work only: reads, a test run, a small fix with no stated reason. */
    static final List<Block> ROUTINE = List.of(
            new Block("user", "run the unit tests for the cart module", ""),
            new Block("tool", "{\"command\": \"pytest tests/cart -q\"}", "Bash"),
            new Block("result", "41 passed in 3.2s", ""),
            new Block("assistant", "All 41 cart tests pass.", ""),
            new Block("user", "fix the typo in the checkout button label", ""),
            new Block("tool", "{\"file_path\": \"/srv/shop/web/checkout.html\"}", "Read"),
            new Block("result", "<button>Chekout</button>", ""),
            new Block("assistant", "Fixed: Chekout is now Checkout.", ""));

    @TempDir
    Path temp;

    Path repo;
    CliHarness cli;

    @BeforeEach
    void project() throws Exception {
        repo = GitFixture.repository(temp.resolve("shop")).toRealPath();
        cli = new CliHarness(temp.resolve("home"));
    }

    /** Writes the session as Claude Code would, run in /srv/shop, and captures it; the capture's answer. */
    static JsonObject capture(CliHarness cli, Path repo, Path dir, String name, List<Block> blocks) throws Exception {
        String id = ClaudeCodeSessionWriter.sessionId(name);
        Path file = dir.resolve(id + ".jsonl");
        new ClaudeCodeSessionWriter(id, "/srv/shop", Instant.parse("2026-05-04T08:30:00Z")).blocks(blocks).write(file);
        CliHarness.Result result = cli.run(repo, "capture", "--transcript", file.toString(), "--session-id", id,
                "--format", "json");
        assertEquals(0, result.code(), result.toString());
        return result.object();
    }

    private JsonObject onlyItem() {
        List<JsonObject> rows = cli.run(repo, "list", "--format", "json").array().getValuesAs(JsonObject.class);
        assertEquals(1, rows.size(), rows.toString());
        return cli.run(repo, "show", rows.get(0).getString("id"), "--format", "json").object();
    }

    @Test
    void aCapturedRuleKeepsItsSessionsRequestFilesAndCommandsAsItsOccasion() throws Exception {
        assertEquals(1, capture(cli, repo, temp, "vault", VAULT).getInt("items_added"));
        JsonObject item = onlyItem();
        String occasion = item.getString("occasion");
        assertTrue(occasion.contains("gitleaks flagged the billing deploy in CI: an API key committed in the env file."),
                occasion);
        assertTrue(occasion.contains("deploy/.env.production"), "the file the session read: " + occasion);
        assertTrue(occasion.contains("gitleaks detect --source ."), "the command it ran: " + occasion);
        assertTrue(occasion.contains("git rm --cached deploy/.env.production"), occasion);
        assertFalse(occasion.contains(KEY), "redacted like the rule: " + occasion);
        assertFalse(occasion.contains("kubectl"), "the routine exchange before is not the rule's work: " + occasion);
        assertFalse(occasion.contains("sk_live"), "a tool's output is never kept: " + occasion);
        String rule = item.getString("title") + "\n" + item.getString("content");
        assertTrue(rule.contains("vault-agent sidecar"), rule);
        assertFalse(rule.contains("gitleaks"), "the occasion is beside the rule, never in it: " + rule);
    }

    @Test
    void aRoutineSessionStoresNothingAndLeavesNoOccasion() throws Exception {
        assertEquals(0, capture(cli, repo, temp, "routine", ROUTINE).getInt("items_added"));
        assertEquals(0, cli.run(repo, "list", "--format", "json").array().size());
        capture(cli, repo, temp, "vault", VAULT);
        String occasion = onlyItem().getString("occasion");
        assertFalse(occasion.contains("pytest") || occasion.contains("checkout.html"), occasion);
    }

    @Test
    void aWorkPromptSharingTheOccasionsSituationFindsTheRuleByWords() throws Exception {
        capture(cli, repo, temp, "vault", VAULT);
        String id = onlyItem().getString("id");
        // no word of the rule's own: its situation (gitleaks, the env file, the deploy) is what this work shares
        List<JsonObject> found = cli.run(repo, "search", "--ranking", "lexical", "--format", "json",
                "gitleaks is failing the billing deploy again: a token was committed").array()
                .getValuesAs(JsonObject.class);
        assertEquals(List.of(id), found.stream().map(row -> row.getString("id")).toList());
    }
}
