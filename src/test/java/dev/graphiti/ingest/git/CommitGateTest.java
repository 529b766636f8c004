package dev.graphiti.ingest.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.graphiti.graph.SkipReason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommitGateTest {

    private final CommitGate gate = new CommitGate();

    /** A commit by a human touching the given files ("path:added:deleted"). */
    static GitCommit commit(String author, String message, String... files) {
        List<FileChange> changes = new ArrayList<>();
        for (String file : files) {
            String[] parts = file.split(":");
            changes.add(new FileChange(parts[0], null, Integer.parseInt(parts[1]), Integer.parseInt(parts[2])));
        }
        String[] nameAndEmail = author.split(" <");
        return new GitCommit("a".repeat(40), List.of("b".repeat(40)), nameAndEmail[0],
                nameAndEmail[1].replace(">", ""), Instant.EPOCH, message, changes, 0);
    }

    private Optional<SkipReason> check(String message, String... files) {
        return gate.check(commit(TestRepo.HUMAN, message, files));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
            "renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>",
            "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
            "github-actions <github-actions@github.com>",
            "Renovate Bot <bot@renovateapp.com>",
            "pre-commit-ci[bot] <66853113+pre-commit-ci[bot]@users.noreply.github.com>",
            "My Release Bot <release-bot@example.com>"})
    void botsAreSkipped(String author) {
        assertEquals(Optional.of(SkipReason.bot),
                gate.check(commit(author, "Refactor the parser into three passes", "src/P.java:80:20")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Bump lodash from 4.17.20 to 4.17.21",
            "Bump lodash from 4.17.20 to 4.17.21 in /web",
            "build(deps): bump jackson-databind from 2.15.0 to 2.15.2",
            "chore(deps): update dependency eslint to v9",
            "fix(deps): update module github.com/x/y to v2.1.0",
            "deps: upgrade netty",
            "Update dependencies",
            "Bump the npm_and_yarn group across 2 directories with 3 updates",
            "Lock file maintenance"})
    void dependencyBumpsAreSkipped(String message) {
        assertEquals(Optional.of(SkipReason.dependency_bump), check(message, "pom.xml:1:1"));
    }

    @Test
    void lockFileOnlyChangesAreDependencyBumps() {
        assertEquals(Optional.of(SkipReason.dependency_bump),
                check("Refresh packages", "package-lock.json:300:280", "web/yarn.lock:20:20"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Release 1.2.0", "release: v2.0.0-rc.1", "v1.4.2", "1.4.2", "chore(release): 1.3.0",
            "[maven-release-plugin] prepare release graphiti-1.0", "[maven-release-plugin] prepare for next development iteration",
            "Bump version to 2.1.0", "Prepare for next development iteration"})
    void releaseCommitsAreSkipped(String message) {
        assertEquals(Optional.of(SkipReason.release), check(message, "pom.xml:1:1", "README.md:4:2"));
    }

    @Test
    void versionFileOnlyChangesAreSkipped() {
        assertEquals(Optional.of(SkipReason.version_files_only),
                check("Next iteration", "pom.xml:1:1", "core/pom.xml:1:1", "CHANGELOG.md:12:0"));
        assertEquals(Optional.of(SkipReason.version_files_only), check("Update the changelog", "CHANGELOG.md:30:2"));
        assertEquals(Optional.empty(), check("Add the Jetty dependency", "pom.xml:12:0"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Switch from moment to date-fns because moment is in maintenance mode|package.json:1:1|package-lock.json:40:12",
            "Pin jackson-databind to 2.15 because 2.16 breaks our date format|pom.xml:1:1|-",
            "Replace logrus with zap|go.mod:1:1|go.sum:4:4",
            "Update the manifest¶¶We decided to drop the Node 16 engine: it is out of support.|package.json:1:1|-",
            "Keep lodash at 4.17.20 due to the bundle size regression in 4.17.21|yarn.lock:20:20|-"})
    void manifestOnlyCommitsThatRecordADecisionAreKept(String message, String file, String other) {
        String[] files = other.equals("-") ? new String[] {file} : new String[] {file, other};
        assertEquals(Optional.empty(), check(message.replace("¶", "\n"), files), message);
    }

    @Test
    void pureVersionBumpsOfManifestsAreStillSkipped() {
        assertEquals(Optional.of(SkipReason.version_files_only), check("Next development version", "package.json:1:1"));
        assertEquals(Optional.of(SkipReason.version_files_only), check("Set the project version", "pom.xml:1:1", "core/pom.xml:1:1"));
        assertEquals(Optional.of(SkipReason.dependency_bump), check("Refresh packages", "package-lock.json:300:280"));
        assertEquals(Optional.of(SkipReason.dependency_bump), check("Bump lodash from 4.17.20 to 4.17.21", "package.json:1:1"));
        assertEquals(Optional.of(SkipReason.trivial), check("Fix typo because the linter said so", "src/A.java:1:1"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"Fix typo", "typo", "docs: fix typos", "Whitespace", "Format code", "wip", "."})
    void tinyTypoFormatAndEmptyMessageChangesAreTrivial(String message) {
        assertEquals(Optional.of(SkipReason.trivial), check(message, "src/A.java:2:2"));
    }

    @Test
    void triviallyNamedButLargeChangesAreKept() {
        assertEquals(Optional.empty(), check("Format code", "src/A.java:200:180"));
        assertEquals(Optional.empty(), check("wip", "src/A.java:60:2"));
    }

    @Test
    void emptyCommitsAreTrivialUnlessTheyCarryANote() {
        assertEquals(Optional.of(SkipReason.trivial), check("ci"));
        assertEquals(Optional.empty(), check("Decision: the store stays SQLite; Postgres only for the shared server"));
    }

    @Test
    void mergesAreSkippedOnlyWithoutChanges() {
        GitCommit clean = new GitCommit("a".repeat(40), List.of("b".repeat(40), "c".repeat(40)), "Ada",
                "ada@example.com", Instant.EPOCH, "Merge branch 'side'", List.of(), 0);
        assertEquals(Optional.of(SkipReason.empty_merge), gate.check(clean));
        GitCommit resolved = new GitCommit(clean.sha(), clean.parents(), "Ada", "ada@example.com", Instant.EPOCH,
                "Merge branch 'side'", List.of(new FileChange("a.txt", null, 0, 0)), 0);
        assertEquals(Optional.empty(), gate.check(resolved));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Update README to describe the new cache",
            "Release notes draft for the caching design",
            "Fix race condition in the session store",
            "Upgrade Spring Boot to 3.2 because 2.x is out of support",
            "Refactor version parsing"})
    void realWorkIsKept(String message) {
        assertEquals(Optional.empty(), check(message, "src/A.java:30:4"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "fix: null check in the loader|commit",
            "fix: the loader threw an NPE when the config file was empty|bugfix",
            "Fix the loader¶¶The root cause was a stream closed twice.|bugfix",
            "refactor: replace local StringWriter with StringBuilder|commit",
            "Perform minor code clean-up|commit",
            "Replace anonymous classes with lambdas in tests|commit",
            "Fix typos and grammar issues (#3092)¶¶Found by IntelliJ.|commit",
            "Update the CI workflow to JDK 21|commit",
            "Bump actions/checkout from 4.1.0 to 4.1.1|commit",
            "Revert \"Add the cache\"¶¶This reverts commit 0123abc.|commit",
            "Revert \"Add the cache\"¶¶This reverts commit 0123abc because it doubled the memory of each session.|decision",
            "Keep the cache in memory¶¶We chose a map over Redis because one process serves one project.|decision",
            "Make FrameworkField constructor public|behaviour_change",
            "Don't use a runtime wrapper¶¶This is a potentially backward incompatible change.|behaviour_change",
            "Fix crash when the config file is empty|bugfix",
            "Switch from Jackson to JSON-P|decision",
            "Decide to keep SQLite over Postgres for the local store|decision",
            "Replace the hand-written parser with picocli|decision",
            "Add the search command|commit",
            "feat: summary command¶¶We decided to keep prose optional.|decision",
            "Handle empty transcripts¶¶fixes #12|commit"})
    void classifiesKeptCommits(String message, String kind) {
        assertEquals(CommitKind.valueOf(kind), CommitKind.of(message.replace("¶", "\n")));
    }
}
