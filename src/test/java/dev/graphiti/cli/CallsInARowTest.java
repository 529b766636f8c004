package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One {@link Cli} answering call after call on one thread, as the in-process runner and the hook socket use it: no
 * option, word, output stream or answer taker of one call reaches the next.
 */
class CallsInARowTest extends InRepositoryTest {

    private Cli shared;
    private final List<List<Answer>> answered = new ArrayList<>();

    @BeforeEach
    void oneCli() {
        shared = new Cli(CliEnvironment.embedded(cli.variables()));
        cli.add(repo, "-k", "decision", "-t", "db", "--title", "Storage engine", "ledger storage uses postgres");
        cli.add(repo, "-k", "note", "--title", "Replica lag", "ledger replicas lag behind postgres");
    }

    private CliHarness.Result call(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        List<Answer> answers = new ArrayList<>();
        answered.add(answers);
        int code = shared.run(List.of(args), repo, new ByteArrayInputStream(new byte[0]), new PrintWriter(out),
                new PrintWriter(err), answers::add);
        return new CliHarness.Result(code, out.toString(), err.toString());
    }

    private static List<String> titles(JsonArray rows) {
        return rows.getValuesAs(JsonObject.class).stream().map(row -> row.getString("title")).toList();
    }

    private JsonArray answeredRows() {
        List<Answer> last = answered.get(answered.size() - 1);
        assertEquals(1, last.size(), "one answer to the last call: " + answered);
        return last.get(0).json().asJsonArray();
    }

    @Test
    void aFilterOfOneSearchIsNotKeptForTheNext() {
        assertEquals(0, call("search", "ledger", "--kind", "decision", "--format", "json").code());
        assertEquals(List.of("Storage engine"), titles(answeredRows()));
        assertEquals(0, call("search", "ledger", "--format", "json").code());
        assertEquals(List.of("Storage engine", "Replica lag"), titles(answeredRows()));
    }

    @Test
    void aLimitOfOneListIsNotKeptForTheNext() {
        assertEquals(0, call("list", "--limit", "1", "--format", "json").code());
        assertEquals(1, answeredRows().size());
        assertEquals(0, call("list", "--format", "json").code());
        assertEquals(2, answeredRows().size());
    }

    @Test
    void aFailingCallLeavesTheNextItsOwnOptionsAndStreams() {
        CliHarness.Result failed = call("list", "--limit", "0", "--kind", "decision", "--format", "json");
        assertEquals(2, failed.code(), failed::toString);
        assertTrue(failed.err().contains("--limit must be between 1 and 10000"), failed::toString);
        CliHarness.Result good = call("list");
        assertEquals(0, good.code(), good::toString);
        // Text this time (the global --format is back at its default), both kinds, on this call's own stdout.
        assertTrue(good.out().contains("Storage engine") && good.out().contains("Replica lag"), good::toString);
        assertEquals("", good.err(), good::toString);
        assertEquals(List.of(), answered.get(1), "a text call hands no value on");
    }

    @Test
    void theWordsTagsAndGraphOfOneAddAreNotKeptForTheNext() {
        assertEquals(0, call("add", "-g", "-t", "ops", "--title", "First", "kept in the global graph", "--format",
                "json").code());
        assertEquals(0, call("add", "kept in the project graph", "--format", "json").code());
        JsonObject second = answered.get(1).get(0).json().asJsonObject();
        assertEquals("project", second.getString("scope"), second::toString);
        assertEquals(List.of(), second.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class), second::toString);
        assertEquals(0, call("show", second.getString("id"), "--format", "json").code());
        JsonObject shown = answered.get(2).get(0).json().asJsonObject();
        assertEquals("kept in the project graph", shown.getString("content"), shown::toString);
        assertTrue(!shown.containsKey("title") || !"First".equals(shown.getString("title", "")), shown::toString);
    }
}
