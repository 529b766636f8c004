package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The graph's database file as users meet it on disk: empty, another program's, damaged, or on a read-only mount.
 * Every case either works or fails saying what is wrong and what to do, and never writes over the file.
 */
class GraphFileTest extends InRepositoryTest {

    private Path database() {
        return repo.resolve(".graphiti/graph.db");
    }

    private List<String> titles(CliHarness.Result list) {
        assertEquals(0, list.code(), list::toString);
        return list.array().getValuesAs(JsonObject.class).stream().map(item -> item.getString("title")).toList();
    }

    @Test
    void anEmptyDatabaseFileIsRefusedNotTakenForANewGraph() throws Exception {
        cli.add(repo, "the store stays SQLite");
        Files.write(database(), new byte[0]); // a copy cut short
        for (String[] args : List.of(new String[] {"list"}, new String[] {"search", "sqlite"}, new String[] {"add", "new item"},
                new String[] {"health"})) {
            CliHarness.Result result = cli.run(repo, args);
            assertEquals(1, result.code(), result::toString);
            assertTrue((result.err() + result.out()).contains(database() + " is empty (0 bytes)"), result::toString);
            assertTrue((result.err() + result.out()).contains("Restore it from a backup"), result::toString);
        }
        assertEquals(0, Files.size(database()), "nothing was written into it");

        Path other = GitFixture.repository(tmp.resolve("other"));
        assertEquals(0, cli.run(other, "add", "a brand-new graph still starts by itself").code());
        assertEquals(List.of("a brand-new graph still starts by itself"), titles(cli.run(other, "list", "--format", "json")));
        try (var files = Files.list(other.resolve(".graphiti"))) {
            assertEquals(List.of("graph.db"), files.map(file -> file.getFileName().toString()).sorted().toList(),
                    "nothing left beside the new graph");
        }
    }

    @Test
    void anotherProgramsSqliteDatabaseIsNotTurnedIntoAGraph() throws Exception {
        Files.createDirectories(database().getParent());
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database());
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)");
            statement.execute("INSERT INTO invoices (total) VALUES (12.5)");
        }
        byte[] before = Files.readAllBytes(database());
        CliHarness.Result add = cli.run(repo, "add", "anything");
        assertEquals(1, add.code(), add::toString);
        assertTrue(add.err().contains("is an SQLite database but not a graphiti graph"), add.err());
        assertArrayEquals(before, Files.readAllBytes(database()));
    }

    /** Pages of the items table damaged in the middle of the file: a search that reads them says so and what to do. */
    @Test
    void aCommandThatReadsADamagedPageSaysTheDatabaseIsDamagedAndHowToRecover() throws Exception {
        for (int i = 0; i < 300; i++) {
            cli.run(repo, "add", "item number " + i + " about caching sessions " + "lorem ipsum dolor ".repeat(20 + i % 7));
        }
        assertEquals(0, cli.run(repo, "compact").code()); // checkpoints the log into the file
        List<Long> leaves = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT pageno FROM dbstat WHERE name = 'items' AND pagetype = 'leaf'")) {
            while (rows.next()) {
                leaves.add(rows.getLong(1));
            }
        }
        assertTrue(leaves.size() > 10, leaves::toString);
        try (RandomAccessFile file = new RandomAccessFile(database().toFile(), "rw")) {
            for (long page : leaves) {
                file.seek((page - 1) * 4096 + 8); // the cell pointers, right after the leaf's page header
                byte[] garbage = new byte[200];
                java.util.Arrays.fill(garbage, (byte) 0x5a);
                file.write(garbage);
            }
        }
        CliHarness.Result search = cli.run(repo, "search", "caching", "--format", "json");
        assertEquals(1, search.code(), search::toString);
        assertEquals("", search.out());
        assertTrue(search.err().contains(database() + " is damaged"), search.err());
        assertTrue(search.err().contains("restore it from a backup, or move it aside"), search.err());
        CliHarness.Result health = cli.run(repo, "health", "--format", "json");
        assertEquals(1, health.code(), health::toString);
        assertTrue(health.out().contains("out of range"), "health still lists what is damaged: " + health);
    }

    /** Root ignores permission bits, so the commands run in a child JVM without the override capability. */
    private CliHarness.Result unprivileged(String... args) throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> prefix = root ? List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search",
                "--inh-caps=-dac_override,-dac_read_search") : List.of();
        return ChildProcess.run(ChildProcess.java(CliProcessMain.class, repo, cli.variables(), prefix, args));
    }

    private void readOnly(boolean readOnly) throws Exception {
        Path graphDir = database().getParent();
        try (var files = Files.list(graphDir)) {
            for (Path file : files.toList()) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(readOnly ? "r--r--r--" : "rw-r--r--"));
            }
        }
        Files.setPosixFilePermissions(graphDir, PosixFilePermissions.fromString(readOnly ? "r-xr-xr-x" : "rwxr-xr-x"));
    }

    @Test
    void aReadOnlyGraphCanBeReadAndRefusesWritesSayingWhere() throws Exception {
        cli.add(repo, "-k", "decision", "the store stays SQLite");
        assertEquals(0, cli.run(repo, "index").code());
        assertFalse(Files.exists(Path.of(database() + "-wal")), "closed cleanly: every page is in the file");
        try {
            readOnly(true);
            assertEquals(List.of("the store stays SQLite"), titles(unprivileged("list", "--kind", "decision", "--format", "json")));
            CliHarness.Result search = unprivileged("search", "sqlite", "--format", "json");
            assertEquals("the store stays SQLite", titles(search).get(0));
            CliHarness.Result health = unprivileged("health", "--format", "json");
            assertEquals(0, health.code(), health::toString);
            assertEquals("ok", health.object().getString("overall"), health::toString);
            CliHarness.Result full = unprivileged("health", "--full", "--format", "json");
            assertEquals("ok", full.object().getString("overall"), full::toString);

            CliHarness.Result add = unprivileged("add", "written to a read-only graph");
            assertEquals(1, add.code(), add::toString);
            assertEquals("", add.out());
            assertTrue(add.err().startsWith("graphiti: cannot write the graph " + database() + ": it is read-only here"),
                    add.err());
            assertTrue(add.err().contains(database().getParent() + " are writable"), add.err());
            assertFalse(add.err().contains("Exception"), add.err());
        } finally {
            readOnly(false);
        }
        assertEquals(List.of("the store stays SQLite"), titles(cli.run(repo, "list", "--kind", "decision", "--format", "json")));
    }

    /** Another process has the graph open (or was killed): the newest items are still only in the write-ahead log. */
    @Test
    void aReadOnlyGraphIsReadWithWhatItsLogHolds() throws Exception {
        cli.add(repo, "an item in the database file");
        try (Connection holder = DriverManager.getConnection("jdbc:sqlite:" + database());
             Statement statement = holder.createStatement()) {
            statement.executeQuery("SELECT COUNT(*) FROM items").close(); // joins the log: it outlives the next writer
            cli.add(repo, "an item only in the write-ahead log");
            assertTrue(Files.size(Path.of(database() + "-wal")) > 0);
            try {
                readOnly(true);
                assertEquals(List.of("an item only in the write-ahead log", "an item in the database file"),
                        titles(unprivileged("list", "--format", "json")));
            } finally {
                readOnly(false);
            }
        }
    }
}
