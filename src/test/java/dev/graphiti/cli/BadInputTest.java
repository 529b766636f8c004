package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input gets a clear message and the contract's exit code, and never costs what is already stored. */
class BadInputTest extends InRepositoryTest {

    @BeforeEach
    void addAnItemThatMustSurvive() {
        assertEquals(0, cli.run(repo, "add", "-k", "decision", "an item that must survive").code());
    }

    private void assertStillThere() {
        var items = cli.run(repo, "list", "--format", "json");
        assertEquals(0, items.code(), items::toString);
        assertEquals("an item that must survive", items.array().getJsonObject(0).getString("title"));
    }

    @Test
    void unknownFlagsAndBadValuesAreUsageErrors() {
        for (List<String> args : List.of(List.of("add", "--frobnicate", "x"), List.of("list", "--kind", "opinion"),
                List.of("search"), List.of("list", "-l", "0"), List.of("list", "-l", "many"), List.of("no-such-command"),
                List.of("search", "x", "--since", "last tuesday"), List.of("add", "-k", "rumour", "text"))) {
            CliHarness.Result result = cli.run(repo, args.toArray(String[]::new));
            assertEquals(2, result.code(), () -> args + " " + result);
            assertEquals("", result.out(), () -> args + " printed on stdout");
            assertTrue(result.err().startsWith("graphiti: "), () -> args + " " + result.err());
        }
        assertStillThere();
    }

    @Test
    void anUnknownCommandIsNamedWithWhatWasMeant() {
        CliHarness.Result typo = cli.run(repo, "serch", "retry");
        assertEquals(2, typo.code(), typo::toString);
        assertTrue(typo.err().startsWith("graphiti: unknown command 'serch'; did you mean 'search'?"), typo.err());
        CliHarness.Result unknown = cli.run(repo, "frobnicate");
        assertTrue(unknown.err().startsWith("graphiti: unknown command 'frobnicate'; the commands are add, search, "),
                unknown.err());
        CliHarness.Result mcp = cli.run(repo, "mcp", "instal");
        assertTrue(mcp.err().startsWith("graphiti: unknown command 'instal'; did you mean 'install'"), mcp.err());
        CliHarness.Result extra = cli.run(repo, "list", "extra");
        assertTrue(extra.err().contains("Unmatched argument") && !extra.err().contains("unknown command"), extra.err());
    }

    @Test
    void emptyContentIsRefused() {
        for (String content : List.of("", "   \n\t ")) {
            CliHarness.Result result = cli.runWithStdin(repo, content, "add", "--format", "json");
            assertEquals(2, result.code(), result::toString);
            assertEquals("", result.out());
            assertTrue(result.err().contains("content is empty"), result.err());
        }
        assertEquals(2, cli.run(repo, "add", "  ").code());
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
    }

