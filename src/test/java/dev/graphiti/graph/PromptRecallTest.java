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

/** What the UserPromptSubmit hook adds: the stored knowledge a prompt is about, and nothing for other prompts. */
class PromptRecallTest {

    static final TokenCounter COUNTER = new TokenCounter();

    @TempDir
    static Path temp;

    static ProjectGraph graph;
    static String redis;
    static String money;

    private static NewItem item(Kind kind, String content, String... tags) {
        return new NewItem(kind, Optional.empty(), content, List.of(tags), "cli", Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    @BeforeAll
    static void aShopsMemory() {
        graph = ProjectGraph.open(temp);
        List<AddResult> added = graph.items().addAll(List.of(
                item(Kind.decision, "Sessions live in Redis, not in Postgres: logins must survive a database failover"
                        + " and Redis expires idle sessions by itself", "sessions", "redis"),
                item(Kind.decision, "Money is stored as integer cents (BigInteger), never as double: rounding lost"
                        + " cents in the cart total", "money"),
                item(Kind.architecture, "The checkout service calls the payment gateway through an outbox table, so a"
                        + " payment is never sent twice when the service restarts", "checkout"),
                item(Kind.bugfix, "Root cause of the flaky checkout tests: the tests shared one clock; each test now gets"
                        + " its own fixed clock", "tests"),
                item(Kind.preference, "Tests use real Postgres in a container (Testcontainers), no mocks of the"
                        + " repository layer", "tests"),
                item(Kind.decision, "Prices are shown with the customer's locale but stored in the shop currency",
                        "money"),
                item(Kind.architecture, "Search uses Postgres full-text search; Elasticsearch was dropped in 2024 as"
                        + " too much to run for ten thousand products", "search")));
        redis = added.get(0).item().id();
        money = added.get(1).item().id();
    }

    private static PromptRecall.Recalled recall(String prompt, int budget) {
        PromptRecall recall = new PromptRecall(graph.repository(),
                new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)));
        return recall.recall(prompt, budget, text -> COUNTER.count(text).claude(), TokenCounter.DEFAULT_SAFETY_FACTOR);
    }

    @Test
    void aPromptAboutAStoredDecisionGetsIt() {
        PromptRecall.Recalled recalled = recall("Should we move the user sessions from Redis into Postgres?", 600);
        assertEquals(redis, recalled.ids().get(0), recalled.text());
        assertTrue(recalled.text().contains("logins must survive a database failover"), recalled.text());
        assertTrue(recalled.ids().size() <= 2, recalled.text());

        PromptRecall.Recalled cents = recall("the cart total is off by a cent again, check how money is rounded", 600);
        assertEquals(List.of(money), cents.ids(), cents.text());
    }

    @Test
    void anUnrelatedPromptGetsNothing() {
        for (String prompt : List.of("fix the typo in the README heading", "what did we do?",
                "rename the variable foo to bar in utils.py", "make the tests faster", "hello",
                // two words in common with the flaky-tests item, but the prompt is about something else
                "add a dark mode toggle to the settings page header, keep the choice in local storage, animate the"
                        + " switch, and make sure the checkout tests still pass")) {
            PromptRecall.Recalled recalled = recall(prompt, 600);
            assertEquals("", recalled.text(), prompt);
            assertEquals(List.of(), recalled.ids(), prompt);
        }
    }

    @Test
    void theBudgetIsKeptWithTheRealTokenizer() {
        PromptRecall.Recalled all = recall("checkout payment outbox tests clock", 600);
        assertTrue(all.ids().size() >= 2, all.text());
        assertTrue(COUNTER.count(all.text()).claude() <= all.tokens() && all.tokens() <= 600, all.text());
        PromptRecall.Recalled small = recall("checkout payment outbox tests clock", 60);
        assertTrue(small.ids().size() < all.ids().size() && COUNTER.count(small.text()).claude() <= small.tokens()
                && small.tokens() <= 60, small.text());
    }
}
