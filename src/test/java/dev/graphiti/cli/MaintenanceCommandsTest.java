package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** summarize, compact, health and context through the CLI on a real database file. */
class MaintenanceCommandsTest extends InRepositoryTest {

    private JsonObject add(String... args) {
        return cli.add(repo, args);
    }

    @Test
    void summarizeCountsKindsEntitiesAndLatestDecisions() {
        add("-k", "decision", "Use picocli for the CLI in src/main/java/Cli.java");
        add("-k", "decision", "Store items in SQLite with WAL");
        add("-k", "bugfix", "SQLite busy errors came from read-then-write upgrades");
        add("-k", "note", "The picocli help is generated");
        CliHarness.Result json = cli.run(repo, "summarize", "--format", "json");
        assertEquals(0, json.code(), json::toString);
        JsonObject summary = json.object();
        assertEquals(List.of("scope", "topic", "item_count", "by_kind", "summary", "top_entities", "recent_decisions"),
                List.copyOf(summary.keySet()));
        assertEquals(4, summary.getInt("item_count"));
        assertEquals(JsonValue.NULL, summary.get("topic"));
        assertEquals(2, summary.getJsonObject("by_kind").getInt("decision"));
        assertEquals("Store items in SQLite with WAL", summary.getJsonArray("recent_decisions").getJsonObject(0).getString("title"));
        List<String> entities = summary.getJsonArray("top_entities").getValuesAs(JsonObject.class).stream()
                .map(o -> o.getString("name")).toList();
        assertTrue(entities.subList(0, 2).containsAll(List.of("picocli", "sqlite")), entities::toString);
        String kafka = add("-k", "decision", "Queue events through Kafka").getString("id");
        assertTrue(cli.run(repo, "summarize", "--format", "json").out().contains("\"kafka\""));
        add("-k", "decision", "--supersedes", kafka, "Queue events in the database table");
        assertTrue(!cli.run(repo, "summarize", "--format", "json").out().contains("\"kafka\""), "superseded items' entities leave the counts");
        assertTrue(summary.getString("summary").startsWith("The graph holds 4 items: 2 decisions, 1 bugfix, 1 note."),
                summary.getString("summary"));
        JsonObject topic = cli.run(repo, "summarize", "sqlite", "--format", "json").object();
        assertEquals("sqlite", topic.getString("topic"));
        assertEquals(2, topic.getInt("item_count"));
        CliHarness.Result text = cli.run(repo, "summarize");
        assertTrue(text.out().contains("Latest decisions:") && text.out().contains("Top entities:"), text.out());
        CliHarness.Result empty = cli.run(repo, "-g", "summarize", "--format", "json");
        assertEquals(0, empty.object().getInt("item_count"));
    }

    @Test
    void compactMergesNearDuplicatesAndCollapsesChainsKeepingProvenance() {
        JsonObject first = add("-k", "pattern", "--title", "Cache policy", "-t", "cache",
                "cache parsed files in memory and evict the least recently used entry first");
        JsonObject second = add("-k", "pattern", "--title", "Cache policy", "-t", "perf",
                "cache parsed files in memory and evict the least recently used entry first when memory is tight");
        assertEquals(JsonValue.NULL, second.get("duplicate_of"), "different enough for add, close enough for compact");
        JsonObject a = add("-k", "decision", "deploy by copying jars to the server");
        JsonObject b = add("-k", "decision", "--supersedes", a.getString("id"), "deploy with docker images");
        JsonObject c = add("-k", "decision", "--supersedes", b.getString("id"), "deploy with helm charts on kubernetes");

        JsonObject dryRun = cli.run(repo, "compact", "--dry-run", "--format", "json").object();
        assertEquals(List.of("dry_run", "merged", "superseded", "removed", "bytes_before", "bytes_after"),
                List.copyOf(dryRun.keySet()));
        assertEquals(1, dryRun.getInt("merged"));
        assertEquals(2, dryRun.getInt("superseded"));
        assertEquals(3, dryRun.getInt("removed"));
        assertEquals(5, cli.run(repo, "list", "--all", "--format", "json").array().size(), "a dry run changes nothing");

        CliHarness.Result compact = cli.run(repo, "compact", "--format", "json", "--json-progress");
        assertEquals(0, compact.code(), compact::toString);
        assertEquals(3, compact.object().getInt("removed"));
        List<String> progress = compact.err().lines().toList();
        assertEquals("{\"progress\":0,\"total\":3,\"unit\":\"items\"}", progress.get(0), compact::err);
        assertEquals("{\"progress\":3,\"total\":3,\"unit\":\"items\"}", progress.get(progress.size() - 1), compact::err);
        assertTrue(compact.object().getJsonNumber("bytes_after").longValue() > 0);
        assertEquals(2, cli.run(repo, "list", "--all", "--format", "json").array().size());

        JsonObject cache = cli.run(repo, "show", first.getString("id"), "--format", "json").object();
        assertEquals(List.of("cache", "perf"), cache.getJsonArray("tags").getValuesAs(JsonString::getString));
        assertEquals(List.of(second.getString("id") + ":merged"), provenance(cache));
        JsonObject head = cli.run(repo, "show", c.getString("id"), "--format", "json").object();
        assertEquals(List.of(a.getString("id") + ":superseded", b.getString("id") + ":superseded"), provenance(head));
        assertEquals(JsonValue.NULL, head.get("supersedes"));
        assertEquals(List.of(c.getString("id")), cli.run(repo, "search", "deploy", "--format", "json").array()
                .getValuesAs(JsonObject.class).stream().map(o -> o.getString("id")).toList());
        assertTrue(cli.run(repo, "show", c.getString("id")).out().contains("folded in by compact:"));

        JsonObject again = cli.run(repo, "compact", "--format", "json").object();
        assertEquals(0, again.getInt("removed"));
        assertTrue(cli.run(repo, "compact", "--dry-run").out().startsWith("would merge 0 duplicates"));
    }