    /** A binary file piped by mistake (NUL bytes, or bytes that are not UTF-8) is refused, not stored as mojibake. */
    @Test
    void binaryContentIsRefused() {
        byte[] notUtf8 = {'P', 'K', 3, 4, (byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28, 'x'};
        CliHarness.Result stdin = cli.runWithStdin(repo, notUtf8, "add", "--format", "json");
        assertEquals(2, stdin.code(), stdin::toString);
        assertEquals("", stdin.out());
        assertTrue(stdin.err().contains("not UTF-8 text"), stdin.err());
        CliHarness.Result nul = cli.runWithStdin(repo, "ELF\0\0\0header", "add");
        assertEquals(2, nul.code(), nul::toString);
        assertTrue(nul.err().contains("binary"), nul.err());
        assertEquals(2, cli.run(repo, "add", "text with a \0 inside").code(), "an argument too (the MCP tool's path)");
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
        assertStillThere();
    }

    @Test
    void tenMegabytesOfContentIsRefusedWithoutStoringAnything() {
        String big = "0123456789abcdef ".repeat(10 * 1024 * 1024 / 17 + 1);
        CliHarness.Result stdin = cli.runWithStdin(repo, big, "add", "--format", "json");
        assertEquals(1, stdin.code());
        assertEquals("", stdin.out());
        assertTrue(stdin.err().contains("add.max_content_bytes"), stdin.err());
        CliHarness.Result argument = cli.run(repo, "add", big.substring(0, 2 * 1024 * 1024));
        assertEquals(1, argument.code());
        assertTrue(argument.err().contains("the limit is 1048576"), argument.err());
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
        assertStillThere();
    }

    @Test
    void aCorruptDatabaseIsReportedAndLeftUntouched() throws Exception {
        Path database = repo.resolve(".graphiti/graph.db");
        Files.deleteIfExists(Path.of(database + "-wal"));
        Files.deleteIfExists(Path.of(database + "-shm"));
        byte[] garbage = "this is not an SQLite database, just bytes where one should be".repeat(100).getBytes();
        Files.write(database, garbage);
        for (String[] args : List.of(new String[] {"list"}, new String[] {"add", "new item"},
                new String[] {"search", "item", "--format", "json"})) {
            CliHarness.Result result = cli.run(repo, args);
            assertEquals(1, result.code(), result::toString);
            assertEquals("", result.out());
            assertTrue(result.err().contains("is damaged or is not a graphiti database"), result.err());
            assertTrue(result.err().contains(database.toString()), result.err());
        }
        assertArrayEquals(garbage, Files.readAllBytes(database), "the damaged file is kept for recovery");
    }

    @Test
    void aReadOnlyGraphDirectoryFailsClearlyAndKeepsItsItems() throws Exception {
        Path graphDir = repo.resolve(".graphiti");
        // Root ignores permission bits, so the write runs in a child JVM without the override capability.
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> prefix = root ? List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search",
                "--inh-caps=-dac_override,-dac_read_search") : List.of();
        try {
            Files.setPosixFilePermissions(graphDir.resolve("graph.db"), java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
            Files.setPosixFilePermissions(graphDir, java.nio.file.attribute.PosixFilePermissions.fromString("r-xr-xr-x"));
            CliHarness.Result result = ChildProcess.run(ChildProcess.java(CliProcessMain.class, repo, cli.variables(),
                    prefix, "add", "written to a read-only graph"));
            assertEquals(1, result.code(), result::toString);
            assertEquals("", result.out());
            assertTrue(result.err().contains("graphiti: ") && result.err().contains(graphDir.toString()), result.err());
            assertTrue(result.err().contains("writable"), result.err());
            assertTrue(!result.err().contains("Exception"), result.err());
        } finally {
            Files.setPosixFilePermissions(graphDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(graphDir.resolve("graph.db"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        }
        assertStillThere();
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
    }

    @Test
    void aGraphDirectoryThatCannotBeCreatedFailsClearly() throws Exception {
        Path other = GitFixture.repository(tmp.resolve("other"));
        Files.writeString(other.resolve(".graphiti"), "a file where the graph directory should be");
        CliHarness.Result result = cli.run(other, "add", "anything");
        assertEquals(1, result.code(), result::toString);
        assertTrue(result.err().contains("cannot create the graph directory"), result.err());
    }
    /** Issue 13: only the content was bounded; a title, tag, source or query of any size was taken in. */
    @Test
    void everyStringArgumentIsBoundedAndTheErrorNamesItAndItsLimit() {
        String huge = "t".repeat(52_000);
        for (List<String> args : List.of(List.of("add", "--title", huge, "a note"), List.of("add", "--source", huge, "a note"),
                List.of("search", huge), List.of("show", huge), List.of("list", "--since", huge),
                List.of("add", "--supersedes", huge, "a note"), List.of("config", "get", huge))) {
            CliHarness.Result result = cli.run(repo, args.toArray(String[]::new));
            assertEquals(2, result.code(), () -> args.get(0) + " " + args.get(1) + " " + result.code());
            assertTrue(result.err().matches("(?s)graphiti: (--\\w+|[A-Z|]+) is 52000 characters; the limit is \\d+\\R.*"),
                    result.err().substring(0, Math.min(300, result.err().length())));
            assertTrue(result.err().length() < 500, "the message does not echo the value");
        }
        CliHarness.Result title = cli.run(repo, "add", "--title", "x".repeat(301), "a note");
        assertTrue(title.err().startsWith("graphiti: --title is 301 characters; the limit is 300"), title.err());
        assertEquals(0, cli.run(repo, "add", "--title", "é".repeat(300), "a note with a long accented title").code(),
                "the limit counts characters, not bytes");

        CliHarness.Result tag = cli.run(repo, "add", "-t", "ok," + "long".repeat(20), "a note");
        assertEquals(2, tag.code(), tag::toString);
        assertTrue(tag.err().contains("is 80 characters; the limit is 64"), tag.err());
        String[] manyTags = new String[70];
        for (int i = 0; i < 35; i++) {
            manyTags[2 * i] = "-t";
            manyTags[2 * i + 1] = "tag" + i;
        }
        List<String> tooMany = new java.util.ArrayList<>(List.of("add", "a note"));
        tooMany.addAll(List.of(manyTags));
        CliHarness.Result tags = cli.run(repo, tooMany.toArray(String[]::new));
        assertTrue(tags.code() == 2 && tags.err().contains("35 tags; the limit is 32"), tags::toString);
        assertEquals(2, cli.run(repo, "list", "--format", "json").array().size(), "only the accented one was stored");
    }
}
