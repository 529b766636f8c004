package dev.graphiti.toon;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.graphiti.toon.ResponseEncoderTest.json;
import static dev.graphiti.toon.ResponseEncoderTest.searchResults;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BudgetTrimmerTest {
    private static final TokenCounter COUNTER = SharedTokenCounter.COUNTER;
    private static final JsonArray ROWS = searchResults(200);
    private final ResponseEncoder encoder = new ResponseEncoder(new ToonEncoder(), COUNTER);
    private final BudgetTrimmer trimmer = new BudgetTrimmer(encoder);

    private static JsonArray firstRows(int count) {
        return Json.createArrayBuilder(ROWS.subList(0, count)).build();
    }

    /** The row count the text itself declares: TOON's [N], or the JSON array's length. */
    private static int declaredRows(EncodedResponse response, String key) {
        if (response.format() == ResponseFormat.JSON) {
            JsonValue value = json(response.text());
            return (key == null ? value : value.asJsonObject().get(key)).asJsonArray().size();
        }
        Matcher header = Pattern.compile("(?m)^" + (key == null ? "" : Pattern.quote(key)) + "\\[(\\d+)\\]")
                .matcher(response.text());
        assertTrue(header.find(), response.text());
        return Integer.parseInt(header.group(1));
    }

    @Test
    void dropsTheLowestRankedRowsUntilTheRestFit() {
        int full = encoder.encode(ROWS).tokens().claude();
        for (int budget : new int[] {120, 700, 2500, full - 1}) {
            TrimmedResponse result = trimmer.trim(ROWS, budget);
            int kept = result.keptRows();
            assertTrue(result.withinBudget());
            assertTrue(result.trimmed());
            assertEquals(200, result.totalRows());
            assertTrue(result.response().tokens().claude() <= budget, "fits budget " + budget);
            assertEquals(COUNTER.count(result.text()), result.response().tokens());
            assertEquals(kept, declaredRows(result.response(), null));
            assertEquals(encoder.encode(firstRows(kept)), result.response(), "exactly the best " + kept + " rows");
            assertTrue(encoder.encode(firstRows(kept + 1)).tokens().claude() > budget,
                    "one more row would not fit " + budget);
        }
    }

    @Test
    void keepsEverythingWhenItFits() {
        EncodedResponse whole = encoder.encode(ROWS);
        TrimmedResponse result = trimmer.trim(ROWS, whole.tokens().claude());
        assertFalse(result.trimmed());
        assertEquals(200, result.keptRows());
        assertEquals(whole, result.response());
        assertTrue(result.withinBudget());
    }

    @Test
    void trimsOnlyTheNamedArrayOfAnEnvelope() {
        JsonObject payload = Json.createObjectBuilder()
                .add("query", "sqlite wal")
                .add("results", ROWS)
                .add("total", 200)
                .build();
        int budget = 900;
        TrimmedResponse result = trimmer.trim(payload, "results", budget);
        int kept = result.keptRows();
        assertTrue(result.trimmed() && result.withinBudget());
        assertTrue(result.response().tokens().claude() <= budget);
        assertEquals(kept, declaredRows(result.response(), "results"));
        JsonObject expected = Json.createObjectBuilder(payload).add("results", firstRows(kept)).build();
        assertEquals(encoder.encode(expected), result.response());
        assertEquals(java.util.List.of("query", "results", "total"), java.util.List.copyOf(expected.keySet()));
        assertTrue(result.text().startsWith("query: sqlite wal\nresults[" + kept + "]{"), result.text());
        assertTrue(result.text().endsWith("\ntotal: 200"), result.text());
    }

    @Test
    void reportsWhenNotEvenTheEmptyPayloadFits() {
        JsonObject payload = Json.createObjectBuilder()
                .add("note", "a fairly long explanation that alone costs more than the budget allows")
                .add("results", ROWS).build();
        TrimmedResponse result = trimmer.trim(payload, "results", 5);
        assertFalse(result.withinBudget());
        assertEquals(0, result.keptRows());
        assertTrue(result.text().contains("results: []"), result.text());
    }

    @Test
    void emptyListsStayEmpty() {
        TrimmedResponse result = trimmer.trim(JsonValue.EMPTY_JSON_ARRAY, 10);
        assertEquals(0, result.totalRows());
        assertFalse(result.trimmed());
        assertTrue(result.withinBudget());
        assertEquals("[]", result.text());
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> trimmer.trim(ROWS, 0));
        assertThrows(IllegalArgumentException.class, () -> trimmer.trim((JsonArray) null, 10));
        JsonObject payload = Json.createObjectBuilder().add("results", "none").build();
        assertThrows(IllegalArgumentException.class, () -> trimmer.trim(payload, "results", 10));
        assertThrows(IllegalArgumentException.class, () -> trimmer.trim(payload, "missing", 10));
    }
}
