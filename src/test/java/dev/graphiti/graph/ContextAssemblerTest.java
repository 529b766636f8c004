package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.ProjectGraph;
import dev.graphiti.toon.TokenCounter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The context assembly on a real SQLite graph: order of sections, the signals, the budget. */
class ContextAssemblerTest {

    static final TokenCounter TOKENS = new TokenCounter();

    @TempDir
    Path temp;
    ProjectGraph graph;
    ItemRepository repository;
    ItemService items;

    @BeforeEach
    void open() {
        graph = ProjectGraph.open(temp);
        repository = graph.repository();
        items = graph.items();
    }

    @AfterEach
    void close() {
        graph.close();
    }

    ContextAssembler assembler() {
        return new ContextAssembler(repository, text -> TOKENS.count(text).claude());
    }

    String add(Kind kind, String content, String at) {
        return items.add(new NewItem(kind, Optional.empty(), content, List.of(), "manual", Optional.empty(),
                Optional.of(Instant.parse(at)))).item().id();
    }

    static final String BILLING = "src/main/java/dev/app/billing/BillingClient.java";

    /** An item anchored to the billing client (as a commit changing it, or graphiti_add's anchors, make one). */
    String anchored(Kind kind, String content, String at, Optional<String> supersedes) {
        return items.add(new NewItem(kind, Optional.empty(), content, List.of(), "manual", supersedes,
                Optional.of(Instant.parse(at)), Optional.empty(), List.of(Anchor.file(BILLING, Anchor.Origin.given))))
                .item().id();
    }

    @Test
    void anEmptyGraphGivesEmptyText() {
        ContextText text = assembler().assemble(ContextSignals.none("demo"), 8192);
        assertEquals("", text.text());
        assertEquals(0, text.items());
    }

    @Test
    void decisionsFirstThenItemsAboutTheFilesInPlayThenRecentOnes() {
        add(Kind.note, "Lunch menu moved to the wiki", "2026-03-01T00:00:00Z");
        anchored(Kind.bugfix, "Fix the retry loop in BillingClient.java that double-charged on timeouts", "2025-01-01T00:00:00Z",
                Optional.empty());
        add(Kind.decision, "Use SQLite in WAL mode for concurrent writers", "2025-06-01T00:00:00Z");
        var signals = new ContextSignals("demo", Optional.of("main"), Optional.of("0123456789abcdef"),
                List.of(BILLING));
        String text = assembler().assemble(signals, 8192).text();
        int decision = text.indexOf("WAL mode");
        int billing = text.indexOf("Fix the retry loop");
        int lunch = text.indexOf("Lunch menu");
        assertTrue(text.startsWith("# graphiti: what is known about demo (branch main @ 0123456)"), text);
        assertTrue(decision > 0 && billing > decision && lunch > billing, text);
        assertTrue(text.indexOf("## About the files in play") < billing, text);
        assertEquals(1, text.split("Lunch menu", -1).length - 1, "each item once");
    }

    @Test
    void itemsAboutTheFilesInPlayAreTheNewestCurrentOnes() {
        String old = anchored(Kind.bugfix, "BillingClient.java retried forever on timeouts", "2025-01-01T00:00:00Z",
                Optional.empty());
        anchored(Kind.bugfix, "BillingClient.java retries three times, then fails", "2025-02-01T00:00:00Z", Optional.of(old));
        anchored(Kind.pattern, "Callers reach BillingClient.java through BillingGateway", "2025-03-01T00:00:00Z",
                Optional.empty());
        add(Kind.note, "BillingClient.java is mentioned here, and nothing anchors this note to it", "2025-04-01T00:00:00Z");
        for (int i = 0; i < 30; i++) {
            add(Kind.note, "Note " + i + ": the staging host for team t" + i + " is rebuilt nightly", "2026-01-01T00:00:00Z");
        }
        var signals = new ContextSignals("demo", Optional.empty(), Optional.empty(),
                List.of(BILLING));
        String text = assembler().assemble(signals, 8192).text();
        String files = text.substring(text.indexOf("## About the files in play"), text.indexOf("## Recent"));
        assertTrue(files.indexOf("through BillingGateway") < files.indexOf("three times"), "newest first: " + files);
        assertFalse(files.contains("nothing anchors this note"), "only items anchored to the file: " + files);
        assertFalse(text.contains("retried forever"), "a superseded item is not context: " + text);
    }

