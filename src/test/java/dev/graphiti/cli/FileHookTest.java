package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude Code's PreToolUse hook (`graphiti recall --file`, registered for Read, Edit, Write and MultiEdit) in a real
 * repository with a real graph: the agent about to touch a file is told the current items anchored to it, whole,
 * once a session; nothing for a file with nothing anchored, for routine history, or outside the project.
 */
class FileHookTest {

    static final String DECISION = "SessionStore.java keeps sessions in Redis with a 30 minute TTL; Postgres was"
            + " rejected for session storage because of write amplification.";

    @TempDir
    Path tmp;

    Path repo;
    Path store;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        store = repo.resolve("src/main/java/shop/SessionStore.java");
        Files.createDirectories(store.getParent());
        Files.writeString(store, "class SessionStore {}\n");
        Files.writeString(repo.resolve("src/main/java/shop/Cart.java"), "class Cart {}\n");
        cli = new CliHarness(tmp.resolve("home"));
    }

    private CliHarness.Result edit(String session, Path file) {
        String hook = Json.createObjectBuilder().add("session_id", session).add("cwd", repo.toString())
                .add("hook_event_name", "PreToolUse").add("tool_name", "Edit")
                .add("tool_input", Json.createObjectBuilder().add("file_path", file.toString()).add("old_string", "a")
                        .add("new_string", "b"))
                .add("tool_use_id", "toolu_01").build().toString();
        return cli.runWithStdin(repo, hook, "recall", "--file");
    }

    @Test
    void anEditOfAnAnchoredFileIsToldTheDecisionWhole() {
        String id = cli.add(repo, "-k", "decision", DECISION).getString("id");

        CliHarness.Result told = edit("s1", store);

        assertEquals(0, told.code(), told::toString);
        JsonObject output = told.object().getJsonObject("hookSpecificOutput");
        assertEquals("PreToolUse", output.getString("hookEventName"));
        String context = output.getString("additionalContext");
        assertTrue(context.contains(id) && context.contains(DECISION), context);
        assertTrue(context.contains("src/main/java/shop/SessionStore.java"), context);
        assertEquals("", told.err(), told::toString);
    }

    @Test
    void aFileWithNothingAnchoredPrintsNothing() {
        cli.add(repo, "-k", "decision", DECISION);

        CliHarness.Result cart = edit("s1", repo.resolve("src/main/java/shop/Cart.java"));

        assertEquals(0, cart.code(), cart::toString);
        assertEquals("", cart.out(), cart::toString);
        assertEquals("", cart.err(), cart::toString);
    }

    /**
     * Told by the file's own path alone: a file named like an anchored one elsewhere, a name it prefixes, a file beside it
     * and its directory get nothing, nor do the files of a sweep (a commit past the anchoring cap).
     */
    @Test
    void aFileWithNothingOfItsOwnIsToldNothingWhateverItsNeighboursCarry() throws Exception {
        cli.add(repo, "-k", "decision", "src/main/java/shop/SessionStore.java keeps sessions in Redis with a 30 minute TTL"
                + " because Postgres write amplification hurt");
        for (String other : List.of("legacy/SessionStore.java", "src/main/java/shop/SessionStoreTest.java",
                "src/main/java/shop/SessionStore.java.orig")) {
            Files.createDirectories(repo.resolve(other).getParent());
            Files.writeString(repo.resolve(other), "x\n");
        }
        for (int i = 0; i < 40; i++) {
            Path file = repo.resolve("src/main/java/shop/gen/Part" + i + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "class Part" + i + " {}\n");
        }
        GitFixture.git(repo, "add", "src/main/java/shop/gen");
        GitFixture.git(repo, "commit", "-q", "-m", "Generate the parts from the schema because hand-written ones drifted;"
                + " we chose generation over review rules after two outages");
        assertEquals(0, cli.run(repo, "index").code());
        CliHarness.Result sweepItem = cli.run(repo, "show", "Generate the parts from the schema", "--format", "json");
        assertEquals("decision", sweepItem.object().getString("kind"), "the sweep is knowledge, anchored to none of its files");

        for (String file : List.of("legacy/SessionStore.java", "src/main/java/shop/SessionStoreTest.java",
                "src/main/java/shop/SessionStore.java.orig", "src/main/java/shop/Cart.java", "src/main/java/shop",
                "src/main/java/shop/gen/Part7.java")) {
            CliHarness.Result told = edit("s-" + file, repo.resolve(file));
            assertEquals(0, told.code(), told::toString);
            assertEquals("", told.out(), file + ": " + told);
        }
        assertTrue(edit("s-store", store).out().contains("write amplification"), "the file itself is told");
    }

    @Test
    void theSecondEditOfTheFileInOneSessionPrintsNothingNewAndAnotherSessionIsToldAgain() {
        cli.add(repo, "-k", "decision", DECISION);

        assertTrue(edit("s1", store).out().contains("write amplification"));
        CliHarness.Result again = edit("s1", store);
        assertEquals(0, again.code(), again::toString);
        assertEquals("", again.out(), again::toString);

        // an item stored since is news to the same session
        String later = cli.add(repo, "-k", "preference", "Log every eviction in SessionStore.java at debug level.")
                .getString("id");
        String news = edit("s1", store).out();
        assertTrue(news.contains(later) && !news.contains("write amplification"), news);

        assertTrue(edit("s2", store).out().contains("write amplification"));
    }

    @Test
    void routineHistoryIsNeverTold() {
        cli.add(repo, "-k", "commit", "--title", "Reformat SessionStore.java", "Reformat SessionStore.java with the"
                + " project's formatter.");

        CliHarness.Result told = edit("s1", store);

        assertEquals(0, told.code(), told::toString);
        assertEquals("", told.out(), told::toString);
    }

    @Test
    void aFileOutsideTheProjectPrintsNothing() throws Exception {
        cli.add(repo, "-k", "decision", DECISION);
        Path outside = tmp.resolve("elsewhere/SessionStore.java");
        Files.createDirectories(outside.getParent());
        Files.writeString(outside, "class SessionStore {}\n");

        CliHarness.Result told = edit("s1", outside);

        assertEquals(0, told.code(), told::toString);
        assertEquals("", told.out(), told::toString);
        assertFalse(Files.exists(tmp.resolve("home/hooks/told")), "nothing recorded for a file outside the project");
    }

    @Test
    void theHookLineGivesWhatTheParsedCommandGives() {
        cli.add(repo, "-k", "decision", DECISION);
        String hook = Json.createObjectBuilder().add("session_id", "s3").add("hook_event_name", "PreToolUse")
                .add("tool_name", "Read").add("tool_input", Json.createObjectBuilder().add("file_path", store.toString()))
                .build().toString();

        CliHarness.Result parsed = cli.runWithStdin(repo, hook, "--format", "text", "recall", "--file");

        assertTrue(parsed.out().contains("write amplification"), parsed::toString);
    }
}
