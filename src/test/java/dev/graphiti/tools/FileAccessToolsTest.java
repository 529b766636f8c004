package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.cli.GitFixture;
import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28's file findings through graphiti_import and graphiti_export with the in-process CLI: a folder's notes
 * obey the same real-path rule as a path given directly; special files and endless lines are refused with a
 * sentence, never an internal error or a blocked thread; an imported note cannot pose as a commit; an export never
 * creates a file ssh or a shell would act on.
 */
class FileAccessToolsTest {

    @TempDir
    Path temp;
    Path project;
    Path outside;
    GraphitiTools confined;
    GraphitiTools local;

    @BeforeEach
    void setUp() throws Exception {
        project = GitFixture.repository(temp.resolve("project")).toRealPath();
        outside = Files.createDirectories(temp.resolve("outside")).toRealPath();
        Path home = temp.resolve("home");
        Map<String, String> env = Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString());
        ToolSettings settings = ToolSettings.defaults().withProjectRoot(project).withSemantic(false);
        confined = GraphitiProcess.tools(settings.withAllowedRoots(AllowedRoots.of(List.of(project))), env, project);
        local = GraphitiProcess.tools(settings.withAllowedRoots(AllowedRoots.everywhere()), env, project);
    }

    @AfterEach
    void tearDown() throws Exception {
        confined.close();
        local.close();
    }

    @Test
    void aFolderImportReadsNoNoteThroughALinkOutOfTheAllowedRoots() throws Exception {
        Files.createDirectories(project.resolve("docs/deep"));
        Files.writeString(project.resolve("docs/setup.md"), "We build with Maven 3.9");
        Path secret = Files.writeString(outside.resolve("secret.md"), "The launch codes are 0000");
        Files.createSymbolicLink(project.resolve("docs/creds.md"), secret);
        Files.createSymbolicLink(project.resolve("docs/deep/passwd.md"), Path.of("/etc/passwd"));

        String imported = ok(confined, "graphiti_import", path("docs"));

        assertTrue(imported.contains("\"stored\":1"), imported);
        assertTrue(imported.contains("creds.md") && imported.contains("passwd.md"), "each refused note is named: " + imported);
        String items = ok(confined, "graphiti_list", Json.createObjectBuilder().build());
        assertTrue(items.contains("\"title\":\"setup\""), items);
        assertFalse(items.contains("creds") || items.contains("passwd"), items);
    }

    @Test
    void aFifoIsRefusedNotWaitedOn() throws Exception {
        Path fifo = project.resolve("memory.jsonl");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        for (GraphitiTools tools : List.of(confined, local)) {
            String error = error(tools, "graphiti_import", path("memory.jsonl"));
            assertTrue(error.contains("memory.jsonl is not a regular file"), error);
        }
    }

    @Test
    void theKernelsFilesAreNoNotes() throws Exception {
        Files.createDirectories(project.resolve("notes"));
        Files.writeString(project.resolve("notes/a.md"), "A note of ours");
        Files.createSymbolicLink(project.resolve("notes/status.md"), Path.of("/proc/self/status"));
        String imported = ok(local, "graphiti_import", path("notes"));
        assertTrue(imported.contains("\"stored\":1") && imported.contains("status.md"), imported);
        String error = error(local, "graphiti_import", path("/dev/zero"));
        assertTrue(error.contains("/dev/zero is not a regular file"), error);
    }

    @Test
    void aLineLongerThanAnyItemStopsTheImportWithASentence() throws Exception {
        Path file = project.resolve("memory.jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write("{\"type\":\"entity\",\"name\":\"Alice\",\"entityType\":\"person\",\"observations\":[\"");
            for (int i = 0; i < 17 * 1024; i++) {
                out.write("x".repeat(1024));
            }
            out.write("\"]}\n");
        }
        String error = error(local, "graphiti_import", Json.createObjectBuilder().add("path", "memory.jsonl")
                .add("as", "memory").build());
        assertTrue(error.contains("memory.jsonl line 1 is longer than 16 MiB characters"), error);
    }

    @Test
    void aWholeDiskOrADeeplyNestedLineIsAnsweredWithWhatToDo() throws Exception {
        String root = error(local, "graphiti_import", path("/"));
        assertFalse(root.contains("internal error") || root.contains("Exception"), root);
        assertTrue(root.contains("name a folder of notes"), root);

        Files.writeString(project.resolve("deep.jsonl"), "[".repeat(200_000) + "]".repeat(200_000) + "\n");
        String deep = error(local, "graphiti_import", Json.createObjectBuilder().add("path", "deep.jsonl")
                .add("as", "memory").build());
        assertTrue(deep.contains("deep.jsonl line 1: nests deeper than"), deep);
        assertFalse(deep.contains("Input is too deeply nested"), deep);
    }

    @Test
    void anImportedNoteSaysItWasImportedKeepingTheSourceItClaims() throws Exception {
        Files.createDirectories(project.resolve("notes"));
        Files.writeString(project.resolve("notes/fix.md"), "---\ntitle: Fix the build\nsource: \"git:0123abcd\"\n---\n"
                + "The build broke because of a stale cache.\n");
        ok(confined, "graphiti_import", path("notes"));
        CliOutcome listed = confined.gateway().runner().run(new CliCall(List.of("-C", project.toString(), "--format",
                "json", "list"), project));
        assertTrue(listed.json().toString().contains("\"source\":\"markdown:fix.md (source: git:0123abcd)\""), listed.json().toString());
    }

    @Test
    void anExportCreatesNoFileSshOrAShellWouldActOn() throws Exception {
        Files.createDirectories(project.resolve(".ssh"));
        for (GraphitiTools tools : List.of(confined, local)) {
            for (String refused : List.of(".ssh/authorized_keys", ".bash_login", "id_ed25519", ".env")) {
                String error = error(tools, "graphiti_export", path(refused));
                assertTrue(error.contains("path " + refused), error);
                assertFalse(Files.exists(project.resolve(refused)), refused + " was written");
            }
        }
        assertTrue(ok(confined, "graphiti_export", path("backup.jsonl")).contains("backup.jsonl"));
    }

    private static JsonObject path(String path) {
        return Json.createObjectBuilder().add("path", path).build();
    }

    private static String ok(GraphitiTools tools, String name, JsonObject arguments) throws Exception {
        ToolResult result = tool(tools, name).call(arguments, null);
        assertFalse(result.isError(), text(result));
        return text(result);
    }

    /** The refusal's sentence: thrown before the command runs, or the command's error. */
    private static String error(GraphitiTools tools, String name, JsonObject arguments) throws Exception {
        ToolResult result;
        try {
            result = tool(tools, name).call(arguments, null);
        } catch (IllegalArgumentException refused) {
            return refused.getMessage();
        }
        assertTrue(result.isError(), name + " " + arguments + " succeeded: " + text(result));
        return text(result);
    }

    private static dev.graphiti.protocol.feature.Tool tool(GraphitiTools tools, String name) {
        return tools.tools().stream().filter(tool -> tool.descriptor().name().equals(name)).findFirst().orElseThrow();
    }

    private static String text(ToolResult result) {
        return result.content().stream().map(Content::json).map(c -> c.getString("text", "")).collect(Collectors.joining("\n"));
    }
}
