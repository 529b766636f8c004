package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The opencode plugin `mcp install --client opencode` writes, loaded by Node as opencode loads it and handed the
 * events opencode 1.18.33 publishes (session.created and session.updated carry the session's info, a subagent's with
 * its parentID; session.idle only its sessionID), with the commands it would start recorded instead of run. Runs
 * where scripts/test names Node (GRAPHITI_CONFORMANCE_NODE).
 */
class OpencodePluginTest {

    static final String PARENT = "ses_2a1b3c4d5e6fAbCdEfGhIjKlMn";
    static final String CHILD = "ses_2a1b3c4d6a7bQrStUvWxYzAbCd";

    /** Records each command the plugin starts (its shell command and its stdin) instead of starting it. */
    static final String HARNESS = """
            import module from "node:module";
            import childProcess from "node:child_process";
            import { EventEmitter } from "node:events";
            import { pathToFileURL } from "node:url";
            const started = [];
            childProcess.spawn = (shell, args) => {
              const child = new EventEmitter();
              child.stdout = new EventEmitter();
              child.stdin = { on() {}, end(input) {
                started.push({ command: args[1], input: JSON.parse(input) });
                setImmediate(() => child.emit("close", 0));
              } };
              return child;
            };
            module.syncBuiltinESMExports();
            const [plugin, directory, events] = process.argv.slice(2);
            const { GraphitiPlugin } = await import(pathToFileURL(plugin).href);
            const hooks = await GraphitiPlugin({ directory });
            for (const event of JSON.parse(events)) {
              await hooks.event({ event });
            }
            console.log(JSON.stringify(started));
            """;

    @TempDir
    Path tmp;

    @Test
    void aSubagentsIdleSessionStartsNoCaptureAndItsParentsStartsOne() throws Exception {
        String node = System.getenv("GRAPHITI_CONFORMANCE_NODE");
        assumeTrue(node != null && Files.isExecutable(Path.of(node)), "GRAPHITI_CONFORMANCE_NODE names no Node");
        Path repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        CliHarness cli = new CliHarness(tmp.resolve("graphiti-home"));
        Path home = Path.of(cli.variables().get("HOME"));
        Files.createDirectories(home.resolve(".config/opencode"));
        CliHarness.Result install = cli.run(repo, "mcp", "install", "--client", "opencode", "--command",
                "/opt/graphiti/bin/graphiti");
        assertEquals(0, install.code(), install::toString);

        JsonArray events = Json.createArrayBuilder()
                .add(created(PARENT, null))
                .add(created(CHILD, PARENT))
                .add(idle(CHILD))
                .add(idle(PARENT))
                .build();
        List<JsonObject> started = run(node, home.resolve(".config/opencode/plugins/graphiti.js"), repo, events);

        assertEquals(1, started.size(), "one capture, the parent session's: " + started);
        JsonObject input = started.get(0).getJsonObject("input");
        assertEquals(PARENT, input.getString("session_id"), started::toString);
        assertEquals("Stop", input.getString("hook_event_name"));
        assertEquals("/opt/graphiti/bin/graphiti capture --agent opencode --async --quiet",
                started.get(0).getString("command"));
    }

    /** opencode's session.created: {sessionID, info: the session, with parentID for a subagent's}. */
    private static JsonObject created(String id, String parent) {
        var info = Json.createObjectBuilder().add("id", id).add("slug", "shop").add("projectID", "p1")
                .add("directory", "/srv/shop").add("title", "a session").add("version", "1.18.33");
        if (parent != null) {
            info.add("parentID", parent);
        }
        return Json.createObjectBuilder().add("type", "session.created")
                .add("properties", Json.createObjectBuilder().add("sessionID", id).add("info", info)).build();
    }

    private static JsonObject idle(String id) {
        return Json.createObjectBuilder().add("type", "session.idle")
                .add("properties", Json.createObjectBuilder().add("sessionID", id)).build();
    }

    private List<JsonObject> run(String node, Path plugin, Path directory, JsonArray events) throws Exception {
        Path harness = tmp.resolve("harness.mjs");
        Files.writeString(harness, HARNESS);
        Process process = new ProcessBuilder(node, harness.toString(), plugin.toString(), directory.toString(),
                events.toString()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, process.exitValue(), out);
        try (var reader = Json.createReader(new StringReader(out.strip()))) {
            return reader.readArray().getValuesAs(JsonObject.class);
        }
    }
}
