package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.git.TestRepo;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Freshness over git time on real repositories built by the test, through the CLI into a real SQLite file (and, in
 * {@link PostgresFreshnessTest}, PostgreSQL): a reverted commit's item is marked stale at HEAD with the revert's id and
 * current as of the commit before the revert, ranked below current knowledge, never deleted; `--as-of` answers with what
 * held then; a bad ref is a clear error.
 */
class FreshnessTest {

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
        cli = store(new CliHarness(tmp.resolve("home")));
    }

    /** The harness on the store under test: SQLite here. */
    CliHarness store(CliHarness harness) {
        return harness;
    }

    private CliHarness.Result run(String... args) {
        CliHarness.Result result = cli.run(dir, args);
        assertEquals(0, result.code(), result::toString);
        return result;
    }

    private List<JsonObject> rows(String... args) {
        String[] full = Stream.concat(Stream.of(args), Stream.of("--format", "json")).toArray(String[]::new);
        return run(full).array().getValuesAs(JsonObject.class);
    }

    private JsonObject itemOf(String sha) {
        return rows("list", "--all", "--limit", "100").stream()
                .filter(row -> row.getString("source").equals("git:" + sha)).findFirst()
                .orElseThrow(() -> new AssertionError("no item of commit " + sha));
    }

    private String revert(String sha, String subject, Map<String, String> files) {
        return repo.commit("Revert \"" + subject + "\"\n\nThis reverts commit " + sha + ".", files);
    }

    @Test
    void aRevertedCommitIsStaleAtHeadWithTheRevertsIdAndCurrentAsOfTheCommitBefore() {
        String cache = "Cache parsed configs in memory so that a reload costs nothing";
        String cached = repo.commit(cache, Map.of("src/Config.java", "class Config { Map cache; }\n"));
        String pool = repo.commit("Use a connection pool because opening connections costs 40 ms",
                Map.of("src/Db.java", "class Db { Pool pool; }\n"));
        String reverted = revert(cached, cache, Map.of("src/Config.java", "class Config {}\n"));
        JsonObject indexed = run("index", "--format", "json").object();
        assertEquals(1, indexed.getInt("marked_stale"), indexed::toString);

        JsonObject item = itemOf(cached);
        assertTrue(item.getBoolean("stale"), item::toString);
        assertEquals(reverted, item.getString("ended_by"), item::toString);
        assertEquals("reverted", item.getString("ended_why"), item::toString);
        assertEquals("stale since " + reverted.substring(0, 12) + ": reverted", item.getString("mark"));
        assertFalse(itemOf(pool).getBoolean("stale"));

        // never deleted: search still finds it at HEAD, marked, in JSON and in text
        JsonObject atHead = rows("search", "cache configs reload", "--ranking", "lexical").stream()
                .filter(hit -> hit.getString("id").equals(item.getString("id"))).findFirst().orElseThrow();
        assertTrue(atHead.getBoolean("stale"), atHead::toString);
        String text = run("search", "cache configs reload", "--ranking", "lexical").out();
        assertTrue(text.contains("(stale since " + reverted.substring(0, 12) + ": reverted)"), text);

        // as of the commit before the revert, it held: found, and not stale
        List<JsonObject> before = rows("search", "cache configs reload", "--ranking", "lexical", "--as-of", pool);
        assertEquals(List.of(item.getString("id")), before.stream().map(hit -> hit.getString("id")).toList());
        assertFalse(before.get(0).getBoolean("stale"), before::toString);
        assertFalse(run("search", "cache configs reload", "--ranking", "lexical", "--as-of", reverted + "~1").out()
                .contains("stale since"));
    }

    @Test
    void searchRanksCurrentKnowledgeAboveWhatARevertEnded() {
        String subject = "Parse the YAML config with a hand-written YAML parser because the YAML library is large";
        String handWritten = repo.commit(subject + "\n\nThe YAML config parser reads YAML config files.",
                Map.of("src/yaml/Parser.java", "class Parser {}\n"));
        revert(handWritten, subject, Map.of("src/yaml/Parser.java", "class Parser { /* gone */ }\n"));
        String library = repo.commit("Read the config with SnakeYAML instead of our own parser",
                Map.of("src/Config.java", "class Config { Yaml yaml; }\n"));
        run("index");

        List<String> ranked = rows("search", "YAML config parser", "--ranking", "lexical").stream()
                .map(hit -> hit.getString("source")).toList();
        assertEquals(List.of("git:" + library, "git:" + handWritten), ranked.stream()
                .filter(source -> source.equals("git:" + library) || source.equals("git:" + handWritten)).toList(),
                "the current item first, the reverted one after it: " + ranked);
    }

    @Test
    void listAsOfADateShowsWhatHeldThen() {
        String kept = repo.commit("Store sessions in Redis so that several servers share them",
                Map.of("src/Sessions.java", "class Sessions {}\n"));
        String dropped = repo.commit("Sign the cookies with HMAC-SHA1 because the proxy strips long cookies",
                Map.of("src/Cookies.java", "class Cookies {}\n"));
        repo.commit("Compress the responses with gzip to reduce the bandwidth bill",
                Map.of("src/Gzip.java", "class Gzip {}\n"));
        String reverting = revert(dropped, "Sign the cookies with HMAC-SHA1 because the proxy strips long cookies",
                Map.of("src/Cookies.java", "class Cookies { /* unsigned */ }\n"));
        String later = repo.commit("Rate-limit the login endpoint to avoid password spraying",
                Map.of("src/Login.java", "class Login {}\n"));
        run("index");

        // between the gzip commit and the revert: the first three held, the revert and the rate limit were not there yet
        Instant reverted = Instant.ofEpochSecond(Long.parseLong(repo.git("log", "-1", "--format=%ct", reverting)));
        String date = reverted.minusSeconds(30).toString();
        List<String> then = rows("list", "--as-of", date).stream().map(row -> row.getString("source")).toList();
        assertTrue(then.contains("git:" + kept) && then.contains("git:" + dropped), then::toString);
        assertFalse(then.contains("git:" + later) || then.contains("git:" + reverting), then::toString);

        // now: the reverted decision is still listed (never deleted), marked, and the later one is there
        List<JsonObject> now = rows("list");
        JsonObject ended = now.stream().filter(row -> row.getString("source").equals("git:" + dropped)).findFirst()
                .orElseThrow();
        assertTrue(ended.getBoolean("stale"), ended::toString);
        assertTrue(now.stream().anyMatch(row -> row.getString("source").equals("git:" + later)), now::toString);

        // as of a date after the revert, the reverted decision no longer held: in the answer, stale then, as at HEAD
        List<JsonObject> after = rows("list", "--as-of", reverted.plusSeconds(1).toString());
        JsonObject endedThen = after.stream().filter(row -> row.getString("source").equals("git:" + dropped))
                .findFirst().orElseThrow(() -> new AssertionError("the reverted decision is left out: " + after));
        assertTrue(endedThen.getBoolean("stale"), endedThen::toString);
        assertEquals(reverting, endedThen.getString("ended_by", "not ended"), endedThen::toString);
        assertFalse(after.stream().filter(row -> row.getString("source").equals("git:" + kept)).findFirst()
                .orElseThrow().getBoolean("stale"), after::toString);
        assertFalse(rows("list", "--as-of", date).stream().filter(row -> row.getString("source").equals("git:" + dropped))
                .findFirst().orElseThrow().getBoolean("stale"), "current before its revert");
    }

    @Test
    void anUnknownRefOrABadDateIsAClearErrorAndChangesNothing() {
        repo.commit("Store sessions in Redis so that several servers share them", Map.of("src/Sessions.java", "x\n"));
        run("index");
        for (String command : List.of("search", "list", "context")) {
            List<String> args = command.equals("search") ? List.of(command, "sessions", "--as-of", "no-such-branch")
                    : List.of(command, "--as-of", "no-such-branch");
            CliHarness.Result result = cli.run(dir, args.toArray(String[]::new));
            assertEquals(2, result.code(), result::toString);
            assertTrue(result.err().contains("--as-of 'no-such-branch' names no commit in ")
                    && result.err().contains("give a branch, a tag, a commit id (HEAD~20) or a date (2025-01-31"),
                    result::toString);
            assertEquals("", result.out(), result::toString);
        }
        assertEquals(1, rows("list").size());
    }

    @Test
    void aCommitWhoseFilesAreAllDeletedSinceIsStaleButAMovedFileKeepsItsKnowledge() {
        String legacy = repo.commit("Keep the XML exporter for the billing system because it cannot read JSON",
                Map.of("src/export/XmlExporter.java", "class XmlExporter {}\n"));
        String moved = repo.commit("Parse dates leniently so that old exports still load",
                Map.of("src/DateParser.java", "class DateParser {}\n"));
        repo.commit("Move the date parser into the time package", TestRepo.files("src/DateParser.java", null,
                "src/time/DateParser.java", "class DateParser {}\n"));
        String removal = repo.commit("Drop the XML exporter: billing reads JSON now",
                TestRepo.files("src/export/XmlExporter.java", null, "src/export/JsonExporter.java", "class J {}\n"));
        run("index");

        JsonObject gone = itemOf(legacy);
        assertTrue(gone.getBoolean("stale"), gone::toString);
        assertEquals(removal, gone.getString("ended_by"));
        assertEquals("file deleted: src/export/XmlExporter.java", gone.getString("ended_why"));
        assertFalse(itemOf(moved).getBoolean("stale"), "a moved file keeps its knowledge");
        assertFalse(itemOf(removal).getBoolean("stale"), "the removal itself is current");
    }

    /** Twenty numbered lines of {@code name}, the ones in {@code rewritten} replaced by a new version of the line. */
    private static String lines(String name, Set<Integer> rewritten) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            text.append(rewritten.contains(i) ? "  int " + name + i + " = next(" + i + "); // streamed\n"
                    : "  int " + name + i + " = retry(" + i + ");\n");
        }
        return text.toString();
    }

    @Test
    void aFileLargelyRewrittenSinceMarksTheDecisionAboutItFromTheCommitThatCrossedTheLine() {
        String upload = repo.commit("Retry each upload three times with backoff because the storage API drops requests",
                Map.of("src/Upload.java", lines("u", Set.of())));
        String cache = repo.commit("Cache the upload tokens for an hour because minting one costs a round trip",
                Map.of("src/Tokens.java", lines("t", Set.of())));
        String firstHalf = repo.commit("Stream the upload body instead of buffering it",
                Map.of("src/Upload.java", lines("u", Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9))));
        repo.commit("Name the token lifetime", Map.of("src/Tokens.java", lines("t", Set.of(4, 5))));
        repo.commit("Indent the token code with tabs",
                Map.of("src/Tokens.java", lines("t", Set.of(4, 5)).replace("  int", "\tint")));
        String crossed = repo.commit("Replace the retry loop with the storage client's resumable sessions",
                Map.of("src/Upload.java", lines("u", Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                        15, 16))));
        String current = repo.commit("Upload with resumable sessions so that a dropped request resumes",
                Map.of("src/Resume.java", "class Resume {}\n"));
        JsonObject indexed = run("index", "--format", "json").object();
        assertEquals(1, indexed.getInt("marked_stale"), indexed::toString);

        JsonObject item = itemOf(upload);
        assertTrue(item.getBoolean("stale"), item::toString);
        assertEquals(crossed, item.getString("ended_by"), "the commit past which most of its lines were gone");
        assertEquals("rewritten: 16 of the 20 lines of src/Upload.java at its commit are gone", item.getString("ended_why"));
        assertEquals("stale since " + crossed.substring(0, 12) + ": " + item.getString("ended_why"), item.getString("mark"));
        assertFalse(itemOf(cache).getBoolean("stale"), "a file edited a little, then re-indented, keeps its knowledge");
        assertFalse(itemOf(firstHalf).getBoolean("stale"), "under half of its lines gone: current");

        // never deleted: found at HEAD with its mark, after the current knowledge
        String text = run("search", "upload retry storage", "--ranking", "lexical").out();
        assertTrue(text.contains("(stale since " + crossed.substring(0, 12) + ": rewritten"), text);
        List<String> ranked = rows("search", "upload retry storage", "--ranking", "lexical").stream()
                .map(hit -> hit.getString("source")).toList();
        assertTrue(ranked.indexOf("git:" + current) < ranked.indexOf("git:" + upload), ranked::toString);
        // as of the commit before the rewrite crossed the line, it held
        JsonObject then = rows("search", "upload retry storage", "--ranking", "lexical", "--as-of", crossed + "~1")
                .stream().filter(hit -> hit.getString("source").equals("git:" + upload)).findFirst().orElseThrow();
        assertFalse(then.getBoolean("stale"), then::toString);
    }

    /** The next `index` after a rewrite checks the items of the files its new commits changed: earlier ones too. */
    @Test
    void anIncrementalIndexMarksAnEarlierItemWhoseFileTheNewCommitsRewrote() {
        String upload = repo.commit("Retry each upload three times with backoff because the storage API drops requests",
                Map.of("src/Upload.java", lines("u", Set.of())));
        run("index");
        assertFalse(itemOf(upload).getBoolean("stale"));
        String rewrite = repo.commit("Replace the retry loop with the storage client's resumable sessions",
                Map.of("src/Upload.java", lines("u", Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))));
        JsonObject indexed = run("index", "--format", "json").object();
        assertEquals(1, indexed.getInt("commits_indexed"), indexed::toString);
        assertEquals(1, indexed.getInt("marked_stale"), indexed::toString);
        assertEquals(rewrite, itemOf(upload).getString("ended_by"));
    }

    /** Counting lines reads blobs: a repository that lost one still indexes, with its other marks (gson's mirror). */
    @Test
    void aRepositoryThatLostABlobStillIndexesAndKeepsItsOtherMarks() throws Exception {
        String cache = "Cache parsed configs in memory so that a reload costs nothing";
        String cached = repo.commit(cache, Map.of("src/Config.java", lines("c", Set.of())));
        repo.commit("Read the config lazily because most runs never need it",
                Map.of("src/Config.java", lines("c", Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))));
        String reverted = revert(cached, cache, Map.of("src/Config.java", lines("c", Set.of(1, 2))));
        String blob = repo.git("rev-parse", cached + ":src/Config.java").strip();
        Files.delete(dir.resolve(".git/objects/" + blob.substring(0, 2) + "/" + blob.substring(2)));

        JsonObject indexed = run("index", "--format", "json").object();
        assertEquals(1, indexed.getInt("marked_stale"), indexed::toString);
        assertEquals(reverted, itemOf(cached).getString("ended_by"));
    }

    @Test
    void aLaterJavaTargetSupersedesTheEarlierOneAndAsOfAnswersWithTheOldOne() {
        String six = repo.commit("Build for Java 6 so that Android users can use the library",
                Map.of("pom.xml", "<project><source>1.6</source><target>1.6</target><name>lib</name></project>\n"));
        repo.commit("Add a streaming reader because large documents do not fit in memory",
                Map.of("src/Reader.java", "class Reader {}\n"));
        String eight = repo.commit("Build for Java 8 rather than Java 7.\n\nLambdas make the adapters shorter.",
                Map.of("pom.xml", "<project><source>8</source><target>8</target><name>lib</name></project>\n"));
        repo.commit("Build with JDK 17 on CI because JDK 11 is out of support",
                Map.of("ci.yml", "jdk: 17\n"));
        run("index");

        JsonObject old = itemOf(six);
        assertTrue(old.getBoolean("stale"), old::toString);
        assertEquals(eight, old.getString("ended_by"));
        assertTrue(old.getString("ended_why").startsWith("superseded: the Java version the project is built for"), old::toString);
        assertFalse(itemOf(eight).getBoolean("stale"), "the JDK CI builds on is another subject");

        List<String> now = rows("search", "what Java version do we build for", "--ranking", "lexical").stream()
                .map(hit -> hit.getString("source")).filter(source -> source.equals("git:" + six)
                        || source.equals("git:" + eight)).toList();
        assertEquals(List.of("git:" + eight, "git:" + six), now);
        List<String> then = rows("search", "what Java version do we build for", "--ranking", "lexical", "--as-of",
                eight + "~1").stream().map(hit -> hit.getString("source")).toList();
        assertEquals(Optional.of("git:" + six), then.stream().findFirst(), then::toString);
        assertFalse(then.contains("git:" + eight), then::toString);
    }

    /** gson's reverted commits were one-line build changes the gate skipped: reverted, they are kept and marked. */
    @Test
    void aReversedRoutineCommitIsKeptAndMarked() {
        String subject = "Adds `error_prone_annotations` to the `pom.xml`";
        String added = repo.commit(subject, Map.of("pom.xml", "<project><dep>error_prone_annotations</dep></project>\n"));
        String reverted = revert(added, subject, Map.of("pom.xml", "<project></project>\n"));
        run("index");

        JsonObject item = itemOf(added);
        assertTrue(item.getBoolean("stale"), item::toString);
        assertEquals(reverted, item.getString("ended_by"), item::toString);
    }

    /** A revert says what it undoes in many ways: "Revert \"subject\"" alone, "Back out ...", "Undo commit abc1234". */
    @Test
    void revertsWithoutTheStandardLineEndWhatTheyName() {
        String cache = "Cache parsed configs in memory so that a reload costs nothing";
        String cached = repo.commit(cache, Map.of("src/Config.java", "class Config { Map cache; }\n"));
        String pool = "Use a connection pool because opening connections costs 40 ms";
        String pooled = repo.commit(pool, Map.of("src/Db.java", "class Db { Pool pool; }\n"));
        String retry = "Retry the upload three times because the storage drops one request in fifty";
        String retried = repo.commit(retry, Map.of("src/Upload.java", "class Upload { int retries = 3; }\n"));
        String kept = repo.commit("Compress the responses with gzip to reduce the bandwidth bill",
                Map.of("src/Gzip.java", "class Gzip {}\n"));
        String byQuote = repo.commit("Revert \"" + cache + "\"", Map.of("src/Config.java", "class Config {}\n"));
        String backOut = repo.commit("Back out \"" + pool + "\"\n\nThe pool leaked connections under load.",
                Map.of("src/Db.java", "class Db {}\n"));
        String undo = repo.commit("Undo commit " + retried.substring(0, 9) + ": the storage retries itself now",
                Map.of("src/Upload.java", "class Upload {}\n"));
        run("index");

        assertEquals(byQuote, itemOf(cached).getString("ended_by", "not ended"));
        assertEquals(backOut, itemOf(pooled).getString("ended_by", "not ended"));
        assertEquals(undo, itemOf(retried).getString("ended_by", "not ended"));
        assertFalse(itemOf(kept).getBoolean("stale"));
    }

    /**
     * gson's pull requests: a branch commit indexed while its author worked on it (the post-commit hook), reverted on
     * the branch, and the branch squash-merged, its message carrying each "This reverts commit X" line. The squash ends
     * every commit it names, also once the branch is deleted and git no longer has them: the items came from the graph's
     * ledger, not from the history HEAD reaches.
     */
    @Test
    void aSquashMergeEndsEveryCommitItsMessageRevertsEvenOnceGitNoLongerHasThem() {
        repo.commit("Read the settings from a TOML file because YAML's indentation broke two deployments",
                Map.of("src/Settings.java", "class Settings {}\n"));
        repo.git("checkout", "-q", "-b", "feature");
        String header = "Link the ProGuard header by its ref id so that the docs survive a rename";
        String tried = repo.commit(header, Map.of("docs/proguard.md", "# ProGuard {#proguard}\n"));
        String annotations = "Add error_prone_annotations to the pom.xml so that @InlineMe compiles";
        String added = repo.commit(annotations, Map.of("pom.xml", "<project><dep>error_prone</dep></project>\n"));
        run("index"); // the author's hook, on the branch
        repo.commit("Revert \"" + header + "\"\n\nThis reverts commit " + tried + ".", TestRepo.files("docs/proguard.md", null));
        repo.commit("Revert \"" + annotations + "\"\n\nThis reverts commit " + added + ".", TestRepo.files("pom.xml", null));
        repo.git("checkout", "-q", "main");
        repo.git("merge", "-q", "--squash", "feature");
        String squash = repo.commit("Remove the outdated ProGuard example (#2843)\n\n* " + header + "\n\n* " + annotations
                + "\n\n* Revert \"" + header + "\"\n\nThis reverts commit " + tried + ".\n\n* Revert \"" + annotations
                + "\"\n\nThis reverts commit " + added + ".\n\n* Rearrange", Map.of("README.md", "The example is gone.\n"));
        repo.git("branch", "-q", "-D", "feature");
        repo.git("reflog", "expire", "--expire=now", "--all");
        repo.git("gc", "-q", "--prune=now");
        assertEquals("", repo.git("rev-parse", "-q", "--verify", added + "^{commit}"), "git no longer has the commit");
        run("index");

        for (String sha : List.of(tried, added)) {
            JsonObject item = itemOf(sha);
            assertTrue(item.getBoolean("stale"), item::toString);
            assertEquals(squash, item.getString("ended_by", "not ended"), item::toString);
            assertEquals("reverted", item.getString("ended_why"), item::toString);
        }
        // the moment before the squash (its parent on main is older than the branch's commits)
        String before = Instant.ofEpochSecond(Long.parseLong(repo.git("log", "-1", "--format=%ct", squash)) - 1).toString();
        assertFalse(rows("list", "--as-of", before).stream().filter(row -> row.getString("source")
                .equals("git:" + added)).findFirst().orElseThrow().getBoolean("stale"), "current before the squash");
    }

    /** Reverting a revert puts the original back: it holds again, and the first revert is what ended. */
    @Test
    void aRevertOfARevertLeavesTheOriginalCurrent() {
        String subject = "Cache parsed configs in memory so that a reload costs nothing";
        String cached = repo.commit(subject, Map.of("src/Config.java", "class Config { Map cache; }\n"));
        String reverted = revert(cached, subject, Map.of("src/Config.java", "class Config {}\n"));
        String again = repo.commit("Revert \"Revert \"" + subject + "\"\"\n\nThis reverts commit " + reverted
                + ".\n\nThe reload cost is back since the configs grew.", Map.of("src/Config.java",
                "class Config { Map cache; }\n"));
        run("index");

        assertFalse(itemOf(cached).getBoolean("stale"), () -> "the original holds again: " + itemOf(cached));
        assertEquals(again, itemOf(reverted).getString("ended_by", "not ended"));
    }

    /**
     * gson's question: its 2010 statement of the Java target matches "what Java version do we build for" best, and
     * other current commits match it better than the statement that holds now ("Build for Java 8 ..."), which says
     * neither "version" nor "minimum". The answer that holds now takes the place of the older statement it ended; the ended
     * statements follow every current hit, the newest first.
     */
    @Test
    void theStatementThatHoldsNowLeadsWhereTheOlderStatementItEndedWouldHaveRanked() {
        String six = repo.commit("Lower the minimum Java version to 6 for the build, so that we build for Android too",
                Map.of("pom.xml", "<project><source>1.6</source><target>1.6</target></project>\n"));
        String banner = repo.commit("Print the Java version in the banner",
                Map.of("src/Banner.java", "class Banner {}\n"));
        String seven = repo.commit("Change target Java version to 7",
                Map.of("pom.xml", "<project><source>1.7</source><target>1.7</target></project>\n"));
        repo.commit("Check the Java version of the build tool and fail early on an old one",
                Map.of("src/Check.java", "class Check {}\n"));
        String eight = repo.commit("Build for Java 8 rather than Java 7.",
                Map.of("pom.xml", "<project><source>8</source><target>8</target></project>\n"));
        run("index");
        assertEquals(eight, itemOf(seven).getString("ended_by"));
        assertEquals(seven, itemOf(six).getString("ended_by"));

        List<String> ranked = rows("search", "what Java version do we build for", "--ranking", "lexical").stream()
                .map(hit -> hit.getString("source")).toList();
        assertEquals("git:" + eight, ranked.get(0), "the target that holds now answers first: " + ranked);
        assertTrue(ranked.indexOf("git:" + banner) < ranked.indexOf("git:" + seven), ranked::toString);
        assertEquals(List.of("git:" + seven, "git:" + six), ranked.subList(ranked.size() - 2, ranked.size()),
                "the ended statements last, the newest first: " + ranked);

        // as of the commit before Java 8, what held then: Java 7 first, in the place of Java 6 that it had ended by then
        // (the chain kept as of then: Java 6 in the answer, stale then, last), and no Java 8 (not yet made)
        List<JsonObject> then = rows("search", "what Java version do we build for", "--ranking", "lexical", "--as-of",
                eight + "~1");
        List<String> sources = then.stream().map(hit -> hit.getString("source")).toList();
        assertEquals("git:" + seven, sources.get(0), sources::toString);
        assertEquals("git:" + six, sources.get(sources.size() - 1), "ended by then, so stale then and last: " + sources);
        assertTrue(then.get(sources.size() - 1).getBoolean("stale"), then::toString);
        assertFalse(then.get(0).getBoolean("stale"), then::toString);
        assertFalse(sources.contains("git:" + eight), sources::toString);
    }

    /**
     * gson at HEAD: current commits about the build match "what Java version do we build for" better than any statement
     * of the Java target, yet the question matched two of those statements (the stale Java 7 one and Java 8's own): it
     * asks about that subject, so the statement that holds now answers first, ahead of the better-matching banner.
     */
    @Test
    void theStatementThatHoldsNowLeadsWhenTheQuestionMatchedSeveralStatementsOfItsSubject() {
        String banner = repo.commit("Print the Java version of the build in the banner, so that a bug report says which "
                + "Java version built it", Map.of("src/Banner.java", "class Banner {}\n"));
        String seven = repo.commit("Change target Java version to 7",
                Map.of("pom.xml", "<project><source>1.7</source><target>1.7</target></project>\n"));
        String eight = repo.commit("Build for Java 8 rather than Java 7.",
                Map.of("pom.xml", "<project><source>8</source><target>8</target></project>\n"));
        run("index");
        assertEquals(eight, itemOf(seven).getString("ended_by"));

        List<String> ranked = rows("search", "what Java version do we build for", "--ranking", "lexical", "--limit", "3")
                .stream().map(hit -> hit.getString("source")).toList();
        assertEquals(List.of("git:" + eight, "git:" + banner, "git:" + seven), ranked,
                "the target that holds now first, the banner next, the ended statement last");
    }

    @Test
    void contextAsOfBriefsWhatHeldThenAndTheBriefAtHeadLeavesOutWhatARevertEnded() {
        String subject = "Retry the upload three times because the storage service drops one request in fifty";
        String retry = repo.commit(subject, Map.of("src/Upload.java", "class Upload { int retries = 3; }\n"));
        String revert = revert(retry, subject, Map.of("src/Upload.java", "class Upload {}\n"));
        repo.commit("Queue the uploads on disk so that a crash loses none", Map.of("src/Queue.java", "class Queue {}\n"));
        run("index");

        assertFalse(run("context").out().contains("Retry the upload"), "the brief holds what holds now");
        assertTrue(run("context", "--as-of", revert + "~1").out().contains("Retry the upload"),
                "as of the commit before the revert, the decision held");
    }
}
