package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** add, list, show and delete through the CLI entry point on a real repository and database file. */
class ItemCommandsTest extends InRepositoryTest {

    JsonObject add(String... args) {
        return cli.add(repo, args);
    }

    @Test
    void addPrintsTheStoredItemAsJsonWithEntitiesAndNoDuplicate() {
        JsonObject item = add("--kind", "decision", "--title", "Storage engine", "-t", "db", "-t", "Storage,perf",
                "--source", "mcp", "We store items in SQLite through org.xerial:sqlite-jdbc; see src/main/java/Store.java and ItemRepository");
        assertEquals(8, item.getString("id").length());
        assertEquals("decision", item.getString("kind"));
        assertEquals("Storage engine", item.getString("title"));
        assertEquals("project", item.getString("scope"));
        assertEquals("mcp", item.getString("source"));
        assertEquals(List.of("db", "storage", "perf"), item.getJsonArray("tags").getValuesAs(JsonString::getString));
        assertEquals(0, item.getInt("redactions"));
        assertEquals(JsonValue.NULL, item.get("duplicate_of"));
        assertEquals(JsonValue.NULL, item.get("superseded_by"));
        List<String> entities = item.getJsonArray("entities").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("type") + ":" + e.getString("name")).toList();
        assertTrue(entities.contains("file:src/main/java/Store.java"), entities::toString);
        assertTrue(entities.contains("identifier:ItemRepository"), entities::toString);
        assertTrue(entities.contains("library:org.xerial:sqlite-jdbc"), entities::toString);
        assertTrue(item.getString("created_at").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"));
    }