    @Test
    void theBudgetHoldsAndHigherSectionsWin() {
        for (int i = 0; i < 60; i++) {
            add(Kind.decision, "Decision " + i + ": keep module m" + i + " behind its own interface for testing",
                    "2025-01-01T00:00:00Z");
            add(Kind.note, "Note " + i + ": the staging host for team t" + i + " is rebuilt nightly", "2026-01-01T00:00:00Z");
        }
        ContextText small = assembler().assemble(ContextSignals.none("demo"), 300);
        assertTrue(TOKENS.count(small.text()).claude() <= 300, small.tokens() + " tokens");
        assertTrue(small.text().contains("Decision"));
        assertTrue(small.text().indexOf("Decision") < small.text().indexOf("Note "), "decisions first, notes get the rest");
        assertTrue(small.items() > 3 && small.items() < 60, small.items() + " items");

        // The budget is a ceiling, not a target: a few decisions and a few recent items, not all 120.
        ContextText large = assembler().assemble(ContextSignals.none("demo"), 100_000);
        assertEquals(ContextAssembler.DURABLE_SHOWN + ContextAssembler.RECENT_SHOWN, large.items());
    }

    @Test
    void aLongItemIsOneLineCutWithAnEllipsis() {
        String words = "The cache key includes the tenant id\n\n\tbecause two tenants shared one entry. ";
        add(Kind.decision, "Cache keys carry the tenant\n\n" + words.repeat(200), "2025-06-01T00:00:00Z");
        add(Kind.decision, "Short one:   spaces\tcollapse", "2025-05-01T00:00:00Z");
        String text = assembler().assemble(ContextSignals.none("demo"), 8192).text();
        String line = text.lines().filter(l -> l.contains("Cache keys carry the tenant")).findFirst().orElseThrow();
        assertTrue(line.endsWith("..."), line);
        assertTrue(line.contains(": The cache key includes the tenant id because two tenants"), "whitespace collapsed: " + line);
        assertTrue(line.length() < 400, line.length() + " characters");
        assertTrue(text.lines().anyMatch(l -> l.matches("- decision: Short one: spaces collapse \\(\\w+, 2025-05-01, by user\\)")),
                "the title once, collapsed: " + text);
    }

    /**
     * Issue 13: one stored item with a 52 KB title (possible before titles were bounded) cost more than the whole
     * budget, and the section stopped at it: "Recent" came out empty. Its line is now cut like any other.
     */
    @Test
    void anItemWithAHugeTitleFromAnOlderDatabaseLeavesRoomForTheRest() throws Exception {
        add(Kind.note, "Lunch menu moved to the wiki", "2025-05-01T00:00:00Z");
        add(Kind.note, "The nightly build runs at two", "2025-05-02T00:00:00Z");
        String huge = add(Kind.note, "Placeholder for a note whose title an older version stored whole", "2025-05-03T00:00:00Z");
        try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + temp.resolve("graph.db"));
             var update = connection.prepareStatement("UPDATE items SET title = ? WHERE id = ?")) {
            update.setString(1, "Huge title ".repeat(4_800));
            update.setString(2, huge);
            assertEquals(1, update.executeUpdate());
        }
        String text = assembler().assemble(ContextSignals.none("demo"), 2048).text();
        assertTrue(text.contains("## Recent"), text);
        assertTrue(text.contains("Lunch menu") && text.contains("nightly build"), text);
        String line = text.lines().filter(l -> l.contains(huge)).findFirst().orElseThrow();
        assertTrue(line.length() < ItemLimits.TITLE_CHARS + 400, line.length() + " characters");
    }

    @Test
    void aSquashedPullRequestsRepeatedTitleIsSaidOnce() {
        items.add(new NewItem(Kind.decision, Optional.of("Reject non-ASCII digits in nextInt (#3063)"),
                "Reject non-ASCII digits in nextInt (#3063)\n\n* Reject non-ASCII digits in nextInt\n\nThe reader took"
                        + " Arabic-Indic digits for numbers.", List.of(), "manual", Optional.empty(),
                Optional.of(Instant.parse("2026-07-24T00:00:00Z"))));
        String text = assembler().assemble(ContextSignals.none("demo"), 8192).text();
        assertTrue(text.contains("(#3063) (") && text.contains("by user): The reader took Arabic-Indic digits"), text);
    }

    @Test
    void preferencesAreDurableAndATitleIsNotFollowedByItsFullStop() {
        for (int i = 0; i < 30; i++) {
            add(Kind.commit, "Commit " + i + ": bump dependency d" + i, "2026-02-01T00:00:00Z");
        }
        items.add(new NewItem(Kind.preference, Optional.of("Run the formatter before every commit"),
                "Run the formatter before every commit.", List.of(), "manual", Optional.empty(),
                Optional.of(Instant.parse("2025-01-01T00:00:00Z"))));
        String text = assembler().assemble(ContextSignals.none("demo"), 8192).text();
        int preference = text.indexOf("- preference: Run the formatter before every commit (");
        assertTrue(preference > text.indexOf("## Decisions, architecture and preferences"), text);
        assertFalse(text.contains("bump dependency"), "routine commits are history, not the brief: " + text);
        assertTrue(text.contains(", 2025-01-01, by user)\n"), "no \": .\" after the title: " + text);
    }
}
