package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.toon.ResponseEncoder;
import dev.graphiti.toon.TokenCounter;
import dev.graphiti.toon.ToonEncoder;
import jakarta.json.Json;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ResultRendererTest {

    static final TokenCounter COUNTER = new TokenCounter();
    static final ResponseEncoder ENCODER = new ResponseEncoder(new ToonEncoder(), COUNTER);

    static CliOutcome exited(int code, String stdout, String stderr) {
        return new CliOutcome(code, stdout, stderr, CliOutcome.Ending.EXITED, false);
    }

    static String rows(int count) {
        var array = Json.createArrayBuilder();
        for (int i = 0; i < count; i++) {
            array.add(Json.createObjectBuilder().add("id", "id" + i).add("kind", "decision")
                    .add("title", "Decision number " + i + " about the storage layer and its cache")
                    .add("created_at", "2026-01-" + String.format("%02d", 28 - i % 28) + "T10:00:00Z"));
        }
        return array.build().toString();
    }

    static String text(ToolResult result, int block) {
        return result.content().get(block).json().getString("text");
    }

    @Test
    void aFailingCommandIsAnErrorResultWithTheCliMessage() {
        var renderer = new ResultRenderer(ENCODER, 4096);
        ToolResult result = renderer.render("show", exited(1, "", "graphiti: no item matches 'x'\n"), ResultShape.OBJECT);
        assertTrue(result.isError());
        assertEquals("graphiti: no item matches 'x'", text(result, 0));

        ToolResult timeout = renderer.render("index", CliOutcome.notFinished(CliOutcome.Ending.TIMED_OUT, "stopped after 60 s",
                "", ""), ResultShape.OBJECT);
        assertTrue(timeout.isError());
        assertTrue(text(timeout, 0).contains("did not finish in time"), text(timeout, 0));
    }

    @Test
    void outputThatIsNotJsonIsAnError() {
        ToolResult result = new ResultRenderer(ENCODER, 4096).render("list", exited(0, "Usage: graphiti", ""),
                ResultShape.NEWEST_ROWS);
        assertTrue(result.isError());
        assertTrue(text(result, 0).contains("not JSON"));
    }

    @Test
    void objectsAreStructuredAndSentInTheCheaperForm() {
        String json = "{\"id\":\"abc\",\"kind\":\"decision\",\"title\":\"Use WAL\",\"tags\":[\"a\",\"b\"]}";
        ToolResult result = new ResultRenderer(ENCODER, 4096).render("add", exited(0, json, ""), ResultShape.OBJECT);
        assertFalse(result.isError());
        assertEquals("abc", result.structuredContent().orElseThrow().getString("id"));
        assertEquals("id: abc\nkind: decision\ntitle: Use WAL\ntags[2]: a,b", text(result, 0));
    }

    @Test
    void rowListsOverTheBudgetLoseTheirLastRowsAndSaySo() {
        var renderer = new ResultRenderer(ENCODER, 300);
        ToolResult result = renderer.render("list", exited(0, rows(40), ""), ResultShape.NEWEST_ROWS);
        assertFalse(result.isError());
        assertEquals(2, result.content().size());
        Matcher header = Pattern.compile("^\\[(\\d+)\\]").matcher(text(result, 0));
        assertTrue(header.find(), text(result, 0));
        int kept = Integer.parseInt(header.group(1));
        assertTrue(kept > 0 && kept < 40, "kept " + kept);
        assertEquals(kept, text(result, 0).split("\n").length - 1, "the [N] header counts the rows sent");
        assertTrue(COUNTER.count(text(result, 0)).claude() <= 300);
        String note = text(result, 1);
        assertTrue(note.startsWith("showing " + kept + " of 40 rows"), note);
        assertTrue(note.contains("before="), note);
    }

    @Test
    void tagListsAreJoinedSoRowsFormOneTable() {
        String json = "[{\"id\":\"a\",\"tags\":[\"db\",\"wal\"]},{\"id\":\"b\",\"tags\":[]}]";
        ToolResult result = new ResultRenderer(ENCODER, 4096).render("search", exited(0, json, ""), ResultShape.RANKED_ROWS);
        assertEquals("[2]{id,tags}:\n  a,\"db,wal\"\n  b,\"\"", text(result, 0));
    }

    @Test
    void rankedRowsSayHowToNarrow() {
        ToolResult result = new ResultRenderer(ENCODER, 300).render("search", exited(0, rows(40), ""),
                ResultShape.RANKED_ROWS);
        assertTrue(text(result, 1).contains("narrow the query"), text(result, 1));
        assertTrue(text(result, 0).contains("id0"), "the best rows stay");
    }

    @Test
    void smallListsAreWholeAndEmptyOnesSayNothingFound() {
        var renderer = new ResultRenderer(ENCODER, 4096);
        assertEquals(1, renderer.render("list", exited(0, rows(3), ""), ResultShape.NEWEST_ROWS).content().size());
        assertEquals("nothing found", text(renderer.render("search", exited(0, "[]", ""), ResultShape.RANKED_ROWS), 0));
    }
}
