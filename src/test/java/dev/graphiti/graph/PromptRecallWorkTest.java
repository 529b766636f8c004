package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.ProjectGraph;
import dev.graphiti.toon.TokenCounter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recall where the work is asked for (issue 30): a prompt that asks for work on a file gets the rule that governs
 * that file though it shares few words with it, whole; a prompt about something else gets nothing.
 */
class PromptRecallWorkTest {

    static final TokenCounter COUNTER = new TokenCounter();
    /** A rule with its reasons and mechanism, the detail a task needs at its end (past the first 40 words). */
    static final String METRICS = "So the rule: we never edit metrics.log in place. It is append-only, each new entry"
            + " is one line at the end starting with the ISO date, and a correction is a new line starting with"
            + " CORRECTION and the date it corrects, never an edit of the old line, because the capacity dashboard"
            + " tails the file by byte offset and loses its place when a line in the middle changes length.";

    @TempDir
    static Path temp;

    static ProjectGraph graph;
    static String metrics;
    static String cron;

    private static NewItem item(Kind kind, String content) {
        return new NewItem(kind, Optional.empty(), content, List.of(), "cli", Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    @BeforeAll
    static void aTeamsRules() {
        graph = ProjectGraph.open(temp);
        List<AddResult> added = graph.items().addAll(List.of(
                item(Kind.decision, METRICS),
                item(Kind.decision, "Decision: all Terraform state lives in the S3 bucket acme-tfstate with locking in"
                        + " the DynamoDB table tf-locks; nobody applies from a laptop, only CI does."),
                item(Kind.decision, "Going forward the deploy window is Monday to Thursday, 09:00-11:00 UTC; nothing"
                        + " ships to production on a Friday."),
                item(Kind.preference, "Backups run from cron.d/backup at 02:30, never from a systemd timer, so the"
                        + " on-call runbook has one place to look."),
                item(Kind.bugfix, "The root cause was journald filling /var on the build hosts: we cap it with"
                        + " SystemMaxUse=500M in /etc/systemd/journald.conf.d/cap.conf.")));
        metrics = added.get(0).item().id();
        cron = added.get(3).item().id();
    }

    private static PromptRecall.Recalled recall(String prompt) {
        PromptRecall recall = new PromptRecall(graph.repository(),
                new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)));
        return recall.recall(prompt, 600, text -> COUNTER.count(text).claude(), TokenCounter.DEFAULT_SAFETY_FACTOR);
    }

    @Test
    void aWorkPromptNamingAFileRecallsItsRuleWhole() {
        PromptRecall.Recalled recalled = recall("Add the entry for 2026-08-22 to metrics.log: p95 latency 212 ms,"
                + " error rate 0.4%.");
        assertEquals(List.of(metrics), recalled.ids(), recalled.text());
        // whole: the mechanism at the end reaches the agent, not the first forty words
        assertTrue(recalled.text().contains("loses its place when a line in the middle changes length."), recalled.text());
        assertTrue(recalled.text().contains("CORRECTION"), recalled.text());
    }

    @Test
    void aWorkPromptNamingAPathRecallsTheRuleThatNamesItsFile() {
        PromptRecall.Recalled recalled = recall("add a nightly job to backup the uploads bucket in etc/cron.d/backup");
        assertEquals(List.of(cron), recalled.ids(), recalled.text());
    }

    @Test
    void promptsAboutSomethingElseGetNothing() {
        for (String prompt : List.of("fix the typo in the README heading",
                "rename the variable foo to bar in utils.py",
                "Add a column for the customer's VAT number to the customers admin table.",
                "Why does the log viewer page take four seconds to load?",
                "write a unit test for parse_duration() in timeutil.py")) {
            PromptRecall.Recalled recalled = recall(prompt);
            assertEquals("", recalled.text(), prompt);
        }
    }

    @Test
    void aLongItemEndsAtASentenceAndSaysWhereTheRestIs() {
        String sentence = "The importer reads the nightly export from the partner's SFTP drop and checks every row. ";
        KnowledgeItem item = new KnowledgeItem("longitem", Scope.project, Kind.architecture, "Importer",
                sentence.repeat(12), List.of(), "cli", List.of(), java.time.Instant.now(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
        String whole = PromptRecall.whole(item);
        assertTrue(whole.split(" ").length <= PromptRecall.ITEM_WORDS + 8, whole);
        assertTrue(whole.endsWith("checks every row. [… the rest: graphiti show longitem]"), whole);
    }
}
