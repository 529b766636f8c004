package dev.graphiti.toon;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts a text line by line and remembers every line's count, for one trimming run that renders
 * the same rows again and again with only a TOON [N] header changing.
 *
 * <p>Exact, not an estimate: o200k_base splits text into pieces before merging bytes, and a piece
 * reaches past an LF only into a following "/", CR or LF, or across a blank line. TOON output has
 * none of those at a line start (a line begins with indentation, a key or a header), so its cost is
 * the sum of its lines, each counted with its LF. Any other text is counted whole, uncached.
 * Not thread-safe; create one per run.
 */
final class ToonLineCounts {
    private final TokenCounter counter;
    private final Map<String, Integer> o200kByLine = new HashMap<>();

    ToonLineCounts(TokenCounter counter) {
        this.counter = counter;
    }

    /** Like {@link TokenCounter#countWithin}, reading lines only until the budget is exceeded. */
    BudgetCount countWithin(String text, int claudeBudget) {
        if (!splitsAtLines(text)) {
            return counter.countWithin(text, claudeBudget);
        }
        int maxO200k = counter.maxO200kWithin(claudeBudget);
        int o200k = 0;
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start) + 1;
            if (end == 0) {
                end = text.length();
            }
            o200k += o200kByLine.computeIfAbsent(text.substring(start, end), counter::o200k);
            start = end;
            if (o200k > maxO200k) {
                return counter.overBudget(o200k, start, text.length(), maxO200k);
            }
        }
        return counter.fits(o200k);
    }

    /** Whether no line after the first starts with "/", CR or LF, or is blank. */
    private static boolean splitsAtLines(String text) {
        for (int lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', lf + 1)) {
            int next = lf + 1;
            if (next == text.length()) {
                return false;
            }
            char first = text.charAt(next);
            if (first == '/' || first == '\r' || first == '\n') {
                return false;
            }
            int lineEnd = text.indexOf('\n', next);
            if (isBlank(text, next, lineEnd < 0 ? text.length() : lineEnd)) {
                return false;
            }
        }
        return true;
    }

    /** Blank in the widest sense, Unicode spaces included, whatever the tokenizer's regex flags. */
    private static boolean isBlank(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c) && !Character.isSpaceChar(c) && c != '\u0085') {
                return false;
            }
        }
        return true;
    }
}
