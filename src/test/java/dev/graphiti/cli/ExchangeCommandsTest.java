package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * `graphiti import` and `graphiti export` through the CLI entry point on real repositories and database files: the
 * reference memory server's own test data there and back, re-imports, malformed input, redaction, Markdown notes.
 */
class ExchangeCommandsTest extends InRepositoryTest {

    private static String fixture(String name) throws IOException {
        try (InputStream in = ExchangeCommandsTest.class.getResourceAsStream("/exchange/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private Path write(String name, String text) throws IOException {
        Path file = tmp.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private JsonObject ok(String... args) {
        CliHarness.Result result = cli.run(repo, args);
        assertEquals(0, result.code(), result::toString);
        return result.object();
    }

    private List<JsonObject> listed(String... scope) {
        String[] args = new String[scope.length + 5];
        System.arraycopy(new String[] {"list", "--limit", "1000", "--format", "json"}, 0, args, 0, 5);
        System.arraycopy(scope, 0, args, 5, scope.length);
        CliHarness.Result result = cli.run(repo, args);
        assertEquals(0, result.code(), result::toString);
        return result.array().getValuesAs(JsonObject.class);
    }

    @Test
    void theReferenceServersOwnTestGraphsComeBackByteForByte() throws Exception {
        for (String name : List.of("search-nodes.jsonl", "open-nodes.jsonl")) {
            CliHarness own = new CliHarness(tmp.resolve("home-" + name));
            Path memory = write(name, fixture(name));
            CliHarness.Result imported = own.run(repo, "import", memory.toString(), "--format", "json", "-g");
            assertEquals(0, imported.code(), imported::toString);
            assertEquals("memory", imported.object().getString("format"), name);
            Path back = tmp.resolve("back-" + name);
            CliHarness.Result exported = own.run(repo, "export", back.toString(), "--as", "memory", "--format", "json", "-g");
            assertEquals(0, exported.code(), exported::toString);
            assertEquals(fixture(name), Files.readString(back), name);
            assertEquals(fixture(name).split("\n").length, exported.object().getInt("written"));
        }
    }

    @Test
    void graphitisOwnItemsGoToTheMemoryFormatAndComeBackUnderTheirIds() throws Exception {
        String decision = cli.add(repo, "-k", "decision", "We chose SQLite over a server database, see src/main/java/Store.java")
                .getString("id");
        Path memory = write("memory.jsonl", fixture("search-nodes.jsonl"));
        ok("import", memory.toString(), "--format", "json");
        Path out = tmp.resolve("out.jsonl");
        ok("export", out.toString(), "--as", "memory", "--format", "json");
        String exported = Files.readString(out);
        assertTrue(exported.contains("\"name\":\"We chose SQLite over a server database, see src/main/java/Store.java ("
                + decision + ")\",\"entityType\":\"decision\""), exported);
        assertTrue(exported.contains("\"to\":\"src/main/java/Store.java\",\"relationType\":\"mentions\""), exported);

        JsonObject again = ok("import", out.toString(), "--format", "json");
        assertEquals(0, again.getInt("stored"), again::toString);

        CliHarness elsewhere = new CliHarness(tmp.resolve("elsewhere"));
        CliHarness.Result imported = elsewhere.run(repo, "import", out.toString(), "-g");
        assertEquals(0, imported.code(), imported::toString);
        CliHarness.Result shown = elsewhere.run(repo, "show", decision, "-g", "--format", "json");
        assertEquals(0, shown.code(), shown::toString);
        assertEquals("decision", shown.object().getString("kind"));
        Path back = tmp.resolve("back.jsonl");
        assertEquals(0, elsewhere.run(repo, "export", back.toString(), "--as", "memory", "-g").code());
        assertEquals(exported, Files.readString(back));
    }

    @Test
    void importedMemoryIsSearchableAndItsEntitiesRelateItsItems() throws Exception {
        Path memory = write("memory.jsonl", fixture("search-nodes.jsonl"));
        JsonObject imported = ok("import", memory.toString(), "--format", "json");
        // 4 observations and 2 relations
        assertEquals(6, imported.getInt("read"));
        assertEquals(6, imported.getInt("stored"));
        CliHarness.Result search = cli.run(repo, "search", "where does Bob work", "--format", "json");
        assertEquals(0, search.code(), search::toString);
        assertEquals("Bob: works at TechCo", search.array().getJsonObject(0).getString("title"));
        String alice = listed().stream().filter(item -> item.getString("title").equals("Alice: works at Acme Corp"))
                .findFirst().orElseThrow().getString("id");
        JsonObject shown = ok("show", alice, "--format", "json");
        assertTrue(shown.toString().contains("Relation: Alice works_at Acme Corp"), shown::toString);
    }

    @Test
    void importingTheSameFileAgainAddsNothing() throws Exception {
        Path memory = write("memory.jsonl", fixture("search-nodes.jsonl"));
        ok("import", memory.toString(), "--format", "json");
        JsonObject again = ok("import", memory.toString(), "--format", "json");
        assertEquals(0, again.getInt("stored"));
        assertEquals(6, again.getInt("duplicates"));
        assertEquals(6, listed().size());
    }

    @Test
    void aMalformedLineIsNamedAndWhatCameBeforeItStaysImported() throws Exception {
        String good = fixture("search-nodes.jsonl");
        String[] lines = good.split("\n");
        Path memory = write("memory.jsonl", lines[0] + "\n" + lines[1] + "\n{\"type\":\"entity\",\"name\":\"Carol\"\n" + lines[2]);
        CliHarness.Result failed = cli.run(repo, "import", memory.toString());
        assertEquals(1, failed.code(), failed::toString);
        assertTrue(failed.err().contains(memory + " line 3: is not JSON"), failed.err());
        assertTrue(failed.err().contains("the 3 items before it are imported"), failed.err());
        assertEquals(3, listed().size());

        write("memory.jsonl", good);
        JsonObject fixed = ok("import", memory.toString(), "--format", "json");
        assertEquals(3, fixed.getInt("stored"));
        assertEquals(3, fixed.getInt("duplicates"));
        assertEquals(6, listed().size());
    }

    @Test
    void secretsAreRedactedOnImport() throws Exception {
        Path memory = write("memory.jsonl", "{\"type\":\"entity\",\"name\":\"staging\",\"entityType\":\"server\","
                + "\"observations\":[\"Set DB_PASSWORD=Xk29sQpLmW7vTz4R in config/app.properties\"]}\n");
        JsonObject imported = ok("import", memory.toString(), "--format", "json");
        assertTrue(imported.getInt("redactions") >= 1, imported::toString);
        Path json = write("graph.jsonl", "{\"graphiti\":\"items\",\"version\":1}\n{\"id\":\"abcdefgh\",\"kind\":\"note\","
                + "\"title\":\"token\",\"content\":\"the deploy token is ghp_8fK2mQ9xLp4vN7sT1wZ3yB6cD0eH5jR2aU9k\","
                + "\"created_at\":\"2026-01-01T00:00:00Z\"}\n");
        ok("import", json.toString(), "--format", "json");
        // a key file's path in an item's anchors and in why it ended
        String key = "sk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc" + "Xy8Kq2Lm";
        Path ended = write("ended.jsonl", "{\"graphiti\":\"items\",\"version\":1}\n{\"id\":\"bcdefghi\",\"kind\":\"commit\","
                + "\"title\":\"Add the partner's key file\",\"content\":\"The file name is what the partner gave us.\","
                + "\"created_at\":\"2026-01-01T00:00:00Z\",\"valid_until\":\"2026-02-01T00:00:00Z\","
                + "\"ended_by\":\"1a2b3c4d5e6f\",\"ended_why\":\"file deleted: keys/" + key + ".txt\","
                + "\"anchors\":[{\"kind\":\"file\",\"value\":\"keys/" + key + ".txt\",\"origin\":\"changed\"},"
                + "{\"kind\":\"file\",\"value\":\"notes/" + key + ".md\",\"origin\":\"given\"}]}\n");
        assertEquals(3, ok("import", ended.toString(), "--format", "json").getInt("redactions"));
        Path out = tmp.resolve("all.jsonl");
        ok("export", out.toString(), "--format", "json");
        String exported = Files.readString(out);
        assertFalse(exported.contains(key.substring(0, 12)), exported);
        assertTrue(exported.contains("notes/[REDACTED:stripe_key].md"), exported);
        assertFalse(exported.contains("Xk29sQpLmW7vTz4R"), exported);
        assertFalse(exported.contains("ghp_8fK2mQ9xLp4vN7sT1wZ3yB6cD0eH5jR2aU9k"), exported);
        assertTrue(exported.contains("[REDACTED:"), exported);
    }

    @Test
    void markdownNotesWrittenByHandAreImportedAndABrokenOneIsNamed() throws Exception {
        Path vault = Files.createDirectories(tmp.resolve("vault"));
        Files.createDirectories(vault.resolve(".obsidian"));
        Files.writeString(vault.resolve(".obsidian/workspace.md"), "not a note");
        Files.writeString(vault.resolve("Retry on busy.md"), "Writes retry with backoff while another process holds the lock.\n");
        Files.writeString(vault.resolve("Storage.md"), "---\ntitle: 'Storage: SQLite'\nkind: decision\ntags: [db, \"storage\"]\n"
                + "created: 2025-12-24\naliases:\n  - store\n---\nWe keep one SQLite file per project.\n");
        Files.writeString(vault.resolve("empty.md"), "---\ntitle: nothing\n---\n");
        JsonObject imported = ok("import", vault.toString(), "--format", "json");
        assertEquals("markdown", imported.getString("format"));
        assertEquals(2, imported.getInt("stored"), imported::toString);
        assertEquals(1, imported.getInt("skipped"));
        List<JsonObject> items = listed();
        JsonObject storage = items.stream().filter(i -> i.getString("title").equals("Storage: SQLite")).findFirst().orElseThrow();
        assertEquals("decision", storage.getString("kind"));
        assertEquals("2025-12-24T00:00:00Z", storage.getString("created_at"));
        assertEquals(List.of("db", "storage"), storage.getJsonArray("tags").getValuesAs(jakarta.json.JsonString::getString));
        assertTrue(items.stream().anyMatch(i -> i.getString("title").equals("Retry on busy")), items::toString);

        Files.writeString(vault.resolve("Zebra.md"), "---\nkind: decision\ntitle: \"never closed\n---\nbody\n");
        CliHarness.Result failed = cli.run(repo, "import", vault.toString());
        assertEquals(1, failed.code(), failed::toString);
        assertTrue(failed.err().contains(vault.resolve("Zebra.md") + " line 3: a \"quoted\" value is never closed"), failed.err());
    }
}
