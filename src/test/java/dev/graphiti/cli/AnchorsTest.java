package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.ingest.git.GitHistory;
import dev.graphiti.ingest.git.TestRepo;
import dev.graphiti.ingest.transcript.ClaudeCodeSessionWriter;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Block;
import dev.graphiti.store.sqlite.SqliteStore;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Anchors end to end on real git repositories and a real graph file: what git, a Claude Code session and a person's add
 * anchor an item to, and what `show` and `search` say of them.
 */
class AnchorsTest {

    @TempDir
    Path tmp;

    Path dir;
    CliHarness cli;
    TestRepo repo;

    @BeforeEach
    void setUp() throws Exception {
        dir = tmp.resolve("repo");
        Files.createDirectories(dir);
        repo = new TestRepo(dir);
        cli = new CliHarness(tmp.resolve("home"));
    }

    private JsonObject run(String... args) {
        CliHarness.Result result = cli.run(dir, args);
        assertEquals(0, result.code(), result::toString);
        return result.json() instanceof JsonObject object ? object : null;
    }

    /** The current items anchored to {@code path}, through the graph's read port on the project's graph file. */
    private List<String> anchoredTo(String path) {
        try (ItemRepository items = SqliteStore.withDefaults().open(dir.resolve(".graphiti/graph.db"), Scope.project)) {
            return items.anchoredTo(path).stream().map(KnowledgeItem::title).toList();
        }
    }

    private static List<String> anchors(JsonObject item) {
        return item.getJsonArray("anchors").getValuesAs(JsonObject.class).stream()
                .map(a -> a.getString("kind") + " " + a.getString("value") + " " + a.getString("origin")).toList();
    }

    private JsonObject show(String reference) {
        return run("show", reference, "--format", "json");
    }

    @Test
    void aCommitsItemIsAnchoredToTheFilesItChangedAndFoundByTheirNewPathsAfterARename() {
        repo.commit("Retry feed pushes with exponential backoff because the feed API rate-limits bursts",
                TestRepo.files("src/retry.py", "def retry(): pass\n", "src/feed.py", "import retry\n"));
        run("index", "--format", "json");
        JsonObject item = show("Retry feed pushes with exponential backoff because the feed API rate-limits bursts");
        assertEquals(List.of("file src/feed.py changed", "file src/retry.py changed"), anchors(item));

        repo.commit("Move the retry helper into the net package",
                TestRepo.files("src/retry.py", null, "src/net/backoff.py", "def retry(): pass\n"));
        run("index", "--format", "json");
        assertEquals(List.of("Retry feed pushes with exponential backoff because the feed API rate-limits bursts"),
                anchoredTo("src/net/backoff.py").stream().filter(title -> title.startsWith("Retry")).toList(),
                "the item anchored to src/retry.py is found by the file's new path");
        assertEquals(List.of(), anchoredTo("src/net/other.py"));
    }

    @Test
    void aFileMadeAgainAtARenamedFilesOldPathIsAnotherFile() {
        String old = "Retry feed pushes with exponential backoff because the feed API rate-limits bursts";
        repo.commit(old, TestRepo.files("src/retry.py", "def retry(): pass\n"));
        repo.commit("Move the retry helper into the net package",
                TestRepo.files("src/retry.py", null, "src/net/backoff.py", "def retry(): pass\n"));
        String shim = "Keep a src/retry.py shim that re-exports net.backoff because plugins still import the old module";
        repo.commit(shim, TestRepo.files("src/retry.py", "from net.backoff import retry\n"));
        run("index", "--format", "json");

        assertEquals(List.of(old), anchoredTo("src/net/backoff.py").stream().filter(title -> !title.startsWith("Move"))
                .toList(), "the renamed file keeps what its old name was told before the rename, not the new file's");
        assertEquals(List.of(shim), anchoredTo("src/retry.py"), "the file made again is told its own, not the moved one's");
    }

    @Test
    void aRenameInACommitMovingMoreFilesThanACommitKeepsIsFollowed() {
        String decision = "Retry feed pushes with exponential backoff because the feed API rate-limits bursts";
        repo.commit(decision, TestRepo.files("src/retry.py", "def retry(): pass\n"));
        java.util.Map<String, String> files = new java.util.LinkedHashMap<>();
        for (int i = 0; i < GitHistory.MAX_FILES_PER_COMMIT + 10; i++) {
            files.put("src/a" + i + ".py", "a = " + i + "\n");
        }
        repo.commit("Add the generated modules", files);
        java.util.Map<String, String> move = new java.util.LinkedHashMap<>();
        for (int i = 0; i < GitHistory.MAX_FILES_PER_COMMIT + 10; i++) {
            move.put("src/a" + i + ".py", null);
            move.put("lib/a" + i + ".py", "a = " + i + "\n");
        }
        move.put("src/retry.py", null);
        move.put("lib/retry.py", "def retry(): pass\n");
        repo.commit("Move src to lib", move);
        run("index", "--format", "json");

        assertEquals(List.of(decision), anchoredTo("lib/retry.py"), "the rename past the files a commit keeps is recorded");
    }

    @Test
    void aCommitChangingMoreFilesThanTheCapAnchorsToNone() {
        String[] files = new String[62];
        for (int i = 0; i < 31; i++) {
            files[2 * i] = "src/gen/File" + i + ".java";
            files[2 * i + 1] = "class File" + i + " {}\n";
        }
        repo.commit("Generate the protocol classes from the schema because hand-written ones drifted", TestRepo.files(files));
        run("index", "--format", "json");
        assertEquals(List.of(), anchors(show("Generate the protocol classes from the schema because hand-written ones drifted")));
    }

