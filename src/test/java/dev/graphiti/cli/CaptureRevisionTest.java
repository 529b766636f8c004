package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.ClaudeCodeSessionWriter;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Block;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rule settled again in a later session changes or extends the stored one instead of standing beside it. */
class CaptureRevisionTest {

    @TempDir
    Path tmp;

    Path repo;
    CliHarness cli;
    Instant clock = Instant.parse("2026-06-01T09:00:00Z");

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        cli = new CliHarness(tmp.resolve("home"));
    }

    @Test
    void aLaterSessionThatChangesARuleSupersedesIt() throws Exception {
        session("first", "We need a deploy window for production.",
                "Decision: production deploys happen on Tuesday and Thursday, 14:00-16:00 UTC, nothing outside that window"
                        + " unless it's a hotfix approved by the on-call lead.");
        session("second", "The afternoon window collides with the US morning peak.",
                "Going forward the deploy window is Monday to Thursday, 09:00-11:00 UTC; Fridays stay frozen, and hotfixes"
                        + " still need the on-call lead.");

        List<String> current = contents(false);
        assertEquals(1, current.size(), current.toString());
        assertTrue(current.get(0).startsWith("Going forward the deploy window is Monday to Thursday"), current.get(0));
        assertEquals(2, contents(true).size(), "the earlier rule stays in the history, superseded");
    }

    @Test
    void aLaterSessionThatExtendsARuleKeepsBothPartsInOneItem() throws Exception {
        session("first", "The audit flagged 31 buttons without a name.",
                "From now on every icon-only button gets an aria-label, including the tiny close buttons.");
        session("second", "Some users hear English labels.",
                "Extending the icon button rule from last week: the aria-label text comes from the i18n catalog, keys under"
                        + " a11y.*, never hard-coded English.");

        List<String> current = contents(false);
        assertEquals(1, current.size(), current.toString());
        assertTrue(current.get(0).contains("every icon-only button gets an aria-label"), current.get(0));
        assertTrue(current.get(0).contains("comes from the i18n catalog, keys under a11y.*"), current.get(0));
    }

    @Test
    void aNewRuleAboutSomethingElseSupersedesNothing() throws Exception {
        session("first", "The invoices are off by a cent.",
                "Decision: money is never float; amounts are Decimal, rounded half-up per line.");
        session("second", "Someone edited the generated reference.",
                "Going forward the API reference comes only from openapi.yaml, rendered with Redocly; nobody edits"
                        + " docs/api by hand.");

        assertEquals(2, contents(false).size());
    }

    @Test
    void aChangeOfPlanSupersedesTheRuleItChanges() throws Exception {
        session("first", "Where do session tokens go?", "Decision: session tokens live in Redis with a 30 minute TTL.");
        session("second", "Redis evicted sessions during the sale and people were logged out.",
                "Change of plan on session tokens: they live in Postgres, in the user_sessions table, with the same"
                        + " 30 minute expiry, because Redis evictions logged people out.");

        List<String> current = contents(false);
        assertEquals(1, current.size(), current.toString());
        assertTrue(current.get(0).startsWith("Change of plan on session tokens"), current.get(0));
    }

    @Test
    void aSessionThatOpensOnTheRulesTopicExtendsItWithoutSayingSo() throws Exception {
        session("first", "Refunds are taking a week.",
                "From now on refunds go back to the original payment method within 48 hours, never as store credit.");
        session("second", "Follow-up on refunds.",
                "Refunds over 500 EUR to the original payment method need a second approver from finance, never just"
                        + " the support agent.");

        List<String> current = contents(false);
        assertEquals(1, current.size(), current.toString());
        assertTrue(current.get(0).contains("within 48 hours, never as store credit"), current.get(0));
        assertTrue(current.get(0).contains("need a second approver from finance"), current.get(0));
    }

    /** Captures a session where the user asks, then settles a rule. */
    private void session(String name, String ask, String rule) throws Exception {
        String id = ClaudeCodeSessionWriter.sessionId(name);
        ClaudeCodeSessionWriter writer = new ClaudeCodeSessionWriter(id, repo.toString(), clock).blocks(List.of(
                new Block("user", ask, null), new Block("assistant", "Let me look at it.", null), new Block("user", rule, null),
                new Block("assistant", "Understood.", null)));
        Path file = tmp.resolve("transcripts").resolve(id + ".jsonl");
        writer.write(file);
        clock = writer.clock().plusSeconds(86_400);
        CliHarness.Result result = cli.run(repo, "capture", "--transcript", file.toString(), "--format", "json");
        assertEquals(0, result.code(), result::toString);
    }

    private List<String> contents(boolean all) {
        List<String> args = new ArrayList<>(List.of("list", "-l", "100", "--format", "json"));
        if (all) {
            args.add("--all");
        }
        List<String> contents = new ArrayList<>();
        for (JsonObject row : cli.run(repo, args.toArray(String[]::new)).array().getValuesAs(JsonObject.class)) {
            contents.add(cli.run(repo, "show", row.getString("id"), "--format", "json").object().getString("content"));
        }
        return contents;
    }
}