    @Test
    void embedCountsTheItemsItGivesVectorsOnStderrForAProgram() {
        add("-k", "decision", "Keep SQLite for the local store: WAL mode lets hooks and servers write at once");
        add("-k", "bugfix", "The export raced the nightly backup; it now waits for the backup to finish");
        add("-k", "note", "Lunch is on Thursdays now");
        CliHarness.Result embed = cli.run(repo, "embed", "--format", "json", "--json-progress");
        assertEquals(0, embed.code(), embed::toString);
        assertEquals(3, embed.object().getInt("embedded"), embed::toString);
        List<String> progress = embed.err().lines().filter(line -> line.startsWith("{")).toList();
        assertEquals("{\"progress\":0,\"total\":3,\"unit\":\"items\"}", progress.get(0), embed::err);
        assertEquals("{\"progress\":3,\"total\":3,\"unit\":\"items\"}", progress.get(progress.size() - 1), embed::err);
    }

    @Test
    void embedTellsStderrHowFarItIsWhileStdoutKeepsTheAnswer() {
        int total = 70; // more than two of the embedding's batches
        for (int i = 0; i < total; i++) {
            add("-k", "note", "Release " + i + " moved the nightly backup to hour " + i % 24 + " of the day");
        }
        CliHarness.Result embed = cli.run(repo, "embed"); // no terminal here: plain lines, as a log or an agent reads them
        assertEquals(0, embed.code(), embed::toString);
        List<Integer> counts = embed.err().lines().filter(line -> line.matches("graphiti: \\d+/70 items.*"))
                .map(line -> Integer.valueOf(line.replaceFirst("graphiti: (\\d+)/70 items.*", "$1"))).toList();
        assertTrue(counts.size() >= 3 && counts.get(0) == 0 && counts.get(counts.size() - 1) == total,
                "from 0 to the total, with counts between: " + embed.err());
        for (int i = 1; i < counts.size(); i++) {
            assertTrue(counts.get(i) > counts.get(i - 1), "rising: " + embed.err());
        }
        assertTrue(embed.err().lines().anyMatch(line -> line.matches("graphiti: \\d+/70 items, [0-9.]+/s, about .+ left")),
                "a rate and the time left: " + embed.err());
        assertTrue(embed.out().startsWith("Embedded 70 items in "), embed::toString);
        assertEquals(1, embed.out().lines().count(), "stdout is the answer alone: " + embed);

        add("-k", "note", "Standup moved to ten");
        CliHarness.Result json = cli.run(repo, "embed", "--format", "json");
        assertEquals(1, json.object().getInt("embedded"), json::toString);
        assertTrue(json.err().contains("graphiti: 1/1 items"), json::toString);
        add("-k", "note", "Standup moved to eleven");
        assertEquals("", cli.run(repo, "embed", "--quiet").err(), "--quiet says nothing");

        for (int i = 0; i < 40; i++) {
            add("-k", "note", "Retro " + i + " agreed to rotate the on-call week on day " + i % 7);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliEnvironment terminal = new CliEnvironment(cli.variables(), true, Optional.empty(), false);
        assertEquals(0, new Cli(terminal).run(List.of("embed"), repo, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(out), new PrintWriter(err)), err::toString);
        assertTrue(err.toString().matches("(?s)\\r\\[#+\\.*] \\d+/40 items, [0-9.]+/s, \\d+ s left .*"),
                "a person at a terminal sees one line redrawn, with the time left: " + err);
        assertTrue(err.toString().contains("] 40/40 items, "), err::toString);
        assertTrue(out.toString().startsWith("Embedded 40 items in "), out::toString);
    }

    private static List<String> provenance(JsonObject item) {
        return item.getJsonArray("provenance").getValuesAs(JsonObject.class).stream()
                .map(o -> o.getString("id") + ":" + o.getString("relation")).toList();
    }

    @Test
    void healthReportsChecksAndFailsOnADamagedDatabase() throws Exception {
        for (int i = 0; i < 200; i++) {
            add("item number " + i + " with some words to fill pages " + "lorem ipsum dolor ".repeat(20));
        }
        assertEquals(0, cli.run(repo, "index").code(), "an unindexed HEAD would be a warning");
        CliHarness.Result healthy = cli.run(repo, "health", "--format", "json");
        assertEquals(0, healthy.code(), healthy::toString);
        assertEquals("ok", healthy.object().getString("overall"));
        assertEquals(List.of("database", "integrity", "full_text_index", "schema", "size", "index", "semantic", "transcripts"),
                healthy.object().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                        .map(o -> o.getString("name")).toList());
        assertTrue(cli.run(repo, "health").out().contains("healthy"));

        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(0, cli.run(repo, "compact").code()); // checkpoints the log into the file
        long size = Files.size(database);
        try (RandomAccessFile file = new RandomAccessFile(database.toFile(), "rw")) {
            for (long offset = 8192; offset < size - 4096; offset += 8192) {
                file.seek(offset + 100);
                file.write(new byte[300]);
            }
        }
        for (String[] args : List.of(new String[] {"health", "--format", "json"}, new String[] {"health", "--full", "--format", "json"})) {
            CliHarness.Result damaged = cli.run(repo, args);
            assertEquals(1, damaged.code(), damaged::toString);
            assertEquals("fail", damaged.object().getString("overall"));
        }
    }

    @Test
    void healthSaysSoWhenACheckWarns() {
        add("retries with backoff in the billing worker");
        // The fixture's commit is not indexed yet: a warning, not a failure.
        CliHarness.Result json = cli.run(repo, "health", "--format", "json");
        assertEquals(0, json.code(), json::toString);
        assertEquals("warn", json.object().getString("overall"), json::toString);
        assertEquals("warn", check(json, "index").getString("status"));
        CliHarness.Result text = cli.run(repo, "health");
        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().contains("warnings: index (see above); nothing failed"), text.out());
        assertFalse(text.out().contains("healthy"), text.out());

        assertEquals(0, cli.run(repo, "index").code());
        assertEquals("ok", cli.run(repo, "health", "--format", "json").object().getString("overall"));
        assertTrue(cli.run(repo, "health").out().strip().endsWith("healthy"));
    }