    @Test
    void aCapturedRuleIsAnchoredToTheFileTheSessionEdited() throws Exception {
        Files.createDirectories(dir.resolve("billing"));
        Files.writeString(dir.resolve("billing/invoice.py"), "def line_total(): pass\n");
        String session = ClaudeCodeSessionWriter.sessionId("anchors");
        Path transcript = tmp.resolve("session.jsonl");
        new ClaudeCodeSessionWriter(session, dir.toString(), Instant.parse("2026-11-01T10:00:00Z")).blocks(List.of(
                new Block("user", "The invoice totals are off by a cent again. Can you look at the line totals?", null),
                new Block("tool", "{\"file_path\": \"" + dir.resolve("billing/invoice.py") + "\"}", "Read"),
                new Block("result", "def line_total(): pass", null),
                new Block("user", "Decision: money is never float. Amounts are computed with Decimal and rounded to cents"
                        + " with ROUND_HALF_UP per line.", null),
                new Block("tool", "{\"file_path\": \"" + dir.resolve("billing/invoice.py") + "\", \"old_string\": \"pass\","
                        + " \"new_string\": \"return Decimal(0)\"}", "Edit"),
                new Block("result", "The file has been updated.", null),
                new Block("tool", "{\"file_path\": \"/etc/hosts\"}", "Read"),
                new Block("result", "127.0.0.1 localhost", null),
                new Block("assistant", "Done: lines are Decimal, each rounded half-up to the cent.", null))).write(transcript);
        run("capture", "--transcript", transcript.toString(), "--session-id", session, "--format", "json");
        JsonObject rule = show("money is never float");
        assertEquals(List.of("file billing/invoice.py touched"), anchors(rule).stream()
                .filter(anchor -> anchor.startsWith("file ")).toList(), "the edited file, relative; /etc/hosts is outside");
        assertEquals(List.of(rule.getString("title")), anchoredTo("billing/invoice.py"));
    }

    @Test
    void aPathTheTextNamesIsAnAnchorOnlyWhenTheProjectHasOrHadIt() throws Exception {
        repo.commit("Add the retry module", TestRepo.files("src/net/retry.py", "def retry(): pass\n", "old/notes.md", "x\n"));
        repo.git("rm", "-q", "old/notes.md");
        repo.git("commit", "-q", "-m", "Drop the old notes");
        JsonObject item = cli.add(dir, "--kind", "decision", "Retries back off 1s/2s/4s in src/net/retry.py; the old"
                + " old/notes.md said 10s; export.json is not ours; the key is feed.max_batch_size, run `pytest -q tests`");
        assertEquals(List.of("file old/notes.md named", "file src/net/retry.py named", "key feed.max_batch_size named",
                "command pytest -q tests named"), anchors(item).stream().filter(a -> !a.startsWith("symbol")).toList());
        assertEquals(anchors(item), anchors(show(item.getString("id"))), "show prints what add stored");
    }

    @Test
    void anAnchorGivenOutsideTheProjectIsRefusedAndNothingIsStored() {
        CliHarness.Result outside = cli.run(dir, "add", "--anchor", "../outside.py", "Keep the shared config in sync",
                "--format", "json");
        assertEquals(2, outside.code(), outside::toString);
        assertTrue(outside.err().contains("the anchor '../outside.py' is outside the project; nothing was stored"),
                outside::toString);
        CliHarness.Result absolute = cli.run(dir, "add", "--anchor", tmp.resolve("elsewhere/x.py").toString(), "Keep it",
                "--format", "json");
        assertEquals(2, absolute.code(), absolute::toString);
        assertEquals(JsonValue.EMPTY_JSON_ARRAY, cli.run(dir, "list", "--format", "json").array());

        JsonObject given = cli.add(dir, "--anchor", "./config/app.yaml", "--anchor", dir.resolve("deploy/run.sh").toString(),
                "Keep the shared config in sync");
        assertEquals(List.of("file config/app.yaml given", "file deploy/run.sh given"), anchors(given));
        JsonObject row = cli.run(dir, "search", "shared config", "--format", "json").array().getJsonObject(0);
        assertEquals(List.of("config/app.yaml", "deploy/run.sh"), row.getJsonArray("anchors").getValuesAs(
                jakarta.json.JsonString.class).stream().map(jakarta.json.JsonString::getString).toList());
    }

    @Test
    void anAnchorGivenWithASecretInItsPathIsStoredRedactedAndNoErrorRepeatsIt() throws Exception {
        String key = "sk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc" + "Xy8Kq2Lm";
        JsonObject given = cli.add(dir, "--anchor", "keys/" + key + ".txt", "The partner's key file is rotated monthly");
        assertEquals(List.of("file keys/[REDACTED:stripe_key].txt given"), anchors(given));
        assertEquals(1, given.getInt("redactions"), given::toString);
        CliHarness.Result outside = cli.run(dir, "add", "--anchor", "../" + key + ".txt", "Keep the key file outside",
                "--format", "json");
        assertEquals(2, outside.code(), outside::toString);
        assertFalse(outside.toString().contains(key.substring(0, 12)), outside::toString);
        assertFalse(StoredText.of(dir).contains(key.substring(0, 12)), "the key reached the database");
    }

    @Test
    void searchFindsAnItemAnchoredToTheFileTheQueryNamesWhateverItsWords() {
        cli.add(dir, "--kind", "decision", "--anchor", "billing/invoice.py",
                "Money is never float: amounts are Decimal, rounded half-up per line");
        cli.add(dir, "--kind", "decision", "Late fees are waived for customers on annual plans");
        var hits = cli.run(dir, "search", "add a late fee line in billing/invoice.py", "--format", "json").array();
        assertEquals("Money is never float: amounts are Decimal, rounded half-up per line",
                hits.getJsonObject(0).getString("title"), hits::toString);
    }
}
