package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which database a command uses: plain repository, linked worktree, submodule, outside git, -g/-p, -C. */
class ScopeTest {

    @TempDir
    Path tmp;

    CliHarness cli;
    Path home;

    @BeforeEach
    void setUp() {
        home = tmp.resolve("home");
        cli = new CliHarness(home);
    }

    private String addId(Path cwd, String... args) {
        String[] quiet = java.util.Arrays.copyOf(args, args.length + 1);
        quiet[args.length] = "-q";
        return cli.add(cwd, quiet).getString("id");
    }

    @Test
    void aPlainRepositoryKeepsItsGraphAtItsRootAndOutOfGit() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        Path nested = Files.createDirectories(repo.resolve("src/main"));
        addId(nested, "project knowledge from a subdirectory");
        assertTrue(Files.exists(repo.resolve(".graphiti/graph.db")));
        assertFalse(Files.exists(nested.resolve(".graphiti")));
        assertEquals("project", cli.run(repo, "list", "--format", "json").array().getJsonObject(0).getString("scope"));
        assertTrue(Files.readString(repo.resolve(".git/info/exclude")).contains("/.graphiti/"));
        assertEquals("", GitFixture.git(repo, "status", "--porcelain"), "the graph stays untracked and unlisted");
        addId(repo, "a second item");
        assertEquals(1, Files.readAllLines(repo.resolve(".git/info/exclude")).stream().filter("/.graphiti/"::equals).count());
    }

    @Test
    void outsideGitTheGlobalGraphIsUsedAndProjectIsAUsageError() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        addId(plain, "a global preference");
        assertTrue(Files.exists(home.resolve("global.db")));
        assertEquals("global", cli.run(plain, "list", "--format", "json").array().getJsonObject(0).getString("scope"));
        CliHarness.Result project = cli.run(plain, "list", "-p");
        assertEquals(2, project.code());
        assertTrue(project.err().contains("--project needs a git work tree"), project.err());
        assertEquals(2, cli.run(plain, "list", "-g", "-p").code());
    }

    @Test
    void globalFlagInsideARepositoryAndMinusCFromElsewhere() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        addId(repo, "-g", "global from inside a repository");
        addId(elsewhere, "-C", "../repo", "project item via -C");
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
        assertEquals("project item via -C", cli.run(repo, "list", "--format", "json").array().getJsonObject(0).getString("title"));
        assertEquals(1, cli.run(elsewhere, "list", "--global", "--format", "json").array().size());
        assertEquals(1, cli.run(elsewhere, "-C", repo.toString(), "list", "-p", "--format", "json").array().size());
        assertEquals(2, cli.run(elsewhere, "-C", "missing-dir", "list").code());
    }

    @Test
    void aLinkedWorktreeIsItsOwnProject() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        Path worktree = tmp.resolve("wt");
        GitFixture.git(repo, "worktree", "add", "-q", "-b", "feature", worktree.toString());
        addId(worktree, "worktree knowledge");
        addId(repo, "main checkout knowledge");
        assertTrue(Files.exists(worktree.resolve(".graphiti/graph.db")));
        assertEquals("worktree knowledge", cli.run(worktree, "list", "--format", "json").array().getJsonObject(0).getString("title"));
        assertEquals(1, cli.run(repo, "list", "--format", "json").array().size());
        assertEquals("", GitFixture.git(worktree, "status", "--porcelain"));
    }

    @Test
    void aSubmoduleIsItsOwnProject() throws Exception {
        Path library = GitFixture.repository(tmp.resolve("library"));
        Path app = GitFixture.repository(tmp.resolve("app"));
        GitFixture.git(app, "submodule", "add", "-q", library.toString(), "lib");
        GitFixture.git(app, "commit", "-q", "-m", "add lib");
        Path submodule = app.resolve("lib");
        assertTrue(Files.isRegularFile(submodule.resolve(".git")), "a submodule's .git is a gitdir: file");
        addId(submodule.resolve("."), "submodule knowledge");
        addId(app, "superproject knowledge");
        assertTrue(Files.exists(submodule.resolve(".graphiti/graph.db")));
        assertEquals("submodule knowledge", cli.run(submodule, "list", "--format", "json").array().getJsonObject(0).getString("title"));
        assertEquals(1, cli.run(app, "list", "--format", "json").array().size());
        assertEquals("", GitFixture.git(submodule, "status", "--porcelain"));
        assertEquals("", GitFixture.git(app, "status", "--porcelain"));
    }
}
