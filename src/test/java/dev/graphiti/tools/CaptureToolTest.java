package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.cli.GitFixture;
import dev.graphiti.ingest.transcript.GeneratedTranscripts;
import dev.graphiti.ingest.transcript.TranscriptFiles;
import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graphiti_capture with the in-process runner, whose CLI has no hook input on stdin: the transcript comes
 * from the arguments (or the project's newest under the Claude home); the call answers at once saying what
 * it captures, the items follow in the background; what cannot be captured is an error at once.
 */
class CaptureToolTest {

    static final String SESSION = TranscriptFiles.SESSION_A;

    @TempDir
    Path temp;
    Path project;
    Path claude;
    GraphitiTools tools;
    CaptureTool capture;

    @BeforeEach
    void setUp() throws Exception {
        project = GitFixture.repository(temp.resolve("project")).toRealPath();
        claude = temp.resolve("claude");
        Path home = temp.resolve("home");
        tools = GraphitiProcess.tools(ToolSettings.defaults().withProjectRoot(project), Map.of("GRAPHITI_HOME", home.toString(),
                "HOME", home.toString(), "CLAUDE_CONFIG_DIR", claude.toString()), project);
        capture = (CaptureTool) tools.tools().stream().filter(t -> t instanceof CaptureTool).findFirst().orElseThrow();
    }

    @AfterEach
    void tearDown() throws Exception {
        tools.close();
    }

    @Test
    void theTranscriptGivenIsCapturedInTheBackground() throws Exception {
        Path transcript = TranscriptFiles.copy("session-a.jsonl", temp.resolve("elsewhere").resolve("talk.jsonl"));
        ToolResult started = capture.call(Json.createObjectBuilder().add("transcript", transcript.toString())
                .add("session_id", SESSION).build(), null);
        assertFalse(started.isError(), text(started));
        assertTrue(text(started).startsWith("capturing session " + SESSION + " from " + transcript + " in the background"),
                text(started));
        assertEquals(6, awaitItems(6).size(), "the capture stored the session's decisions, preferences and root causes");
        awaitLogged();
    }

    @Test
    void withoutArgumentsTheProjectsNewestTranscriptIsCaptured() throws Exception {
        Path folder = claude.resolve("projects").resolve(project.toString().replace('/', '-'));
        Path transcript = TranscriptFiles.copy("session-a.jsonl", folder.resolve(SESSION + ".jsonl"));
        ToolResult started = capture.call(Json.createObjectBuilder().build(), null);
        assertFalse(started.isError(), text(started));
        assertTrue(text(started).contains(transcript.toString()), text(started));
        assertTrue(awaitItems(6).stream().allMatch(item -> item.getString("source").equals("capture:" + SESSION)));
        awaitLogged();
    }

    @Test
    void whatCannotBeCapturedIsAnErrorAtOnce() throws Exception {
        ToolResult missing = capture.call(Json.createObjectBuilder().add("transcript",
                project.resolve("missing.jsonl").toString()).build(), null);
        assertTrue(missing.isError());
        assertTrue(text(missing).contains("missing.jsonl") && text(missing).contains("no such file"), text(missing));

        ToolResult none = capture.call(Json.createObjectBuilder().build(), null);
        assertTrue(none.isError());
        assertTrue(text(none).contains("no Claude Code transcript") && text(none).contains("transcript"), text(none));
        assertEquals(List.of(), items());
    }

    @Test
    void allTakesEveryTranscriptKeptForTheProjectOnceAndAnswersWithTheCounts() throws Exception {
        List<GeneratedTranscripts.Session> sessions = GeneratedTranscripts.write(claude, project, 4, 7);
        ToolResult first = capture.call(Json.createObjectBuilder().add("all", true).build(), null);
        assertFalse(first.isError(), text(first));
        JsonObject counts = first.structuredContent().orElseThrow();
        assertEquals(sessions.size(), counts.getInt("transcripts"), counts::toString);
        assertTrue(counts.getInt("items_added") > 0, counts::toString);
        assertEquals(counts.getInt("items_added"), items().size());

        JsonObject again = capture.call(Json.createObjectBuilder().add("all", true).build(), null).structuredContent()
                .orElseThrow();
        assertEquals(0, again.getInt("items_added"), again::toString);
        assertEquals(counts.getInt("items_added"), items().size());
    }

    @Test
    void memoryImportsTheProjectsClaudeMdAndTheUsersOwnIntoTheGlobalGraph() throws Exception {
        writeMemoryFiles();
        ToolResult imported = capture.call(Json.createObjectBuilder().add("memory", true).build(), null);
        assertFalse(imported.isError(), text(imported));
        assertEquals(3, imported.structuredContent().orElseThrow().getInt("items_added"), text(imported));
        assertEquals(List.of("memory:CLAUDE.md#Conventions", "memory:auto-memory/MEMORY.md"),
                items().stream().map(item -> item.getString("source")).sorted().toList());
        assertEquals(List.of("memory:user/CLAUDE.md"), items("-g").stream().map(item -> item.getString("source")).toList());
        assertEquals(0, capture.call(Json.createObjectBuilder().add("memory", true).build(), null).structuredContent()
                .orElseThrow().getInt("items_added"), "a re-import stores nothing");

        ToolResult mixed = capture.call(Json.createObjectBuilder().add("memory", true).add("all", true).build(), null);
        assertTrue(mixed.isError(), text(mixed));
        assertTrue(text(mixed).contains("all"), text(mixed));
    }

    @Test
    void onAServerThatServesSomeDirectoriesMemoryReadsOnlyThereAndAllProjectsIsRefused() throws Exception {
        tools.close();
        Path home = temp.resolve("home");
        tools = GraphitiProcess.tools(ToolSettings.defaults().withProjectRoot(project)
                .withAllowedRoots(dev.graphiti.access.AllowedRoots.of(List.of(project))), Map.of("GRAPHITI_HOME",
                home.toString(), "HOME", home.toString(), "CLAUDE_CONFIG_DIR", claude.toString()), project);
        capture = (CaptureTool) tools.tools().stream().filter(t -> t instanceof CaptureTool).findFirst().orElseThrow();
        writeMemoryFiles();

        ToolResult imported = capture.call(Json.createObjectBuilder().add("memory", true).build(), null);
        assertFalse(imported.isError(), text(imported));
        JsonObject counts = imported.structuredContent().orElseThrow();
        assertEquals(2, counts.getInt("items_added"), counts::toString);
        assertTrue(counts.getJsonArray("refused").getString(0).startsWith(claude.resolve("CLAUDE.md").toString()),
                counts::toString);
        assertEquals(List.of(), items("-g"), "the server user's own CLAUDE.md stays out of the shared global graph");

        // A project's own settings cannot send the import elsewhere either.
        Path secret = Files.createDirectories(temp.resolve("secret"));
        Files.writeString(secret.resolve("keys.md"), "- The signing key lives in /srv/keys/release.pem.\n");
        Files.createDirectories(project.resolve(".claude"));
        Files.writeString(project.resolve(".claude/settings.local.json"), "{\"autoMemoryDirectory\": \"" + secret + "\"}");
        JsonObject redirected = capture.call(Json.createObjectBuilder().add("memory", true).build(), null)
                .structuredContent().orElseThrow();
        assertTrue(redirected.getJsonArray("refused").toString().contains(secret.resolve("keys.md").toString()),
                redirected::toString);
        assertTrue(items().stream().noneMatch(item -> item.getString("title").contains("signing key")), items()::toString);

        IllegalArgumentException global = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> capture.call(Json.createObjectBuilder().add("memory", true).add("scope", "global").build(), null));
        assertTrue(global.getMessage().contains("this server serves"), global.getMessage());
        IllegalArgumentException everyProject = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> capture.call(Json.createObjectBuilder().add("all", true).add("all_projects", true).build(), null));
        assertTrue(everyProject.getMessage().contains("graphiti capture --all --all-projects"), everyProject.getMessage());
    }

    /** A project CLAUDE.md, an auto-memory note for the project, and the user's own CLAUDE.md. */
    private void writeMemoryFiles() throws Exception {
        Files.writeString(project.resolve("CLAUDE.md"), "# Conventions\n- Never mock the database; use a real SQLite file.\n");
        Path memory = Files.createDirectories(GeneratedTranscripts.folder(claude, project).resolve("memory"));
        Files.writeString(memory.resolve("MEMORY.md"), "- The staging database is reset every Monday at 06:00 UTC.\n");
        Files.writeString(claude.resolve("CLAUDE.md"), "- I prefer records over Lombok for data classes.\n");
    }

    private List<JsonObject> awaitItems(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<JsonObject> items = items();
        while (items.size() < count && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
            items = items();
        }
        return items;
    }

    /** The background capture's last act is its log line (the test's directory goes when the test ends). */
    private void awaitLogged() throws Exception {
        Path log = temp.resolve("home").resolve("logs").resolve("capture.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(log) && Files.readString(log).contains("capture " + SESSION + ": read 6 turns"))
                && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertTrue(Files.readString(log).contains("added 6 items"), Files.readString(log));
    }

    private List<JsonObject> items(String... scope) {
        List<String> args = new java.util.ArrayList<>(List.of("-C", project.toString(), "--format", "json"));
        args.addAll(List.of(scope));
        args.addAll(List.of("list", "-l", "100"));
        CliOutcome listed = tools.gateway().runner().run(new CliCall(args, project));
        assertTrue(listed.succeeded(), listed.stderr());
        return listed.json().asJsonArray().getValuesAs(JsonObject.class);
    }

    private static String text(ToolResult result) {
        return result.content().stream().map(Content::json).map(c -> c.getString("text", ""))
                .collect(Collectors.joining("\n"));
    }
}
