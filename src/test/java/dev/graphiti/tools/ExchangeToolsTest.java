package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.cli.GitFixture;
import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graphiti_export and graphiti_import with the in-process CLI on a server confined to one project (as an HTTP server
 * is by default): files within it are written and read; a path outside it, through a link out of it, into .git or
 * .graphiti, or over an existing file is refused and nothing is written or stored.
 */
class ExchangeToolsTest {

    @TempDir
    Path temp;
    Path project;
    Path outside;
    GraphitiTools tools;

    @BeforeEach
    void setUp() throws Exception {
        project = GitFixture.repository(temp.resolve("project")).toRealPath();
        outside = Files.createDirectories(temp.resolve("outside")).toRealPath();
        Path home = temp.resolve("home");
        tools = GraphitiProcess.tools(ToolSettings.defaults().withProjectRoot(project).withSemantic(false)
                .withAllowedRoots(AllowedRoots.of(List.of(project))),
                Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()), project);
        CliOutcome added = tools.gateway().runner().run(new CliCall(List.of("-C", project.toString(), "add", "--kind",
                "decision", "We keep one SQLite file per project"), project));
        assertTrue(added.succeeded(), added.stderr());
    }

    @AfterEach
    void tearDown() throws Exception {
        tools.close();
    }

    private ToolResult call(String name, JsonObject arguments) {
        try {
            return tools.tools().stream().filter(tool -> tool.descriptor().name().equals(name)).findFirst().orElseThrow()
                    .call(arguments, null);
        } catch (RuntimeException e) {
            throw e; // a refusal: the server answers it as the tool's error
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static JsonObject path(String path) {
        return Json.createObjectBuilder().add("path", path).build();
    }

    private static String text(ToolResult result) {
        return result.content().stream().map(Content::json).map(c -> c.getString("text", "")).collect(Collectors.joining("\n"));
    }

    @Test
    void exportAndImportWithinTheProject() throws Exception {
        ToolResult exported = call("graphiti_export", path("backup.jsonl"));
        assertFalse(exported.isError(), text(exported));
        assertTrue(Files.readString(project.resolve("backup.jsonl")).contains("We keep one SQLite file per project"));

        ToolResult notes = call("graphiti_export", Json.createObjectBuilder().add("path", "notes").add("as", "markdown").build());
        assertFalse(notes.isError(), text(notes));
        try (Stream<Path> files = Files.list(project.resolve("notes"))) {
            assertEquals(1, files.filter(file -> file.toString().endsWith(".md")).count());
        }

        ToolResult again = call("graphiti_import", path("backup.jsonl"));
        assertFalse(again.isError(), text(again));
        assertTrue(text(again).contains("\"stored\":0") && text(again).contains("\"already_present\":1"), text(again));
        ToolResult global = call("graphiti_import", Json.createObjectBuilder().add("path", "notes").add("scope", "global").build());
        assertFalse(global.isError(), text(global));
        assertTrue(text(global).contains("\"stored\":1"), text(global));
    }

    @Test
    void aCallCannotWriteOrReadOutsideTheProjectNorRewriteAFile() throws Exception {
        String before = exportedOnce();
        assertTrue(call("graphiti_export", path("backup.jsonl")).isError(), "an existing file is never replaced");
        assertEquals(before, Files.readString(project.resolve("backup.jsonl")));

        for (String refused : List.of(outside.resolve("stolen.jsonl").toString(), "../outside/stolen.jsonl",
                "link/stolen.jsonl", ".git/config", ".graphiti/graph.jsonl", "sub/.git/x.jsonl")) {
            if (refused.startsWith("link/")) {
                Files.createSymbolicLink(project.resolve("link"), outside);
            }
            if (refused.startsWith("sub/")) {
                Files.createDirectories(project.resolve("sub/.git"));
            }
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> call("graphiti_export", path(refused)), refused);
            assertTrue(error.getMessage().contains(refused), error.getMessage());
        }
        try (Stream<Path> files = Files.list(outside)) {
            assertEquals(0, files.count(), "nothing written outside");
        }
        assertFalse(Files.exists(project.resolve(".graphiti/graph.jsonl")));

        Files.copy(project.resolve("backup.jsonl"), outside.resolve("theirs.jsonl"));
        assertThrows(IllegalArgumentException.class, () -> call("graphiti_import", path(outside.resolve("theirs.jsonl").toString())));
        assertThrows(IllegalArgumentException.class, () -> call("graphiti_import", path("link/theirs.jsonl")));
        CliOutcome global = tools.gateway().runner().run(new CliCall(List.of("-C", project.toString(), "--format", "json",
                "--global", "list"), project));
        assertEquals("[]", global.json().toString(), "nothing imported from outside");
    }

    @Test
    void aCallCannotExportIntoTheAgentsOwnFiles() throws Exception {
        for (String as : List.of("agents-md", "claude-rules")) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> call("graphiti_export",
                    Json.createObjectBuilder().add("path", "AGENTS.md").add("as", as).build()), as);
            assertTrue(error.getMessage().contains("graphiti export --as " + as + "` in a terminal"), error.getMessage());
        }
        assertFalse(Files.exists(project.resolve("AGENTS.md")));
    }

    private String exportedOnce() throws Exception {
        ToolResult exported = call("graphiti_export", path("backup.jsonl"));
        assertFalse(exported.isError(), text(exported));
        return Files.readString(project.resolve("backup.jsonl"));
    }
}
