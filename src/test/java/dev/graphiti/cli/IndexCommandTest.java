package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.git.TestRepo;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `graphiti index` on real repositories built by the test, into a real database file. */
class IndexCommandTest {

    static final String FAKE_AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    static final String FAKE_GITHUB_TOKEN = "ghp_R2D2c3poBB8sKywalkerLeiaHanSolo42xyz";

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

    private JsonObject index(String... options) {
        String[] args = Stream.concat(Stream.of("index", "--format", "json"), Stream.of(options)).toArray(String[]::new);
        CliHarness.Result result = cli.run(dir, args);
        assertEquals(0, result.code(), result::toString);
        return result.object();
    }

    /** Bots, a dependency bump, a release, a typo fix, merges, a rename and fake secrets, then 520 bulk commits. */
    private void history() {
        repo.commit("Add the config parser", Map.of("src/main/java/dev/demo/config/Parser.java", "class Parser {}\n"));
        repo.commit("dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
                "Bump junit from 5.9.0 to 5.10.0", Map.of("pom.xml", "<project>5.10</project>\n"));
        repo.commit("Release 1.2.0", Map.of("VERSION", "1.2.0\n"));
        repo.commit("Fix typo", Map.of("src/main/java/dev/demo/config/Parser.java", "class  Parser {}\n"));
        repo.commit("Add config loader reading the environment",
                Map.of(".env", "AWS_SECRET_ACCESS_KEY=" + FAKE_AWS_SECRET + "\n",
                        "src/main/java/dev/demo/config/Loader.java", "String token = \"" + FAKE_GITHUB_TOKEN + "\";\n"));
        repo.commit("Rotate the deploy credentials\n\nThe old token " + FAKE_GITHUB_TOKEN + " leaked; CI now reads"
                + " AWS_SECRET_ACCESS_KEY=" + FAKE_AWS_SECRET + " from the vault.", Map.of("ci/deploy.yml", "vault: true\n"));
        repo.git("checkout", "-q", "-b", "side");
        repo.commit("fix: loader crashed on an empty environment",
                Map.of("src/main/java/dev/demo/config/Loader.java", "String token = System.getenv(\"TOKEN\");\n"));
        repo.git("checkout", "-q", "main");
        repo.commit("Decide to keep SQLite over Postgres for the local store", Map.of("docs/adr/0001-store.md", "SQLite\n"));
        repo.git("merge", "-q", "--no-edit", "side");
        repo.commit("Rename the parser to reader", TestRepo.files("src/main/java/dev/demo/config/Parser.java", null,
                "src/main/java/dev/demo/config/Reader.java", "class  Parser {}\n"));
        Map<Integer, String> messages = new HashMap<>();
        for (int i = 10; i <= 520; i += 10) {
            messages.put(i, "Bump guava from 31." + i + " to 32." + i);
        }
        repo.bulk(520, messages);
    }

    /** A decision that only shows in a manifest is knowledge; a version bump of the same file is not. */
    @Test
    void manifestOnlyCommitsAreKeptWhenTheyRecordADecision() {
        repo.commit("Add the date helpers", Map.of("package.json", "{\n  \"version\": \"1.0.0\",\n  \"moment\": \"2.29\"\n}\n"));
        repo.commit("Switch from moment to date-fns because moment is in maintenance mode",
                Map.of("package.json", "{\n  \"version\": \"1.0.0\",\n  \"date-fns\": \"3.6\"\n}\n"));
        repo.commit("Next development version", Map.of("package.json", "{\n  \"version\": \"1.1.0\",\n  \"date-fns\": \"3.6\"\n}\n"));

        JsonObject report = index();

        assertEquals(2, report.getInt("commits_indexed"), report::toString);
        assertEquals(1, report.getInt("skipped"), report::toString);
        var decisions = cli.run(dir, "list", "--kind", "decision", "--format", "json").array();
        assertEquals(List.of("Switch from moment to date-fns because moment is in maintenance mode"),
                decisions.getValuesAs(JsonObject.class).stream().map(item -> item.getString("title")).toList());
    }

