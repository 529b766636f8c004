package dev.graphiti.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official TypeScript SDK v2 client (@modelcontextprotocol/client 2.4.0, which speaks 2026-07-28 and,
 * asked to, 2025-11-25) against the fixture server: over HTTP a modern client (probing with server/discover,
 * or pinned to 2026-07-28) and a legacy one (initialize, session) on one running server; over stdio the
 * packaged launcher probed the same way. Skipped unless scripts/test installed the client (GRAPHITI_TS_CLIENT_HOME).
 */
class TypeScriptSdkIT {

    static String node;
    static Path workDir;
    static FixtureHttp server;

    @BeforeAll
    static void start() throws Exception {
        node = System.getenv("GRAPHITI_CONFORMANCE_NODE");
        String client = System.getenv("GRAPHITI_TS_CLIENT_HOME");
        assumeTrue(node != null && !node.isBlank() && client != null && !client.isBlank(),
                "TypeScriptSdkIT skipped: GRAPHITI_CONFORMANCE_NODE/GRAPHITI_TS_CLIENT_HOME are not set; run scripts/test");
        Path modules = Path.of(client, "node_modules");
        assertTrue(Files.isDirectory(modules.resolve("@modelcontextprotocol/client")), "no client under " + modules);
        // Node resolves the script's imports from its own folder upwards: the script sits beside a link to the client.
        workDir = Files.createTempDirectory("ts-client");
        Files.createSymbolicLink(workDir.resolve("node_modules"), modules);
        try (InputStream script = TypeScriptSdkIT.class.getResourceAsStream("/ts-client/probe.mjs")) {
            Files.copy(script, workDir.resolve("probe.mjs"));
        }
        server = FixtureHttp.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void modernAndLegacyClientsShareOneHttpServer() throws Exception {
        JsonObject probed = probe("auto", "http", server.url());
        assertEquals("modern", probed.getString("era"), probed.toString());
        assertEquals("2026-07-28", probed.getString("version"));
        JsonObject pinned = probe("2026-07-28", "http", server.url());
        assertEquals("modern", pinned.getString("era"));
        JsonObject legacy = probe("legacy", "http", server.url());
        assertEquals("legacy", legacy.getString("era"));
        assertEquals("2025-11-25", legacy.getString("version"));
        for (JsonObject seen : List.of(probed, pinned, legacy)) {
            assertEquals("graphiti", seen.getString("server"));
            assertEquals("This is a simple text response for testing.", seen.getString("call"));
            assertEquals("This is the content of the static text resource.", seen.getString("read"));
            assertEquals(probed.getJsonArray("tools"), seen.getJsonArray("tools"), "one tools/list, in one order, for both eras");
        }
    }

    @Test
    void stdioServesTheProbingClientStatelesslyAndALegacyOneWithInitialize() throws Exception {
        List<String> server = List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("graphiti.jar") + java.io.File.pathSeparator + System.getProperty("graphiti.testClasses"),
                FixtureServer.class.getName(), "--stdio");
        List<String> args = new ArrayList<>(List.of("stdio"));
        args.addAll(server);
        JsonObject modern = probe("auto", args.toArray(String[]::new));
        assertEquals("modern", modern.getString("era"), modern.toString());
        assertEquals("2026-07-28", modern.getString("version"));
        JsonObject legacy = probe("legacy", args.toArray(String[]::new));
        assertEquals("legacy", legacy.getString("era"), legacy.toString());
        assertEquals(modern.getString("call"), legacy.getString("call"));
    }

    private static JsonObject probe(String mode, String... target) throws Exception {
        List<String> command = new ArrayList<>(List.of(node, workDir.resolve("probe.mjs").toString(), mode));
        command.addAll(List.of(target));
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the client did not finish");
        String text = new String(output, StandardCharsets.UTF_8).strip();
        assertEquals(0, process.exitValue(), text);
        String last = text.substring(text.lastIndexOf('\n') + 1);
        return Json.createReader(new StringReader(last)).readObject();
    }
}
