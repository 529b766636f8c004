package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.http.HttpTransportConfig;
import jakarta.json.Json;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The WAR's wiring in Weld SE: the McpServer comes from McpServerProducer, not from the caller. */
class CdiProducerTest {

    @Test
    void producedServerAnswersInitializeThroughTheContainerManagedServlet() throws Exception {
        try (var cdi = CdiServer.boot(HttpTransportConfig.forBinding("127.0.0.1"), Optional.empty());
             var jetty = EmbeddedJetty.start("127.0.0.1", 0, cdi.servlet())) {
            var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(jetty.url()))
                    .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(StatusCodeTableTest.INIT)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            var result = Json.createReader(new StringReader(response.body())).readObject().getJsonObject("result");
            assertEquals("graphiti", result.getJsonObject("serverInfo").getString("name"));
            assertTrue(response.headers().firstValue("Mcp-Session-Id").isPresent());
        }
    }
}
