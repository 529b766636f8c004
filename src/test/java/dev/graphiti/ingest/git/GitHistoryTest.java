package dev.graphiti.ingest.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitHistoryTest {

    @TempDir
    Path dir;

    private List<GitCommit> log(TestRepo repo, String... range) {
        List<GitCommit> commits = new ArrayList<>();
        new GitHistory(Git.at(repo.dir())).log(List.of(range), commits::add);
        return commits;
    }

    @Test
    void readsMessageAuthorTimeFilesAndRenames() {
        TestRepo repo = new TestRepo(dir);
        repo.commit("Add the parser\n\nIt reads the config format ünïcode.", Map.of("src/Parser.java", "a\nb\nc\n",
                "docs/ä notes.md", "x\n"));
        repo.commit("Rename parser to reader", TestRepo.files("src/Parser.java", null, "src/Reader.java", "a\nb\nc\nd\n"));
        repo.commit("Add a logo", Map.of("logo.bin", "\0\1\2\3"));

        List<GitCommit> commits = log(repo, "HEAD");

        assertEquals(3, commits.size());
        GitCommit logo = commits.get(0);
        assertTrue(logo.files().get(0).binary());
        GitCommit rename = commits.get(1);
        assertEquals(List.of(new FileChange("src/Reader.java", "src/Parser.java", 1, 0)), rename.files());
        GitCommit first = commits.get(2);
        assertEquals("Add the parser", first.subject());
        assertEquals("It reads the config format ünïcode.", first.body());
        assertEquals("Ada Lovelace", first.authorName());
        assertEquals("ada@example.com", first.authorEmail());
        assertEquals(Instant.ofEpochSecond(1_700_000_060L), first.authorTime());
        assertEquals(List.of(), first.parents());
        assertTrue(first.files().contains(new FileChange("docs/ä notes.md", null, 1, 0)));
        assertTrue(first.files().contains(new FileChange("src/Parser.java", null, 3, 0)));
        assertEquals(first.sha(), rename.parents().get(0));
    }

    @Test
    void cleanMergeHasNoFilesAndResolvedConflictKeepsItsFiles() {
        TestRepo repo = new TestRepo(dir);
        repo.commit("Base", Map.of("a.txt", "base\n", "b.txt", "base\n"));
        repo.git("checkout", "-q", "-b", "side");
        repo.commit("Side change", Map.of("a.txt", "side\n"));
        repo.git("checkout", "-q", "main");
        repo.commit("Main change", Map.of("b.txt", "main\n"));
        repo.git("merge", "-q", "--no-edit", "side");
        String clean = repo.head();
        repo.git("checkout", "-q", "-b", "other", "main~1");
        repo.commit("Other change", Map.of("a.txt", "other\n"));
        repo.git("checkout", "-q", "main");
        repo.git("merge", "-q", "other");
        repo.commit("Merge other, keeping both", Map.of("a.txt", "side and other\n"));
        String resolved = repo.head();

        Map<String, GitCommit> bySha = new java.util.HashMap<>();
        log(repo, "HEAD").forEach(commit -> bySha.put(commit.sha(), commit));

        assertTrue(bySha.get(clean).merge());
        assertEquals(0, bySha.get(clean).fileCount());
        assertTrue(bySha.get(resolved).merge());
        assertEquals(List.of("a.txt"), bySha.get(resolved).files().stream().map(FileChange::path).toList());
    }

    @Test
    void aPartialCloneWhoseRemoteIsGoneIsWalkedWholeAndTheUnreadableDiffsLoseOnlyTheirFileLists() throws Exception {
        TestRepo origin = new TestRepo(Files.createDirectories(dir.resolve("origin")));
        origin.commit("Add the parser", Map.of("src/Parser.java", "class Parser {}\n"));
        origin.commit("Add the readme", Map.of("README.md", "demo\n"));
        origin.commit("Rewrite the parser", Map.of("src/Parser.java", "final class Parser {}\n"));
        origin.git("config", "uploadpack.allowFilter", "true");
        Path clone = dir.resolve("clone");
        origin.git("clone", "-q", "--filter=blob:none", origin.dir().toUri().toString(), clone.toString());
        // A partial clone holds only the blobs of its checkout; with the remote gone git cannot fetch the others.
        try (var files = Files.walk(origin.dir())) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        List<GitCommit> commits = new ArrayList<>();

        LogResult result = new GitHistory(Git.at(clone)).log(List.of("HEAD"), commits::add);

        assertEquals(List.of("Rewrite the parser", "Add the readme", "Add the parser"),
                commits.stream().map(GitCommit::subject).toList());
        assertEquals(List.of(), commits.get(0).files(), "the old parser's blob is gone: no file list");
        assertEquals(List.of("README.md"), commits.get(1).files().stream().map(FileChange::path).toList());
        assertEquals(new LogResult(3, 2), result);
    }

    @Test
    void rangeExcludesWhatTheTipsReach() {
        TestRepo repo = new TestRepo(dir);
        String first = repo.commit("One", Map.of("a", "1"));
        repo.commit("Two", Map.of("a", "2"));
        List<GitCommit> commits = log(repo, "HEAD", "--not", first);
        assertEquals(List.of("Two"), commits.stream().map(GitCommit::subject).toList());
    }

    @Test
    void headBranchAndResolve() {
        TestRepo repo = new TestRepo(dir);
        GitHistory history = new GitHistory(Git.at(dir));
        assertTrue(history.head().isEmpty());
        String sha = repo.commit("One", Map.of("a", "1"));
        assertEquals(sha, history.head().orElseThrow());
        assertEquals("main", history.branch().orElseThrow());
        String second = repo.commit("Two", Map.of("a", "2"));
        String gone = "0123456789012345678901234567890123456789";
        assertEquals(1, history.count(GitHistory.rangeExcluding(second, List.of(sha, gone))), "a commit git lacks is ignored");
        assertEquals(2, history.count(GitHistory.rangeExcluding(second, List.of(gone))));
        GitException unknown = assertThrows(GitException.class, () -> history.resolve("no-such-branch"));
        assertTrue(unknown.getMessage().contains("'no-such-branch' does not name a commit"), unknown.getMessage());
        assertThrows(GitException.class, () -> history.resolve("--output=/tmp/x"));
        repo.git("checkout", "-q", "--detach");
        assertTrue(history.branch().isEmpty());
    }

    @Test
    void missingGitBinaryIsAClearError() {
        Git git = new Git(dir.resolve("no-git-here").toString(), dir, Duration.ofSeconds(5));
        GitException error = assertThrows(GitException.class, () -> git.run("status"));
        assertTrue(error.getMessage().contains("is git installed and on the PATH"), error.getMessage());
    }

    @Test
    void notARepositoryIsAClearError() {
        GitException error = assertThrows(GitException.class,
                () -> new GitHistory(Git.at(dir)).log(List.of("HEAD"), commit -> { }));
        assertTrue(error.getMessage().contains("failed (exit"), error.getMessage());
        assertTrue(error.getMessage().toLowerCase().contains("not a git repository"), error.getMessage());
    }

    @Test
    void aHangingGitIsKilledAtTheTimeout() throws Exception {
        Path slow = dir.resolve("slow-git");
        Files.writeString(slow, "#!/bin/sh\nexec sleep 30\n");
        Files.setPosixFilePermissions(slow, PosixFilePermissions.fromString("rwx------"));
        Git git = new Git(slow.toString(), dir, Duration.ofMillis(300));
        long start = System.nanoTime();
        GitException error = assertThrows(GitException.class, () -> git.run("log"));
        assertTrue(error.getMessage().contains("timed out"), error.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos());
    }
}