    @Test
    void healthSaysHowFarItLooked() {
        add("retries with backoff in the billing worker");
        assertEquals("quick_check: ok (--full also checks every index entry)", check(cli.run(repo, "health", "--format", "json"),
                "integrity").getString("detail"));
        CliHarness.Result full = cli.run(repo, "health", "--full", "--format", "json");
        assertEquals(0, full.code(), full::toString);
        assertEquals("integrity_check: ok", check(full, "integrity").getString("detail"));
        assertEquals("FTS5 index matches the items", check(full, "full_text_index").getString("detail"));
    }

    @Test
    void healthFindsAFullTextIndexOutOfStepWithTheItems() throws Exception {
        String unindexed = add("retries with backoff in the billing worker").getString("id");
        add("sessions expire after an hour of inactivity");
        // What a write past the triggers leaves: an item the index lost, and a document whose item is gone.
        sql("INSERT INTO items_fts (items_fts, rowid, title, content, tags, entities) "
                + "SELECT 'delete', seq, title, content, tags, entities FROM items WHERE id = '" + unindexed + "'",
                "INSERT INTO items_fts (rowid, title, content, tags, entities) VALUES (999999, 'gone', 'a removed item', '', '')");
        CliHarness.Result quick = cli.run(repo, "health", "--format", "json");
        assertEquals(1, quick.code(), quick::toString);
        assertEquals("FTS5 index damaged: 1 items are missing from it; it still holds 1 removed items",
                check(quick, "full_text_index").getString("detail"));
        CliHarness.Result full = cli.run(repo, "health", "--full", "--format", "json");
        assertEquals(1, full.code(), full::toString);
        assertEquals("fail", check(full, "full_text_index").getString("status"));
    }

