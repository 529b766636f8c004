package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP Inspector's CLI (@modelcontextprotocol/inspector 2.12.0, pinned and installed by scripts/test --all) against
 * the packaged launcher over stdio, as an Inspector user calls the tools: arguments typed as key=value, which the
 * Inspector turns into JSON by each parameter's declared type. A delete and a compaction go ahead once confirmed;
 * a confirm of the wrong type is told the type expected, never asked to confirm again. Each call starts the
 * Inspector and a server (about 15 s). In the node-clients stage (`scripts/test --all`); skipped unless
 * GRAPHITI_CONFORMANCE_NODE and GRAPHITI_INSPECTOR_HOME are set.
 */
@Tag("node-clients")
class InspectorIT {

    @TempDir
    Path temp;
    ProjectFixture fixture;
    String node;
    Path inspector;

    @BeforeEach
    void setUp() throws Exception {
        node = System.getenv("GRAPHITI_CONFORMANCE_NODE");
        String home = System.getenv("GRAPHITI_INSPECTOR_HOME");
        assumeTrue(node != null && !node.isBlank() && home != null && !home.isBlank(),
                "InspectorIT skipped: GRAPHITI_CONFORMANCE_NODE/GRAPHITI_INSPECTOR_HOME are not set; run scripts/test");
        inspector = Path.of(home, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
        assertTrue(Files.isRegularFile(inspector), "no Inspector at " + inspector);
        fixture = ProjectFixture.create(temp);
    }

    @Test
    void theInspectorConfirmsADeleteAndACompaction() throws Exception {
        // What the Inspector builds its forms from: every parameter typed (an untyped one is sent as text) and described.
        JsonObject listed = inspect("--method", "tools/list");
        for (JsonValue tool : listed.getJsonArray("tools")) {
            tool.asJsonObject().getJsonObject("inputSchema").getJsonObject("properties").forEach((name, property) -> {
                String where = tool.asJsonObject().getString("name") + "." + name + " " + property;
                assertTrue(property.asJsonObject().containsKey("type"), "no type: " + where);
                assertTrue(property.asJsonObject().containsKey("description"), "no description: " + where);
            });
        }

        String wrong = id(call("graphiti_add", "content=Deploys go out on Fridays", "kind=note"));
        String kept = id(call("graphiti_add", "content=Deploys go out on Tuesdays after the review", "kind=decision"));

        // A number where a boolean belongs: the answer names the parameter and its type, and nothing is deleted.
        JsonObject number = call("graphiti_delete", "ids=[\"" + kept + "\"]", "confirm=1");
        assertTrue(number.getBoolean("isError", false), number.toString());
        assertTrue(text(number).contains("\"confirm\" must be a boolean (true or false, without quotes), got the number 1"),
                text(number));
        JsonObject query = call("graphiti_search", "query=42");
        assertTrue(text(query).contains("\"query\" must be a string, got the number 42"), text(query));

        JsonObject deleted = call("graphiti_delete", "ids=[\"" + wrong + "\"]", "confirm=true");
        assertFalse(deleted.getBoolean("isError", false), deleted.toString());
        assertEquals(1, deleted.getJsonObject("structuredContent").getInt("deleted"), deleted.toString());

        JsonObject compacted = call("graphiti_compact", "confirm=true");
        assertFalse(compacted.getBoolean("isError", false), compacted.toString());

        String remaining = text(call("graphiti_list"));
        assertFalse(remaining.contains(wrong), remaining);
        assertTrue(remaining.contains(kept), remaining);
    }

    /**
     * Issue 29: each tool called from its tools/list entry alone (description, parameter names, types and their few
     * words), with the arguments a reader of that entry would send, scope as a graph and as a project directory.
     */
    @Test
    void everyToolIsCalledFromItsDescriptionAlone() throws Exception {
        Path other = ProjectFixture.create(temp.resolve("other")).project();
        String elsewhere = "scope=" + other;

        String decision = id(call("graphiti_add", "content=Deploys are blue-green, never in place", "kind=decision",
                "tags=[\"deploy\"]", "title=Blue-green deploys"));
        String preference = id(call("graphiti_add", "content=Answer in British English", "kind=preference",
                "scope=global"));
        String there = id(call("graphiti_add", "content=The other service pins Postgres 16", elsewhere));

        assertTrue(text(ok(call("graphiti_search", "query=deploys", "kind=decision,note", "since=7d", "limit=5")))
                .contains(decision));
        assertTrue(text(ok(call("graphiti_list", "scope=global"))).contains(preference));
        assertTrue(text(ok(call("graphiti_list", elsewhere))).contains(there));
        assertFalse(text(ok(call("graphiti_list"))).contains(there), "scope project is the client's project");
        assertTrue(text(ok(call("graphiti_show", "id=" + there, elsewhere))).contains("Postgres 16"));
        ok(call("graphiti_summarize", "topic=deploy"));
        ok(call("graphiti_health"));
        ok(call("graphiti_config"));
        assertTrue(text(ok(call("graphiti_config", "key=mcp.context_tokens"))).contains("8192"));
        ok(call("graphiti_index", elsewhere));
        ok(call("graphiti_export", "path=graph.json"));
        assertTrue(Files.isRegularFile(fixture.project().resolve("graph.json")));
        ok(call("graphiti_import", "path=" + fixture.project().resolve("graph.json"), elsewhere));
        assertTrue(text(ok(call("graphiti_list", elsewhere))).contains("Blue-green deploys"), "imported into the other project");
        ok(call("graphiti_capture", "memory=true"));
        ok(call("graphiti_compact", "dry_run=true"));
        ok(call("graphiti_delete", "ids=[\"" + there + "\"]", "confirm=true", elsewhere));
        assertFalse(text(ok(call("graphiti_list", elsewhere))).contains(there));
    }

    private static JsonObject ok(JsonObject result) {
        assertFalse(result.getBoolean("isError", false), result.toString());
        return result;
    }

    private JsonObject call(String tool, String... arguments) throws Exception {
        List<String> args = new ArrayList<>(List.of("--method", "tools/call", "--tool-name", tool));
        for (String argument : arguments) {
            args.add("--tool-arg");
            args.add(argument);
        }
        return inspect(args.toArray(String[]::new));
    }

    /** inspector --cli -e ... java -jar graphiti.jar mcp serve METHOD...: the JSON it prints (exit 0, or 5 for a tool error). */
    private JsonObject inspect(String... method) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(node, inspector.toString(), "--cli",
                "-e", "GRAPHITI_HOME=" + fixture.home(), "-e", "HOME=" + fixture.home(),
                "-e", "GRAPHITI_PROJECT_ROOT=" + fixture.project()));
        command.addAll(ProjectFixture.launcher());
        command.addAll(List.of("mcp", "serve"));
        command.addAll(List.of(method));
        Path out = temp.resolve("inspector.out");
        Path err = temp.resolve("inspector.err");
        Process process = new ProcessBuilder(command).directory(fixture.project().toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        process.getOutputStream().close();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the Inspector did not finish: " + String.join(" ", method));
        String printed = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(process.exitValue() == 0 || process.exitValue() == 5, "exit " + process.exitValue() + ": " + printed
                + Files.readString(err, StandardCharsets.UTF_8));
        return Json.createReader(new StringReader(printed)).readObject();
    }

    private static String id(JsonObject added) {
        assertFalse(added.getBoolean("isError", false), added.toString());
        return added.getJsonObject("structuredContent").getString("id");
    }

    private static String text(JsonObject result) {
        return result.getJsonArray("content").getJsonObject(0).getString("text");
    }
}
