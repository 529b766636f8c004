package dev.graphiti.toon;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.EncodingType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenCounterTest {
    private static final TokenCounter COUNTER = SharedTokenCounter.COUNTER;
    private static final List<String> SAMPLES = List.of(
            "",
            "hello world",
            "items[2]{id,name}:\n  1,Ada\n  2,Bob",
            "{\"id\":\"a1b2\",\"title\":\"Use SQLite WAL mode\",\"tags\":[\"store\",\"decision\"]}",
            "Grüße aus Köln — 你好 👋",
            "    deeply\n        indented\n\n\ttabs");

    @Test
    void countsWithO200kBase() {
        var o200k = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
        for (String sample : SAMPLES) {
            assertEquals(o200k.countTokensOrdinary(sample), COUNTER.count(sample).o200k(), sample);
        }
    }

    @Test
    void claudeEstimateIsTheCeilingOfCountTimesFactor() {
        for (String sample : SAMPLES) {
            TokenCount count = COUNTER.count(sample);
            assertEquals(COUNTER.claudeEstimate(count.o200k()), count.claude());
            assertTrue(count.claude() >= count.o200k());
            assertTrue(count.claude() < count.o200k() * 1.2 + 1);
        }
        // Decimal, not binary, arithmetic: 10 x 1.2 is exactly 12.
        assertEquals(12, COUNTER.claudeEstimate(10));
        assertEquals(14, COUNTER.claudeEstimate(11));
        assertEquals(0, COUNTER.claudeEstimate(0));
    }

    @Test
    void factorIsConfigurable() {
        TokenCounter exact = COUNTER.withSafetyFactor(1.0);
        TokenCounter generous = COUNTER.withSafetyFactor(1.5);
        String text = SAMPLES.get(3);
        int o200k = COUNTER.count(text).o200k();
        assertEquals(o200k, exact.count(text).claude());
        assertEquals((int) Math.ceil(o200k * 1.5), generous.count(text).claude());
        assertEquals(1.5, generous.safetyFactor());
        assertEquals(TokenCounter.DEFAULT_SAFETY_FACTOR, COUNTER.safetyFactor());
        assertThrows(IllegalArgumentException.class, () -> COUNTER.withSafetyFactor(0));
        assertThrows(IllegalArgumentException.class, () -> COUNTER.withSafetyFactor(-1));
        assertThrows(IllegalArgumentException.class, () -> COUNTER.withSafetyFactor(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new TokenCounter(Double.POSITIVE_INFINITY));
    }

    @Test
    void countsWithinABudgetAgreeWithFullCounts() {
        String large = String.join("\n", java.util.Collections.nCopies(400, SAMPLES.get(3) + " " + SAMPLES.get(4)));
        for (String text : List.of(SAMPLES.get(1), SAMPLES.get(3), SAMPLES.get(5), large)) {
            TokenCount full = COUNTER.count(text);
            for (int budget : new int[] {0, 1, 2, full.claude() - 1, full.claude(), full.claude() + 1, 50, 1000}) {
                BudgetCount within = COUNTER.countWithin(text, budget);
                assertEquals(full.claude() <= budget, within.fits(), "budget " + budget + " for " + full);
                if (within.fits()) {
                    assertEquals(full, within.tokens());
                } else {
                    assertTrue(within.tokens().claude() > budget, "an over-budget estimate exceeds the budget");
                }
            }
        }
        assertEquals(new BudgetCount(true, new TokenCount(0, 0)), COUNTER.countWithin("", 0));
        assertTrue(COUNTER.withSafetyFactor(0.5).countWithin(large, Integer.MAX_VALUE).fits());
    }

    @Test
    void overBudgetEstimatesExtrapolateFromThePartRead() {
        String large = String.join("\n", java.util.Collections.nCopies(400, SAMPLES.get(3)));
        TokenCount full = COUNTER.count(large);
        TokenCount estimate = COUNTER.countWithin(large, full.claude() / 10).tokens();
        assertTrue(Math.abs(estimate.o200k() - full.o200k()) < full.o200k() / 10,
                estimate + " should be near " + full);
    }

    @Test
    void specialTokenMarkersInDataCountAsText() {
        TokenCount count = COUNTER.count("<|endoftext|>");
        assertTrue(count.o200k() > 1, "counted as ordinary text, not one special token");
    }

    @Test
    void emptyTextIsFreeAndNullIsRejected() {
        assertEquals(new TokenCount(0, 0), COUNTER.count(""));
        assertThrows(IllegalArgumentException.class, () -> COUNTER.count(null));
    }

    @Test
    void countsConcurrentlyWithoutWaitingForAnExplicitWarmUp() throws Exception {
        TokenCounter fresh = new TokenCounter();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<TokenCount>> counts = pool.invokeAll(SAMPLES.stream()
                    .map(s -> (java.util.concurrent.Callable<TokenCount>) () -> fresh.count(s)).toList());
            for (int i = 0; i < SAMPLES.size(); i++) {
                assertEquals(COUNTER.count(SAMPLES.get(i)), counts.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
