package dev.graphiti.ingest.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.SkipReason;
import dev.graphiti.ingest.ItemDraft;
import dev.graphiti.ingest.ItemSink;
import dev.graphiti.redact.Redactor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryIndexerTest {

    static final String FAKE_AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    static final String FAKE_TOKEN = "ghp_R2D2c3poBB8sKywalkerLeiaHanSolo42xyz";

    @TempDir
    Path dir;

    /** Keeps drafts in order; a second draft for the same source is a duplicate. */
    static final class CollectingSink implements ItemSink {
        final List<ItemDraft> drafts = new ArrayList<>();
        final Map<String, String> bySource = new HashMap<>();

        @Override
        public Stored store(ItemDraft draft) {
            String existing = bySource.get(draft.source());
            if (existing != null) {
                return new Stored(existing, true);
            }
            drafts.add(draft);
            String id = "i" + drafts.size();
            bySource.put(draft.source(), id);
            return new Stored(id, false);
        }

        ItemDraft titled(String title) {
            return drafts.stream().filter(d -> d.title().equals(title)).findFirst().orElseThrow(
                    () -> new AssertionError("no item titled " + title + " in " + drafts.stream().map(ItemDraft::title).toList()));
        }
    }

    private final MemoryLedger ledger = new MemoryLedger();
    private final CollectingSink sink = new CollectingSink();

    private IndexReport index(IndexRequest request) {
        return new HistoryIndexer(new GitHistory(Git.at(dir)), ledger, sink, new Redactor()).index(request, IndexProgress.NONE);
    }

    /** Twelve commits: five worth keeping, six the gate skips (one per reason, two bots), one clean merge. */
    private TestRepo mixedHistory() {
        TestRepo repo = new TestRepo(dir);
        repo.commit("Add the config parser", Map.of("src/main/java/dev/demo/config/Parser.java", "class Parser {}\n",
                "pom.xml", "<project/>\n"));
        repo.commit("dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
                "Bump junit from 5.9.0 to 5.10.0", Map.of("pom.xml", "<project>5.10</project>\n"));
        repo.commit("Ada Lovelace <ada@example.com>", "chore(deps): update slf4j to 2.0.9", Map.of("pom.xml", "<project>2.0.9</project>\n"));
        repo.commit("Release 1.2.0", Map.of("VERSION", "1.2.0\n"));
        repo.commit("Update the changelog", Map.of("CHANGELOG.md", "## 1.2.0\n- parser\n"));
        repo.commit("Fix typo", Map.of("src/main/java/dev/demo/config/Parser.java", "class  Parser {}\n"));
        repo.commit("github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
                "Refresh generated docs", Map.of("docs/api.md", "api\n"));
        repo.commit("Add config loader reading the environment\n\nThe key " + FAKE_AWS_SECRET + " is only for tests.",
                Map.of(".env", "AWS_SECRET_ACCESS_KEY=" + FAKE_AWS_SECRET + "\n",
                        "src/main/java/dev/demo/config/Loader.java", "String token = \"" + FAKE_TOKEN + "\";\n"));
        repo.git("checkout", "-q", "-b", "side");
        repo.commit("fix: loader crashed on an empty environment", Map.of("src/main/java/dev/demo/config/Loader.java",
                "String token = System.getenv(\"TOKEN\");\n"));
        repo.git("checkout", "-q", "main");
        repo.commit("Decide to keep SQLite over Postgres for the local store", Map.of("docs/adr/0001-store.md", "SQLite\n"));
        repo.git("merge", "-q", "--no-edit", "side");
        repo.commit("Rename the parser to reader", TestRepo.files("src/main/java/dev/demo/config/Parser.java", null,
                "src/main/java/dev/demo/config/Reader.java", "class  Parser {}\n"));
        return repo;
    }

    @Test
    void keepsKnowledgeSkipsNoiseAndClassifies() {
        TestRepo repo = mixedHistory();

        IndexReport report = index(IndexRequest.incremental());

        assertEquals(repo.head(), report.head());
        assertEquals(5, report.commitsIndexed());
        assertEquals(7, report.skipped());
        assertEquals(Map.of(SkipReason.bot, 2, SkipReason.dependency_bump, 1, SkipReason.release, 1,
                SkipReason.version_files_only, 1, SkipReason.trivial, 1, SkipReason.empty_merge, 1), report.skippedBy());
        assertEquals("decision", sink.titled("Decide to keep SQLite over Postgres for the local store").kind());
        assertEquals("bugfix", sink.titled("fix: loader crashed on an empty environment").kind());
        ItemDraft parser = sink.titled("Add the config parser");
        assertEquals("commit", parser.kind());
        assertTrue(parser.source().startsWith("git:"));
        assertTrue(parser.content().contains("- src/main/java/dev/demo/config/Parser.java (+1 -0)"), parser.content());
        assertTrue(parser.content().contains("Modules: dev.demo.config"), parser.content());
        assertTrue(parser.content().contains("authored 2023-11-14T22:14:20Z"), parser.content());
        assertEquals(java.time.Instant.parse("2023-11-14T22:14:20Z"), parser.createdAt());
        assertTrue(parser.content().contains("2 files changed, +2 -0"), parser.content());
        ItemDraft rename = sink.titled("Rename the parser to reader");
        assertTrue(rename.content().contains("src/main/java/dev/demo/config/Parser.java -> src/main/java/dev/demo/config/Reader.java"),
                rename.content());
        assertEquals(12, ledger.judged.size());
        assertNull(ledger.judged.stream().filter(j -> j.skipReason() == null).findFirst().orElseThrow().skipReason());
    }

    @Test
    void fileContentsNeverReachTheItems() {
        mixedHistory();
        index(IndexRequest.incremental());
        ItemDraft loader = sink.titled("Add config loader reading the environment");
        assertTrue(loader.content().contains(".env (+1 -0)"), loader.content());
        for (ItemDraft draft : sink.drafts) {
            assertFalse(draft.content().contains(FAKE_TOKEN), draft.content());
            assertFalse(draft.content().contains("AWS_SECRET_ACCESS_KEY"), draft.content());
        }
    }

    @Test
    void cursorWalksOnlyNewCommitsAcrossRunsAndBranches() {
        TestRepo repo = mixedHistory();
        index(IndexRequest.incremental());

        IndexReport again = index(IndexRequest.incremental());
        assertEquals(0, again.walked());

        repo.commit("Add the search command", Map.of("src/Search.java", "class Search {}\n"));
        repo.commit("Cache search results per scope", Map.of("src/Search.java", "class Search { Cache c; }\n"));
        IndexReport two = index(IndexRequest.incremental());
        assertEquals(2, two.commitsIndexed());
        assertEquals(2, two.walked());

        repo.git("checkout", "-q", "-b", "feature");
        repo.commit("Add the summarize command", Map.of("src/Summarize.java", "class Summarize {}\n"));
        assertEquals(1, index(IndexRequest.incremental()).walked());
        repo.git("checkout", "-q", "main");
        repo.commit("Document the CLI contract", Map.of("docs/cli.md", "contract\n"));
        IndexReport onMain = index(IndexRequest.incremental());
        assertEquals(1, onMain.walked());
        assertEquals(1, onMain.commitsIndexed());

        repo.git("merge", "-q", "--no-edit", "feature");
        IndexReport merged = index(IndexRequest.incremental());
        assertEquals(1, merged.walked(), "only the merge commit itself is new");
        assertEquals(Map.of(SkipReason.empty_merge, 1), merged.skippedBy());
    }

    @Test
    void rebasedCommitsAreRecognisedAndNothingIsStoredTwice() {
        TestRepo repo = mixedHistory();
        repo.git("checkout", "-q", "-b", "feature");
        repo.commit("Add the summarize command", Map.of("src/Summarize.java", "class Summarize {}\n"));
        repo.commit("Summaries fall back to counts without an LLM", Map.of("src/Summarize.java", "class Summarize { int n; }\n"));
        index(IndexRequest.incremental());
        int stored = sink.drafts.size();
        repo.git("checkout", "-q", "main");
        repo.commit("Add the compact command", Map.of("src/Compact.java", "class Compact {}\n"));
        repo.git("checkout", "-q", "feature");
        repo.git("rebase", "-q", "main");

        IndexReport afterRebase = index(IndexRequest.incremental());

        assertEquals(1, afterRebase.commitsIndexed(), "only the new main commit");
        assertEquals(2, afterRebase.alreadyIndexed(), "the two rebased commits are the same changes");
        assertEquals(stored + 1, sink.drafts.size());

        // once git gc has pruned the old tips, the walk is longer but still stores nothing twice
        repo.git("reflog", "expire", "--expire=now", "--all");
        repo.git("gc", "-q", "--prune=now");
        repo.commit("Explain the compaction rules", Map.of("docs/compact.md", "rules\n"));
        IndexReport afterGc = index(IndexRequest.incremental());
        assertEquals(1, afterGc.commitsIndexed());
        assertEquals(stored + 2, sink.drafts.size());
        assertEquals(0, afterGc.duplicates());
    }

    @Test
    void fullRewalksEverythingIdempotentlyAndSinceStartsAtARevision() {
        TestRepo repo = mixedHistory();
        String before = repo.head();
        repo.commit("Add the search command", Map.of("src/Search.java", "class Search {}\n"));

        IndexReport since = index(new IndexRequest(false, before));
        assertEquals(1, since.walked());
        assertEquals(1, since.commitsIndexed());

        IndexReport full = index(new IndexRequest(true, null));
        assertEquals(13, full.walked());
        assertEquals(1, full.alreadyIndexed());
        assertEquals(5, full.commitsIndexed());

        IndexReport fullAgain = index(new IndexRequest(true, null));
        assertEquals(13, fullAgain.alreadyIndexed());
        assertEquals(0, fullAgain.commitsIndexed());
        assertEquals(6, sink.drafts.size());
    }

    @Test
    void fiveHundredCommitsCountedSkippedAndResumed() {
        TestRepo repo = new TestRepo(dir);
        Map<Integer, String> messages = new HashMap<>();
        for (int i = 10; i <= 600; i += 10) {
            messages.put(i, "Bump guava from 31." + i + " to 32." + i);
        }
        for (int i = 25; i <= 600; i += 50) {
            messages.put(i, "Release 1." + i + ".0");
        }
        repo.bulk(600, messages);
        List<int[]> progress = new ArrayList<>();

        IndexReport report = new HistoryIndexer(new GitHistory(Git.at(dir)), ledger, sink, new Redactor())
                .index(IndexRequest.incremental(), (walked, total) -> progress.add(new int[] {walked, total}));

        assertEquals(600, report.walked());
        assertEquals(Map.of(SkipReason.bot, 60, SkipReason.release, 12), report.skippedBy());
        assertEquals(528, report.commitsIndexed());
        assertEquals(600, progress.get(progress.size() - 1)[0]);
        assertEquals(600, progress.get(0)[1]);

        repo.bulk(20, Map.of());
        IndexReport next = index(IndexRequest.incremental());
        assertEquals(20, next.walked());
        assertEquals(20, next.commitsIndexed());
        assertEquals(0, index(IndexRequest.incremental()).walked());
    }

    @Test
    void anEmptyRepositoryHasNothingToIndex() {
        new TestRepo(dir);
        IndexReport report = index(IndexRequest.incremental());
        assertNull(report.head());
        assertEquals(0, report.walked());
    }
}
