package dev.graphiti.toon;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResponseEncoderTest {
    private static final TokenCounter COUNTER = SharedTokenCounter.COUNTER;
    private final ToonEncoder toon = new ToonEncoder();
    private final ResponseEncoder encoder = new ResponseEncoder(toon, COUNTER);

    static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }

    /** Search results as the CLI returns them: uniform rows, best first, ids r0000, r0001, ... */
    static JsonArray searchResults(int count) {
        String[] words = {"sqlite", "wal", "busy", "timeout", "jetty", "session", "token", "budget", "git",
                "hook", "decision", "rename", "schema", "migration", "index", "cache", "retry", "lock"};
        JsonArrayBuilder rows = Json.createArrayBuilder();
        for (int i = 0; i < count; i++) {
            StringBuilder snippet = new StringBuilder();
            for (int w = 0; w < 8 + i % 7; w++) {
                snippet.append(w == 0 ? "" : " ").append(words[(i * 7 + w * 3) % words.length]);
            }
            rows.add(Json.createObjectBuilder()
                    .add("id", String.format("r%04d", i))
                    .add("kind", i % 3 == 0 ? "decision" : "bugfix")
                    .add("title", "Why " + words[i % words.length] + " uses " + words[(i + 5) % words.length])
                    .add("snippet", snippet.toString())
                    .add("score", 1.0 - i / 1000.0)
                    .add("created_at", String.format("2026-%02d-%02dT10:00:00Z", 1 + i % 12, 1 + i % 28)));
        }
        return rows.build();
    }

    /** Deep, irregular nesting: indentation and repeated headers where JSON needs only braces. */
    private static JsonValue irregular() {
        return json("{\"a\":{\"b\":{\"c\":{\"d\":[{\"e\":1},{\"f\":[{\"g\":{\"h\":2}}]},[{\"i\":3}]]}}},"
                + "\"j\":[[[[1]]],{\"k\":{\"l\":{}}}]}");
    }

    private static List<JsonValue> payloads() {
        return List.of(searchResults(30), irregular(), json("{\"id\":\"r0001\",\"tags\":[\"a\",\"b\"]}"),
                json("[1,2,3]"), json("{}"), json("[]"), json("[{\"a\":{\"b\":[1,{\"c\":2}]}},\"x\"]"));
    }

    @Test
    void choosesTheCheaperOfToonAndCompactJson() {
        for (JsonValue payload : payloads()) {
            EncodedResponse chosen = encoder.encode(payload);
            TokenCount toonCost = COUNTER.count(toon.encode(payload));
            TokenCount jsonCost = COUNTER.count(encoder.compactJson(payload));
            assertEquals(COUNTER.count(chosen.text()), chosen.tokens(), "reported count is the text's");
            assertEquals(Math.min(toonCost.o200k(), jsonCost.o200k()), chosen.tokens().o200k(), payload::toString);
            String expectedText = chosen.format() == ResponseFormat.TOON
                    ? toon.encode(payload) : encoder.compactJson(payload);
            assertEquals(expectedText, chosen.text());
        }
    }

    @Test
    void uniformRowsGoAsToonAndDeepIrregularNestingAsJson() {
        EncodedResponse table = encoder.encode(searchResults(30));
        assertEquals(ResponseFormat.TOON, table.format());
        assertTrue(table.text().startsWith("[30]{id,kind,title,snippet,score,created_at}:"), table.text());
        assertTrue(table.tokens().o200k() < COUNTER.count(encoder.compactJson(searchResults(30))).o200k());

        EncodedResponse nested = encoder.encode(irregular());
        assertEquals(ResponseFormat.JSON, nested.format(), () -> "TOON:\n" + toon.encode(irregular()));
        assertTrue(nested.tokens().o200k() < COUNTER.count(toon.encode(irregular())).o200k());
    }

    @Test
    void compactJsonIsOneLineAndRoundTrips() {
        for (JsonValue payload : payloads()) {
            String text = encoder.compactJson(payload);
            assertFalse(text.contains("\n") || text.contains(": ") || text.contains(", "), text);
            assertEquals(payload, json(text));
        }
        assertEquals("{\"t\":\"Grüße 👋\"}", encoder.compactJson(json("{\"t\":\"Grüße 👋\"}")));
    }

    @Test
    void scalarsGoAsPlainText() {
        assertPlain("Deleted 3 items: \"a\", \"b\"", Json.createValue("Deleted 3 items: \"a\", \"b\""));
        assertPlain("", Json.createValue(""));
        assertPlain("1.5", json("1.50"));
        assertPlain("0.000001", json("1e-6"));
        assertPlain("true", JsonValue.TRUE);
        assertPlain("false", JsonValue.FALSE);
        assertPlain("null", JsonValue.NULL);
        assertThrows(IllegalArgumentException.class, () -> encoder.encode(null));
    }

    private void assertPlain(String expected, JsonValue value) {
        EncodedResponse response = encoder.encode(value);
        assertEquals(ResponseFormat.TEXT, response.format());
        assertEquals(expected, response.text());
        assertEquals(COUNTER.count(expected), response.tokens());
    }
}
