package dev.graphiti.toon;

import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * Finds the largest prefix length k in [0, total] whose rendering costs at most the budget, assuming
 * cost grows with k. Cost grows about linearly with the row count, so each probe interpolates between
 * the largest k known to fit and the smallest known not to. Near-linear costs need 4 renderings: all
 * rows, none, k and k + 1. Should two probes in a row fail to halve that interval (very uneven rows),
 * the next one bisects, which bounds the work at about 3 log2(total) renderings.
 */
final class PrefixSearch {

    /**
     * @param rendering  the rendering with k rows
     * @param prefix     its row count
     * @param fits       false only when even the empty prefix exceeds the budget
     */
    record Result<T>(T rendering, int prefix, boolean fits) {
    }

    private PrefixSearch() {
    }

    static <T> Result<T> largestFitting(int total, int budget, IntFunction<T> render, ToIntFunction<T> cost) {
        T all = render.apply(total);
        int allCost = cost.applyAsInt(all);
        if (allCost <= budget) {
            return new Result<>(all, total, true);
        }
        T none = render.apply(0);
        int noneCost = cost.applyAsInt(none);
        if (noneCost > budget) {
            return new Result<>(none, 0, false);
        }
        int fits = 0;
        int fitsCost = noneCost;
        T best = none;
        int tooMany = total;
        int tooManyCost = allCost;
        int slowProbes = 0;
        while (tooMany - fits > 1) {
            int width = tooMany - fits;
            int probe = slowProbes >= 2
                    ? fits + width / 2
                    : fits + (int) ((long) (budget - fitsCost) * width / (tooManyCost - fitsCost));
            probe = Math.max(fits + 1, Math.min(tooMany - 1, probe));
            T rendering = render.apply(probe);
            int probeCost = cost.applyAsInt(rendering);
            if (probeCost <= budget) {
                fits = probe;
                fitsCost = probeCost;
                best = rendering;
            } else {
                tooMany = probe;
                tooManyCost = probeCost;
            }
            slowProbes = (tooMany - fits) * 2 > width ? slowProbes + 1 : 0;
        }
        return new Result<>(best, fits, true);
    }
}
