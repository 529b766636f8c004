package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing graphiti writes shows in `git status`: the packaged jar's stdio server, started in a real repository and
 * in a linked worktree of it the way Claude Code starts it (`claude mcp list` checks a server by starting it and
 * asking initialize and tools/list), makes nothing where no graph is, and what it and the CLI make once there is a
 * graph (the graph, the prompt hook's socket and its lock) stays out of `git status` and `git add .` in every
 * worktree.
 */
class GitStatusIT {

    @TempDir
    Path home;

    @TempDir
    Path root;

    Path main;
    Path worktree;
    ClaudeUser user;

    @BeforeEach
    void aRepositoryWithALinkedWorktree() throws Exception {
        user = new ClaudeUser(home);
        main = Files.createDirectories(root.resolve("main"));
        worktree = root.resolve("feature");
        git(main, "init", "-q", ".");
        Files.writeString(main.resolve("App.java"), "class App {}\n");
        git(main, "add", ".");
        git(main, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-qm", "Add the app");
        git(main, "worktree", "add", "-q", "-b", "feature", worktree.toString());
    }

    private String git(Path directory, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ClaudeUser.Ran ran = user.run(command, directory, "");
        assertEquals(0, ran.code(), String.join(" ", command) + ": " + ran.out() + ran.err());
        return ran.out();
    }

    private void assertClean() throws Exception {
        for (Path tree : List.of(main, worktree)) {
            assertEquals("", git(tree, "status", "--porcelain", "--untracked-files=all"), "git status in " + tree);
        }
    }

    /**
     * The stdio server in {@code directory}, checked as `claude mcp list` checks it: initialize, tools/list; then kept
     * running until it listens on the prompt hook's socket (with a graph), or for 3 s (past the second after which it
     * first looks for the socket), and ended as a client ends it, by closing its stdin. Returns its stderr.
     */
    private String checkServer(Path directory, boolean graph) throws Exception {
        Process server = user.start(ClaudeUser.graphiti("mcp", "serve"), directory, Map.of());
        OutputStream in = server.getOutputStream();
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"claude-code\",\"version\":\"2.1.328\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        assertTrue(out.readLine().contains("\"id\":1"));
        assertTrue(out.readLine().contains("graphiti_add"));
        if (graph) {
            Path socket = directory.resolve(".graphiti/run/prompt.sock");
            for (int i = 0; i < 600 && !Files.exists(socket); i++) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(socket), "the server listens on " + socket);
        } else {
            Thread.sleep(3000);
        }
        in.close();
        String err = new String(server.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        return err;
    }

    @Test
    void aServerStartedWhereNoGraphIsMakesNothingInTheRepositoryOrItsWorktree() throws Exception {
        for (Path tree : List.of(main, worktree)) {
            checkServer(tree, false);
            assertFalse(Files.exists(tree.resolve(".graphiti")), "nothing made in " + tree);
        }
        assertClean();
    }

    @Test
    void whatTheCliAndTheServerMakeBesideAGraphStaysOutOfGitInEveryWorktree() throws Exception {
        for (Path tree : List.of(worktree, main)) {
            ClaudeUser.Ran add = user.run(ClaudeUser.graphiti("add", "--kind", "decision",
                    "We keep sessions in Redis: logins survive a database failover"), tree, "");
            assertEquals(0, add.code(), add.err());
            assertTrue(Files.exists(tree.resolve(".graphiti/graph.db")));
            checkServer(tree, true);
        }
        assertClean();
        // `git add .` takes nothing of graphiti's either: there is nothing to commit.
        git(worktree, "add", ".");
        assertEquals("", git(worktree, "diff", "--cached", "--name-only"));
        // One line in the common git directory's info/exclude serves both work trees, however often it was wanted.
        assertEquals(1, Files.readAllLines(main.resolve(".git/info/exclude")).stream()
                .filter(line -> line.equals("/.graphiti/")).count());
    }
}
