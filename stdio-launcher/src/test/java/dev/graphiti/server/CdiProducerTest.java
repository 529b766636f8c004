package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.config.ProcessSettings;
import dev.graphiti.config.Settings;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.launcher.ServerLauncher;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedded Jetty's wiring, the WAR's: CDI produces the product's McpServer from the launcher's setup through the
 * one assembly, and the container-managed servlet serves it: graphiti's identity and its tools.
 */
class CdiProducerTest {

    @Test
    void theProducedServerIsTheProductsWithItsTools(@TempDir Path home) throws Exception {
        Path directory = Files.createDirectories(home.resolve("not-a-repository"));
        var settings = Settings.ofEnvironment(Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()));
        List<String> notices = new CopyOnWriteArrayList<>();
        var setup = new ServerSetup(settings, CliEnvironment.embedded(settings.environment(), ProcessSettings.from(settings)), directory, notices::add);
        try (var cdi = ServerLauncher.product(HttpTransportConfig.forBinding("127.0.0.1"), setup);
             var jetty = EmbeddedJetty.start("127.0.0.1", 0, cdi.servlet())) {
            var client = HttpClient.newHttpClient();
            var init = client.send(post(jetty.url(), StatusCodeTableTest.INIT).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, init.statusCode(), init.body());
            var result = json(init.body()).getJsonObject("result");
            assertEquals("graphiti", result.getJsonObject("serverInfo").getString("name"));
            assertTrue(result.getString("instructions").contains("graphiti_search"), result.toString());
            String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            client.send(post(jetty.url(), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                    .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25").build(),
                    HttpResponse.BodyHandlers.ofString());
            var list = client.send(post(jetty.url(), "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")
                    .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25").build(),
                    HttpResponse.BodyHandlers.ofString());
            var names = json(list.body()).getJsonObject("result").getJsonArray("tools").getValuesAs(JsonObject.class)
                    .stream().map(tool -> tool.getString("name")).toList();
            assertTrue(names.containsAll(List.of("graphiti_add", "graphiti_search", "graphiti_index")), names.toString());
            assertEquals(List.of("tool calls may reach: none: the global graph only"), notices,
                    "an HTTP server outside a git work tree reaches no project unless the operator says so");
        }
    }

    private static HttpRequest.Builder post(String url, String body) {
        return HttpRequest.newBuilder(URI.create(url)).header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }
}
