package dev.graphiti.toon;

import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.graphiti.toon.ResponseEncoderTest.json;
import static dev.graphiti.toon.ResponseEncoderTest.searchResults;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Line-by-line counts must equal whole-text counts, for TOON and for text built to break them. */
class ToonLineCountsTest {
    private static final TokenCounter COUNTER = SharedTokenCounter.COUNTER;

    private static List<String> texts() {
        List<String> texts = new ArrayList<>();
        List<JsonValue> payloads = List.of(
                searchResults(40),
                json("{\"paths\":[{\"p\":\"/usr/bin\",\"n\":1},{\"p\":\"//x\",\"n\":2}],\"/root\":\"/\"}"),
                json("{\"a\":{\"b\":[1,{\"c\":\"x:y\"},[\"q,r\",\"\"]]},\"end\":\"(punct)\"}"),
                json("[\"- lead\",{\"k\":\"v\\u3000\"},\"tail \",[{\"z\":\"#h\"}]]"),
                json("{\"s\":\"line1\\nline2\",\"t\":\"a\\tb\",\"u\":\"\\u00a0\",\"w\":\"你好 👋\"}"));
        for (JsonValue payload : payloads) {
            for (Delimiter delimiter : Delimiter.values()) {
                texts.add(new ToonEncoder(new ToonOptions(delimiter, 2)).encode(payload));
            }
            texts.add(new ToonEncoder(new ToonOptions(Delimiter.COMMA, 1)).encode(payload));
        }
        // Not TOON: each of these joins pieces across a line start, so it must be counted whole.
        texts.addAll(List.of("a:\n/b", "x:\n\ny", "x\n \ny", "x\n\u00a0\ny", "a\r\n\rb", "a.\n\n", "k:\n", ""));
        return texts;
    }

    @Test
    void lineByLineCountsEqualWholeTextCounts() {
        ToonLineCounts lines = new ToonLineCounts(COUNTER);
        for (String text : texts()) {
            TokenCount whole = COUNTER.count(text);
            BudgetCount unlimited = lines.countWithin(text, Integer.MAX_VALUE / 4);
            assertTrue(unlimited.fits());
            assertEquals(whole, unlimited.tokens(), text);
            // Again from the cache, and against budgets around the exact cost.
            for (int budget : new int[] {Math.max(0, whole.claude() - 1), whole.claude(), whole.claude() / 2}) {
                BudgetCount within = lines.countWithin(text, budget);
                assertEquals(whole.claude() <= budget, within.fits(), text);
                assertTrue(within.fits() ? within.tokens().equals(whole) : within.tokens().claude() > budget);
            }
        }
    }
}
