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
 * What a prompt hook must not bring and must bring on a repository's graph: routine history (a dependency bump) is
 * never injected, however many words it shares (the agent can read git log); a name from code in the prompt
 * (must_use) finds the rule about it though "must" is a stop word and "use" is in every other rule; a decision git time
 * ended (its commit reverted) is not told either, however well it matches.
 */
class PromptRecallHistoryTest {

    static final TokenCounter COUNTER = new TokenCounter();

    @TempDir
    static Path temp;

    static ProjectGraph graph;
    static String mustUse;
    static String reverted;

    private static NewItem item(Kind kind, String content, String source) {
        return new NewItem(kind, Optional.empty(), content, List.of(), source, Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    @BeforeAll
    static void aLibrarysGraph() {
        graph = ProjectGraph.open(temp);
        List<AddResult> added = graph.items().addAll(List.of(
                item(Kind.commit, "Bump the junit version from 4.13.1 to 4.13.2\n\nBumps junit in the test dependency"
                        + " group.\n\npom.xml | 2 +-", "git:0a1b2c3d"),
                item(Kind.commit, "Bump maven-surefire-plugin from 3.2.2 to 3.2.5 in the build plugins group",
                        "git:1b2c3d4e"),
                item(Kind.decision, "Every public function that returns a Result is marked must_use, so a caller cannot"
                        + " drop an error silently; clippy enforces it in CI.", "cli"),
                item(Kind.decision, "Errors cross the API boundary as problem+json documents, never as bare strings.",
                        "cli"),
                item(Kind.decision, "We use serde for every wire format; use derive, never hand-written impls.", "cli"),
                item(Kind.decision, "Retries go through tokio-retry with exponential backoff, capped at five attempts,"
                        + " because the upstream rate limiter resets after a minute.", "git:2c3d4e5f")));
        mustUse = added.get(2).item().id();
        reverted = added.get(5).item().id();
    }

    private static PromptRecall.Recalled recall(String prompt) {
        PromptRecall recall = new PromptRecall(graph.repository(),
                new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)));
        return recall.recall(prompt, 600, text -> COUNTER.count(text).claude(), TokenCounter.DEFAULT_SAFETY_FACTOR);
    }

    @Test
    void routineHistoryIsNeverInjected() {
        for (String prompt : List.of("bump the junit version", "bump junit to 4.13.2 in the test dependency group")) {
            PromptRecall.Recalled recalled = recall(prompt);
            assertEquals(List.of(), recalled.ids(), recalled.text());
        }
    }

    @Test
    void aDecisionARevertEndedIsNotTold() {
        String prompt = "add exponential backoff with tokio-retry to the upstream client";
        assertEquals(List.of(reverted), recall(prompt).ids(), "told while it holds");
        graph.items().end(List.of(new EndedItem(reverted, new Ending("3d4e5f6a", "reverted"), java.time.Instant.now())));
        PromptRecall.Recalled recalled = recall(prompt);
        assertEquals(List.of(), recalled.ids(), recalled.text());
    }

    @Test
    void aNameFromCodeIsReadWhole() {
        PromptRecall.Recalled recalled = recall("should parse be must_use?");
        assertEquals(List.of(mustUse), recalled.ids(), recalled.text());
    }
}