    @Test
    void fullHealthFindsAnIndexThatDisagreesWithItsRows() throws Exception {
        for (int i = 0; i < 20; i++) {
            add("item number " + i + " about caching sessions");
        }
        // The index keeps its entries (title keys) while the schema says it holds fingerprints: no page is damaged,
        // every entry is wrong. Only looking each row up in the index finds that.
        sql("PRAGMA writable_schema = ON",
                "UPDATE sqlite_schema SET sql = 'CREATE INDEX items_title_key ON items (fingerprint)' WHERE name = 'items_title_key'");
        JsonObject quick = check(cli.run(repo, "health", "--format", "json"), "integrity");
        assertEquals("ok", quick.getString("status"), quick::toString);
        CliHarness.Result full = cli.run(repo, "health", "--full", "--format", "json");
        assertEquals(1, full.code(), full::toString);
        JsonObject integrity = check(full, "integrity");
        assertEquals("fail", integrity.getString("status"));
        assertTrue(integrity.getString("detail").contains("items_title_key"), integrity::toString);
    }

    @Test
    void healthFindsAPageNoTableOwns() throws Exception {
        add("retries with backoff in the billing worker");
        // The table's pages stay in the file while the schema forgets it: no b-tree and not the freelist holds them.
        sql("PRAGMA writable_schema = ON", "DELETE FROM sqlite_schema WHERE name = 'capture_positions'");
        CliHarness.Result quick = cli.run(repo, "health", "--format", "json");
        assertEquals(1, quick.code(), quick::toString);
        assertEquals("1 pages are in no b-tree and not free", check(quick, "integrity").getString("detail"));
        CliHarness.Result full = cli.run(repo, "health", "--full", "--format", "json");
        assertEquals(1, full.code(), full::toString);
        assertTrue(check(full, "integrity").getString("detail").contains("never used"), full::toString);
    }

    private static JsonObject check(CliHarness.Result health, String name) {
        return health.object().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(o -> o.getString("name").equals(name)).findFirst().orElseThrow(() -> new AssertionError(health.toString()));
    }

    /** Statements run on the project's database behind graphiti's back. */
    private void sql(String... statements) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + repo.resolve(".graphiti/graph.db"));
             Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** A file that opens but cannot be read: one database check (ok: it opened), then integrity fails; no name twice. */
    @Test
    void healthOnADatabaseThatOpensButCannotBeReadFailsIntegrityOnce() throws Exception {
        add("one item so the graph exists");
        assertEquals(0, cli.run(repo, "compact").code()); // checkpoints the log into the file
        Path database = repo.resolve(".graphiti/graph.db");
        try (RandomAccessFile file = new RandomAccessFile(database.toFile(), "rw")) {
            file.seek(4096); // page 2: the first table's root page header
            byte[] garbage = new byte[16];
            java.util.Arrays.fill(garbage, (byte) 0xff);
            file.write(garbage);
        }
        CliHarness.Result damaged = cli.run(repo, "health", "--format", "json");
        assertEquals(1, damaged.code(), damaged::toString);
        assertEquals("fail", damaged.object().getString("overall"));
        List<JsonObject> checks = damaged.object().getJsonArray("checks").getValuesAs(JsonObject.class);
        assertEquals(List.of("database:ok", "integrity:fail"),
                checks.stream().map(o -> o.getString("name") + ":" + o.getString("status")).toList(), damaged::toString);
        assertTrue(checks.get(1).getString("detail").contains("damaged"), damaged::toString);
    }

    @Test
    void contextPutsDecisionsFirstAndKeepsToTheBudget() {
        add("-k", "note", "a note that matters less");
        add("-k", "decision", "--title", "Use trunk-based development", "short-lived branches, merge daily");
        for (int i = 0; i < 40; i++) {
            add("-k", "pattern", "pattern number " + i + " about retries, backoff and idempotent handlers in workers");
        }
        CliHarness.Result full = cli.run(repo, "context");
        assertEquals(0, full.code(), full::toString);
        assertTrue(full.out().startsWith("# graphiti: what is known about repo (branch "), full.out());
        assertTrue(full.out().indexOf("Use trunk-based development") < full.out().indexOf("## Recent"));
        // the budget is a ceiling: forty look-alike patterns are not all told (issue 32's brief of knowledge)
        assertTrue(full.out().split("pattern number").length - 1 <= 8, full.out());
        // The header (branch, commit), the line saying memory is evidence and the index note take about 90 tokens.
        CliHarness.Result small = cli.run(repo, "context", "--tokens", "160");
        assertTrue(small.out().contains("Use trunk-based development"), small.out());
        assertTrue(small.out().length() < full.out().length(), small.out());
        assertTrue(small.out().length() < 160 * 4, "160 tokens are well under 640 characters");

        cli.add(repo, "-g", "-k", "preference", "Answer in British English");
        CliHarness.Result global = cli.run(repo, "-g", "context");
        assertTrue(global.out().startsWith("# graphiti: what is known about the global graph\n"), global.out());
        assertTrue(global.out().contains("preference: Answer in British English"), global.out());
    }
}