    @Test
    void indexesKeepsCountsAndNeverStoresASecret() throws Exception {
        history();

        JsonObject report = index();

        assertEquals(6 + 468, report.getInt("commits_indexed"), report::toString);
        assertEquals(4 + 52, report.getInt("skipped"));
        assertEquals(repo.head(), report.getString("head"));
        JsonObject skippedBy = report.getJsonObject("skipped_by");
        assertEquals(53, skippedBy.getInt("bot"));
        assertEquals(1, skippedBy.getInt("release"));
        assertEquals(1, skippedBy.getInt("trivial"));
        assertEquals(1, skippedBy.getInt("empty_merge"));

        CliHarness.Result decisions = cli.run(dir, "list", "--kind", "decision", "--format", "json");
        assertEquals(List.of("Decide to keep SQLite over Postgres for the local store"),
                decisions.array().getValuesAs(JsonObject.class).stream().map(o -> o.getString("title")).toList());
        JsonObject loader = cli.run(dir, "show", "Add config loader reading the environment", "--format", "json").object();
        assertTrue(loader.getString("source").startsWith("git:"));
        assertEquals("commit", loader.getString("kind"));
        List<String> entities = loader.getJsonArray("entities").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("name")).toList();
        assertTrue(entities.contains("src/main/java/dev/demo/config/Loader.java"), entities::toString);

