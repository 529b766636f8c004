package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * Recall by anchors (issue 32): a rule whose text names no file, anchored to the file its session edited, reaches a
 * prompt that asks for work on that file though they share no word; a prompt naming no anchored file gets nothing.
 */
class PromptRecallAnchorsTest {

    static final TokenCounter COUNTER = new TokenCounter();

    @TempDir
    static Path temp;

    static ProjectGraph graph;
    static String money;

    private static NewItem rule(String content, String file) {
        return new NewItem(Kind.decision, Optional.empty(), content, List.of("capture"), "capture:s1", Optional.empty(),
                Optional.empty(), Optional.empty(), List.of(Anchor.file(file, Anchor.Origin.touched)));
    }

    @BeforeAll
    static void rulesAnchoredToTheFilesTheirSessionsEdited() {
        graph = ProjectGraph.open(temp);
        List<AddResult> added = graph.items().addAll(List.of(
                rule("Money is never float: amounts are computed with Decimal and rounded to cents with ROUND_HALF_UP"
                        + " per line, and the total is the sum of the rounded lines.", "billing/invoice.py"),
                rule("Proration is by the day in the customer's billing time zone; the day of the change is billed at"
                        + " the new price.", "subscriptions/proration.py")));
        money = added.get(0).item().id();
        // decisions of many commits that all changed the build file
        graph.items().addAll(List.of(
                rule("Build for Java 8 rather than Java 7: lambdas in the public API.", "pom.xml"),
                rule("Publish sources and javadoc jars with every release for Maven Central.", "pom.xml"),
                rule("Shade the annotation processor so users put nothing extra on their path.", "pom.xml"),
                rule("Run ProGuard on the shrinker tests to catch reflection breaking under obfuscation.", "pom.xml"),
                rule("Enforce reproducible builds: fixed timestamps in the archives.", "pom.xml")));
    }

    private static PromptRecall.Recalled recall(String prompt) {
        PromptRecall recall = new PromptRecall(graph.repository(),
                new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)));
        return recall.recall(prompt, 600, text -> COUNTER.count(text).claude(), TokenCounter.DEFAULT_SAFETY_FACTOR);
    }

    @Test
    void aPromptNamingTheAnchoredFileRecallsTheRule() {
        PromptRecall.Recalled recalled = recall("Add a 7.5% late fee line to invoices that are more than 30 days overdue,"
                + " in billing/invoice.py.");
        assertEquals(List.of(money), recalled.ids(), recalled.text());
    }

    @Test
    void aPromptNamingTheAnchoredFileByItsNameAloneRecallsTheRule() {
        assertEquals(List.of(money), recall("the overdue fee goes in invoice.py, next to the other lines").ids());
    }

    @Test
    void aFileManyItemsAreAnchoredToIsNoEvidenceOnItsOwn() {
        assertEquals(List.of(), recall("bump the junit dependency in pom.xml to the latest").ids());
    }

    @Test
    void aPromptNamingNoAnchoredFileGetsNothing() {
        assertEquals(List.of(), recall("Add a 7.5% late fee line to overdue invoices in reports/invoice_export.py").ids());
        assertEquals(List.of(), recall("Rename the staging cluster's namespaces to match production").ids());
    }
}