    @Test
    void aRedactionPlaceholderIsNoEntity() {
        JsonObject item = add("Set DB_PASSWORD=Xk29sQpLmW7vTz4R in config/app.properties before starting OrderService");
        assertTrue(item.getInt("redactions") >= 1, item.toString());
        assertTrue(item.getString("content").contains("[REDACTED:"), item.getString("content"));
        List<String> entities = item.getJsonArray("entities").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("name")).toList();
        assertTrue(entities.contains("config/app.properties"), entities::toString);
        assertTrue(entities.contains("OrderService"), entities::toString);
        assertTrue(entities.stream().noneMatch(name -> item.getString("content").contains(":" + name + "]")), entities::toString);
    }

    @Test
    void addInTextModeReadsStandardInputAndTitlesFromTheFirstLine() {
        CliHarness.Result result = cli.runWithStdin(repo, "# Retry on busy\nWrites retry with backoff.\n", "add", "-k", "pattern");
        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("added "), result.out());
        assertTrue(result.out().contains("(pattern) Retry on busy"), result.out());
        CliHarness.Result quiet = cli.runWithStdin(repo, "another note", "add", "-q");
        assertTrue(quiet.out().strip().matches("[0-9a-z]{8}"), quiet.out());
    }

    @Test
    void exactAndNearExactRepeatsReturnTheExistingItem() {
        JsonObject first = add("Always run the linter before pushing.");
        JsonObject exact = add("Always run the linter before pushing.");
        JsonObject near = add("always run the LINTER, before   pushing!");
        assertEquals(first.getString("id"), exact.getString("duplicate_of"));
        assertEquals(first.getString("id"), near.getString("duplicate_of"));
        assertEquals(first.getString("id"), near.getString("id"));
        CliHarness.Result text = cli.run(repo, "add", "Always run the linter before pushing.");
        assertTrue(text.out().startsWith("already stored as " + first.getString("id")), text.out());
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
    }

    @Test
    void listIsNewestFirstWithFiltersAndEmptyJsonArray() throws Exception {
        assertEquals("[]", cli.run(repo, "list", "--format", "json").out().strip());
        add("-k", "decision", "-t", "api", "first decision about the api");
        Thread.sleep(5);
        add("-k", "note", "-t", "ui", "a note on the ui");
        Thread.sleep(5);
        add("-k", "bugfix", "-t", "api", "fixed the api timeout");
        var all = cli.run(repo, "list", "--format", "json").array();
        assertEquals(List.of("fixed the api timeout", "a note on the ui", "first decision about the api"),
                all.getValuesAs(JsonObject.class).stream().map(o -> o.getString("title")).toList());
        assertEquals(List.of("id", "kind", "title", "tags", "created_at", "scope", "source", "stale"),
                List.copyOf(all.getJsonObject(0).keySet()));
        assertEquals(2, cli.run(repo, "list", "--tag", "api", "--format", "json").array().size());
        assertEquals(1, cli.run(repo, "list", "--kind", "decision", "--format", "json").array().size());
        assertEquals(2, cli.run(repo, "list", "--kind", "decision,bugfix", "--format", "json").array().size());
        assertEquals(1, cli.run(repo, "list", "-l", "1", "--format", "json").array().size());
        assertEquals(3, cli.run(repo, "list", "--since", "1h", "--format", "json").array().size());
        assertEquals(0, cli.run(repo, "list", "--since", "2999-01-01", "--format", "json").array().size());
        assertEquals(0, cli.run(repo, "list", "--before", "2000-01-01", "--format", "json").array().size());
        CliHarness.Result text = cli.run(repo, "list");
        assertEquals(3, text.out().lines().count(), text.out());
        assertTrue(text.out().lines().allMatch(line -> line.contains("just now")), text.out());
        int titleColumn = text.out().lines().findFirst().orElseThrow().indexOf("fixed");
        assertTrue(text.out().lines().skip(1).allMatch(line -> line.indexOf("  a note") == titleColumn - 2
                || line.indexOf("first decision") == titleColumn), "titles aligned:\n" + text.out());
        assertEquals(2, cli.run(repo, "list", "--since", "yesterday").code());
    }

    @Test
    void showFindsByIdPrefixOrTitleAndListsCandidatesWhenAmbiguous() {
        JsonObject cache = add("--title", "Cache layer", "We cache parsed ASTs in memory");
        add("--title", "Cache eviction", "Evict the LRU entry when full");
        String id = cache.getString("id");
        CliHarness.Result byPrefix = cli.run(repo, "show", id.substring(0, 5), "--format", "json");
        assertEquals(0, byPrefix.code(), byPrefix::toString);
        assertEquals(id, byPrefix.object().getString("id"));
        assertEquals("We cache parsed ASTs in memory", byPrefix.object().getString("content"));
        assertEquals(id, cli.run(repo, "show", "cache", "layer", "--format", "json").object().getString("id"));
        CliHarness.Result ambiguous = cli.run(repo, "show", "cache", "--format", "json");
        assertEquals(1, ambiguous.code());
        assertEquals("", ambiguous.out());
        assertTrue(ambiguous.err().contains("matches 2 items"), ambiguous.err());
        assertTrue(ambiguous.err().contains(id), ambiguous.err());
        CliHarness.Result missing = cli.run(repo, "show", "nothing-like-this");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no item matches"), missing.err());
        CliHarness.Result tooShort = cli.run(repo, "show", id.substring(0, 3));
        assertEquals(1, tooShort.code());
        assertTrue(tooShort.err().contains("at least 4 characters"), "says why a short prefix finds nothing: " + tooShort.err());
        CliHarness.Result text = cli.run(repo, "show", id);
        assertTrue(text.out().contains("Cache layer") && text.out().contains("We cache parsed ASTs in memory"), text.out());
    }

    @Test
    void supersededItemsLeaveDefaultSearchAndListButStayReadable() {
        JsonObject old = add("-k", "decision", "Deploy with Heroku dynos");
        JsonObject replacement = add("-k", "decision", "--supersedes", old.getString("id"), "Deploy with Kubernetes instead of dynos");
        assertEquals(old.getString("id"), replacement.getString("supersedes"));
        JsonObject shownOld = cli.run(repo, "show", old.getString("id"), "--format", "json").object();
        assertEquals(replacement.getString("id"), shownOld.getString("superseded_by"));
        assertNotEquals(JsonValue.NULL, shownOld.get("valid_until"));
        assertEquals(List.of(old.getString("id"), replacement.getString("id")),
                shownOld.getJsonArray("chain").getValuesAs(JsonObject.class).stream().map(o -> o.getString("id")).toList());
        var search = cli.run(repo, "search", "deploy", "dynos", "--format", "json").array();
        assertEquals(List.of(replacement.getString("id")),
                search.getValuesAs(JsonObject.class).stream().map(o -> o.getString("id")).toList());
        assertEquals(2, cli.run(repo, "search", "dynos", "--all", "--format", "json").array().size());
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
        assertEquals(2, cli.run(repo, "list", "--all", "--format", "json").array().size());
        CliHarness.Result again = cli.run(repo, "add", "--supersedes", old.getString("id"), "a third way");
        assertEquals(1, again.code());
        assertTrue(again.err().contains("already superseded by " + replacement.getString("id")), again.err());
        assertTrue(cli.run(repo, "show", old.getString("id")).out().contains("superseded by " + replacement.getString("id")));
    }

    /** Issue 13: "replace X with this" where this is already stored used to answer duplicate_of and leave X current. */
    @Test
    void supersedingWithContentAlreadyStoredMakesTheStoredItemTheReplacement() {
        JsonObject old = add("-k", "decision", "Deploy with Heroku dynos");
        JsonObject stored = add("-k", "decision", "Deploy with Kubernetes on our own nodes");
        JsonObject again = add("-k", "decision", "--supersedes", old.getString("id"), "Deploy with Kubernetes on our own nodes");
        assertEquals(stored.getString("id"), again.getString("id"));
        assertEquals(stored.getString("id"), again.getString("duplicate_of"));
        assertEquals(old.getString("id"), again.getString("superseded"));
        assertEquals(old.getString("id"), again.getString("supersedes"));
        JsonObject shownOld = cli.run(repo, "show", old.getString("id"), "--format", "json").object();
        assertEquals(stored.getString("id"), shownOld.getString("superseded_by"));
        assertEquals(List.of(stored.getString("id")), cli.run(repo, "list", "--format", "json").array()
                .getValuesAs(JsonObject.class).stream().map(o -> o.getString("id")).toList());

        JsonObject retried = add("-k", "decision", "--supersedes", old.getString("id"), "Deploy with Kubernetes on our own nodes");
        assertEquals(stored.getString("id"), retried.getString("duplicate_of"), "a retry answers as the first call did");

        CliHarness.Result itself = cli.run(repo, "add", "-k", "decision", "--supersedes", stored.getString("id"),
                "Deploy with Kubernetes on our own nodes");
        assertEquals(1, itself.code(), itself::toString);
        assertTrue(itself.err().contains("repeats item " + stored.getString("id") + " itself"), itself.err());
        assertEquals(JsonValue.NULL, cli.run(repo, "show", stored.getString("id"), "--format", "json").object()
                .get("superseded_by"), "the item stays current");
    }

    @Test
    void deleteRemovesByIdReinstatesWhatItSupersededAndRefusesUnknownIds() {
        JsonObject keep = add("keep this one");
        JsonObject old = add("old approach");
        JsonObject newer = add("--supersedes", old.getString("id"), "new approach");
        CliHarness.Result unknown = cli.run(repo, "delete", newer.getString("id"), "zzzzzzzz");
        assertEquals(1, unknown.code());
        assertEquals(3, cli.run(repo, "list", "--all", "--format", "json").array().size());
        CliHarness.Result deleted = cli.run(repo, "delete", newer.getString("id"), "--format", "json");
        assertEquals(0, deleted.code(), deleted::toString);
        assertEquals(1, deleted.object().getInt("deleted"));
        assertEquals(List.of(newer.getString("id")), deleted.object().getJsonArray("ids").getValuesAs(JsonString::getString));
        JsonObject reinstated = cli.run(repo, "show", old.getString("id"), "--format", "json").object();
        assertEquals(JsonValue.NULL, reinstated.get("superseded_by"));
        CliHarness.Result text = cli.run(repo, "delete", keep.getString("id").substring(0, 6));
        assertEquals("deleted 1 item: " + keep.getString("id"), text.out().strip());
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
        assertEquals(2, cli.run(repo, "delete").code());
    }

    @Test
    void globalOptionsWorkBeforeAndAfterTheSubcommand() {
        add("placed option test");
        assertEquals(1, cli.run(repo, "--format", "json", "list").array().size());
        assertEquals(1, cli.run(repo, "list", "--format=json").array().size());
        CliHarness.Result version = cli.run(repo, "--version");
        assertEquals(0, version.code());
        assertTrue(version.out().startsWith("graphiti "), version.out());
        assertFalse(cli.run(repo, "--format", "yaml", "list").code() == 0);
    }
}