        String rotated = cli.run(dir, "show", "Rotate the deploy credentials", "--format", "json").object().getString("content");
        assertTrue(rotated.contains("The old token [REDACTED"), rotated);
        for (Path file : databaseFiles()) {
            String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            assertFalse(bytes.contains(FAKE_AWS_SECRET), file + " holds the .env secret");
            assertFalse(bytes.contains(FAKE_GITHUB_TOKEN), file + " holds the source file's token");
            assertFalse(bytes.contains("AWS_SECRET_ACCESS_KEY=" + FAKE_AWS_SECRET.substring(0, 8)), file + " holds .env content");
        }
    }

    private List<Path> databaseFiles() throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve(".graphiti"))) {
            List<Path> list = files.toList();
            assertTrue(list.stream().anyMatch(p -> p.getFileName().toString().equals("graph.db")), list::toString);
            return list;
        }
    }

    @Test
    void secondRunIsANoOpAndRebasedCommitsAreNotStoredAgain() {
        history();
        index();
        JsonObject again = index();
        assertEquals(0, again.getInt("commits_indexed"));
        assertEquals(0, again.getInt("skipped"));
        assertEquals(0, again.getInt("already_indexed"));

        repo.git("checkout", "-q", "-b", "feature", "HEAD~3");
        repo.commit("Add the summarize command", Map.of("src/Summarize.java", "class Summarize {}\n"));
        assertEquals(1, index().getInt("commits_indexed"));
        repo.git("rebase", "-q", "main");
        JsonObject rebased = index();
        assertEquals(0, rebased.getInt("commits_indexed"));
        assertEquals(1, rebased.getInt("already_indexed"));

        JsonObject full = index("--full");
        assertEquals(0, full.getInt("commits_indexed"));
        assertEquals(0, full.getInt("duplicates"));
        int items = cli.run(dir, "list", "-l", "2000", "--format", "json").array().size();
        assertEquals(474 + 1, items);
    }

    @Test
    void sinceStartsAtARevision() {
        repo.commit("Add the config parser", Map.of("a.txt", "1\n"));
        String base = repo.commit("Add the config loader", Map.of("b.txt", "1\n"));
        repo.commit("Add the search command", Map.of("c.txt", "1\n"));
        JsonObject report = index("--since", base);
        assertEquals(1, report.getInt("commits_indexed"));
    }

    @Test
    void clearErrors() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("not-a-repo"));
        CliHarness.Result notGit = cli.run(outside, "index");
        assertEquals(2, notGit.code(), notGit::toString);
        assertTrue(notGit.err().contains("git work tree"), notGit::toString);

        repo.commit("Add the config parser", Map.of("a.txt", "1\n"));
        CliHarness.Result badRef = cli.run(dir, "index", "--since", "no-such-tag");
        assertEquals(1, badRef.code(), badRef::toString);
        assertTrue(badRef.err().contains("'no-such-tag' does not name a commit"), badRef::toString);
        assertTrue(badRef.err().contains("give a branch, a tag or a commit id"), "says what to give: " + badRef);

        CliHarness.Result both = cli.run(dir, "index", "--full", "--since", "HEAD");
        assertEquals(2, both.code(), both::toString);

        CliHarness.Result empty = cli.run(tmp.resolve("home"), "index", "-C", dir.toString(), "--format", "json");
        assertEquals(0, empty.code(), empty::toString);
    }

    private JsonObject indexCheck() {
        CliHarness.Result health = cli.run(dir, "health", "--format", "json");
        assertEquals(0, health.code(), health::toString);
        return health.object().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("index")).findFirst().orElseThrow();
    }

    @Test
    void healthAndContextKnowWhetherHeadIsIndexed() {
        repo.commit("Decide to keep SQLite over Postgres for the local store", Map.of("a.txt", "1\n"));
        JsonObject never = indexCheck();
        assertEquals("warn", never.getString("status"));
        assertTrue(never.getString("detail").contains("not indexed yet (1 commit)"), never::toString);
        assertEquals("", cli.run(dir, "context").out(), "an empty graph gives empty context, note or not");

        index();
        assertEquals("ok", indexCheck().getString("status"));
        String fresh = cli.run(dir, "context").out();
        assertTrue(fresh.contains("Decide to keep SQLite"), fresh);
        assertFalse(fresh.contains("not indexed"), fresh);

        repo.commit("Add the search command", Map.of("b.txt", "1\n"));
        JsonObject stale = indexCheck();
        assertEquals("warn", stale.getString("status"));
        assertTrue(stale.getString("detail").contains("1 commit since the last run"), stale::toString);
        assertTrue(cli.run(dir, "context").out().contains("is not indexed: 1 commit since the last run"));
        JsonObject json = cli.run(dir, "context", "--format", "json").object();
        assertFalse(json.getBoolean("head_indexed"));
        assertEquals(1, json.getInt("unindexed_commits"));
        assertTrue(json.getString("text").contains("Decide to keep SQLite"));
        index();
        assertTrue(cli.run(dir, "context", "--format", "json").object().getBoolean("head_indexed"));
    }

    @Test
    void showsProgressOnATerminal() {
        repo.bulk(250, Map.of());
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = new Cli(new CliEnvironment(cli.variables(), true, java.util.Optional.empty())).run(List.of("index"), dir,
                java.io.InputStream.nullInputStream(), new java.io.PrintWriter(out), new java.io.PrintWriter(err));
        assertEquals(0, code, err::toString);
        assertTrue(err.toString().contains("\rindexing commits: 100/250"), err::toString);
        assertTrue(err.toString().contains("\rindexing commits: 250/250\n"), err::toString);
        assertTrue(out.toString().startsWith("indexed 250 commits; HEAD "), out::toString);
    }

    @Test
    void aCommitWhoseDiffGitCannotReadIsIndexedWithoutItsFilesAndSaidOnce() throws Exception {
        repo.bulk(125, Map.of());
        repo.commit("Add the config parser", Map.of("old.txt", "old content\n"));
        repo.bulk(125, Map.of());
        // A damaged repository: a file of the commit in the middle is gone, so its diff cannot be read.
        String blob = repo.git("rev-parse", "HEAD~125:old.txt");
        Files.delete(dir.resolve(".git/objects/" + blob.substring(0, 2) + "/" + blob.substring(2)));
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = new Cli(new CliEnvironment(cli.variables(), true, java.util.Optional.empty())).run(
                List.of("index", "--format", "json"), dir, java.io.InputStream.nullInputStream(),
                new java.io.PrintWriter(out), new java.io.PrintWriter(err));
        assertEquals(0, code, err::toString);
        JsonObject report = Json.createReader(new java.io.StringReader(out.toString())).readObject();
        assertEquals(251, report.getInt("commits_indexed") + report.getInt("skipped"), out::toString);
        assertEquals(1, report.getInt("diffs_unread"), out::toString);
        assertFalse(err.toString().contains("--numstat"), "no git command line: " + err);
    }

    @Test
    void graphitisOwnFilesCommittedBeforeTheyWereExcludedAreNeitherModulesNorEntities() {
        repo.commit("Add the session store", Map.of("src/main/java/dev/demo/session/Store.java", "class Store {}\n",
                ".graphiti/run/prompt.lock", "", ".graphiti/graph.db", "SQLite format 3\n"));
        repo.commit("Remove graphiti's files", TestRepo.files(".graphiti/run/prompt.lock", null, ".graphiti/graph.db", null));
        index();
        JsonObject added = cli.run(dir, "show", "Add the session store", "--format", "json").object();
        assertFalse(added.toString().contains(".graphiti"), added::toString);
        assertTrue(added.getString("content").contains("Modules: dev.demo.session\n"), added::toString);
        String list = cli.run(dir, "list", "--format", "json").out();
        assertFalse(list.contains(".graphiti"), list);
    }

    @Test
    void anEmptyRepositoryReportsNoHead() throws Exception {
        JsonObject report = index();
        assertEquals(0, report.getInt("commits_indexed"));
        assertTrue(report.isNull("head"));
    }
}
