package dev.graphiti.graph;

import dev.graphiti.embed.EmbeddingModel;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.store.ProjectGraph;
import dev.graphiti.store.sqlite.SqliteStore;
import dev.graphiti.toon.TokenCounter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recall by meaning in a running server (issue 30), on a small real graph with the real model: a prompt about this
 * project's own work gets the rule that governs it though they share few words; everyday prompts in the same project
 * get nothing. The cosine counts above what everyday prompts score against this prompt ({@link EverydayPrompts}),
 * not above one constant: the work prompt below sits far from everyday prompts (0.78), so its rule's 0.78 is
 * evidence, where one constant (0.78 for every prompt) needed more.
 */
class PromptRecallMeaningTest {

    static final TokenCounter COUNTER = new TokenCounter();

    @TempDir
    static Path temp;

    static ProjectGraph graph;
    static E5Encoder encoder;
    static VectorStore vectors;
    static String varroa;

    private static NewItem rule(String content) {
        return new NewItem(Kind.decision, Optional.empty(), content, List.of(), "cli", Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    @BeforeAll
    static void anApiarysRulesEmbedded() {
        graph = ProjectGraph.open(temp);
        List<AddResult> added = graph.items().addAll(List.of(
                rule("Hive scales report weight every 15 minutes over LoRa, and a reading is dropped, not averaged, when"
                        + " the temperature probe says the hive is below 5 °C, because the load cell drifts in the cold."),
                rule("Queen-rearing batches are numbered by the year and the grafting day (2026-G14), never by a"
                        + " running counter, so a frame can be traced back to its mother colony."),
                rule("Honey moisture above 18.6% marks a harvest lot as not for sale; the refractometer value is stored"
                        + " as entered, with one decimal, never rounded."),
                rule("Varroa counts are per 100 bees from an alcohol wash; sugar-roll counts are multiplied by 1.2"
                        + " before they are compared with the treatment threshold of 3.")));
        varroa = added.get(3).item().id();
        encoder = E5Encoder.load();
        vectors = SqliteStore.withDefaults().openVectors(temp.resolve("graph.db"), Scope.project);
        new EmbeddingJob(encoder.model()).run(vectors, encoder, done -> { }, () -> false);
    }

    @AfterAll
    static void close() {
        vectors.close();
        encoder.close();
        graph.close();
    }

    private static PromptRecall.Recalled recall(String prompt) {
        SemanticRanking meaning = new SemanticRanking(encoder, new VectorIndex(EmbeddingModel.CURRENT.dimensions()), vectors);
        PromptRecall recall = new PromptRecall(graph.repository(),
                new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)), Optional.of(meaning));
        return recall.recall(prompt, 600, text -> COUNTER.count(text).claude(), TokenCounter.DEFAULT_SAFETY_FACTOR);
    }

    @Test
    void aWorkPromptGetsTheRuleThatGovernsItByMeaning() {
        PromptRecall.Recalled recalled = recall("Enter the mite counts from Saturday's inspection and flag colonies"
                + " that need treatment.");
        assertFalse(recalled.ids().isEmpty(), "the varroa rule, but nothing was recalled");
        assertEquals(varroa, recalled.ids().get(0), recalled.text());
    }

    @Test
    void everydayPromptsInTheSameProjectGetNothing() {
        for (String prompt : List.of("Why is the dashboard slow?", "Send a weekly summary email to the beekeepers.",
                "Add a page that lists all apiaries on a map.", "Export the inspection notes as PDF.",
                "Fix the failing test in the sync module.")) {
            assertEquals("", recall(prompt).text(), prompt);
        }
    }
}
