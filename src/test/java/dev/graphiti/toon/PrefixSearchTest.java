package dev.graphiti.toon;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrefixSearchTest {

    /** Runs the search over a cost table and counts how many prefixes it rendered. */
    private record Run(PrefixSearch.Result<Integer> result, int renders) {
        static Run of(int total, int budget, IntUnaryOperator cost) {
            AtomicInteger renders = new AtomicInteger();
            PrefixSearch.Result<Integer> result = PrefixSearch.largestFitting(total, budget, k -> {
                renders.incrementAndGet();
                return k;
            }, cost::applyAsInt);
            return new Run(result, renders.get());
        }
    }

    private static int largestFittingByScan(int[] cost, int budget) {
        int best = -1;
        for (int k = 0; k < cost.length; k++) {
            if (cost[k] <= budget) {
                best = k;
            }
        }
        return best;
    }

    @Test
    void linearCostsNeedFourRenderings() {
        for (int budget = 20; budget < 1400; budget += 37) {
            Run run = Run.of(200, budget, k -> 12 + 7 * k);
            assertEquals((budget - 12) / 7, run.result().prefix(), "budget " + budget);
            assertTrue(run.renders() <= 4, run.renders() + " renderings for budget " + budget);
        }
    }

    @Test
    void findsTheLargestFittingPrefixOfAnyMonotoneCost() {
        Random random = new Random(42);
        for (int trial = 0; trial < 500; trial++) {
            int total = 1 + random.nextInt(400);
            int[] cost = new int[total + 1];
            cost[0] = random.nextInt(50);
            for (int k = 1; k <= total; k++) {
                // Uneven rows, with the occasional huge one to defeat interpolation.
                cost[k] = cost[k - 1] + (random.nextInt(20) == 0 ? 500 : random.nextInt(30));
            }
            int budget = random.nextInt(cost[total] + 20);
            Run run = Run.of(total, budget, k -> cost[k]);
            int expected = largestFittingByScan(cost, budget);
            if (expected < 0) {
                assertFalse(run.result().fits());
                assertEquals(0, run.result().prefix());
            } else {
                assertTrue(run.result().fits());
                assertEquals(expected, run.result().prefix(), "trial " + trial);
                assertEquals(expected, run.result().rendering(), "the rendering of the chosen prefix");
            }
            int bound = 3 * (32 - Integer.numberOfLeadingZeros(total)) + 3;
            assertTrue(run.renders() <= bound, run.renders() + " renderings for " + total + " rows");
        }
    }

    @Test
    void everythingFitsInOneRendering() {
        Run run = Run.of(200, 10_000, k -> k);
        assertEquals(200, run.result().prefix());
        assertEquals(1, run.renders());
    }
}
