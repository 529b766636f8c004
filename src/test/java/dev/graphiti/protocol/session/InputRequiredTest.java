package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.InputRequest;
import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Input-required results (multi round-trip requests): a handler written once asks for input by throwing
 * {@link InputRequired}; a 2026-07-28 request gets an input_required result and answers on its retry, a
 * 2025 session gets a server-to-client request and the handler runs again with the answer.
 */
class InputRequiredTest {

    private static final JsonObject NAME = Jsonp.object().add("type", "object")
            .add("properties", Jsonp.object().add("name", Jsonp.object().add("type", "string"))).build();

    private static ServerHarness harness() {
        return new ServerHarness(McpServer.builder(new ServerInfo("t", "t", "1"))
                .tool(TestTool.of("greet", (args, ctx) -> ctx.inputResponse("who")
                        .map(answer -> ToolResult.text("Hello, " + answer.getJsonObject("content").getString("name")))
                        .orElseThrow(() -> new InputRequired(Map.of("who", InputRequest.elicit("Your name?", NAME)),
                                ctx.sealState("asked")))))
                .tool(TestTool.of("state", (args, ctx) -> ToolResult.text("state " + ctx.openState().orElse("none"))))
                .build(), TransportKind.STDIO);
    }

    private static String call(int id, String tool, String capabilities, String extra) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":{}"
                + extra + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}}}";
    }

    private static JsonObject json(String line) {
        return Json.createReader(new StringReader(line)).readObject();
    }

    @Test
    void a2026RequestIsAskedAndAnsweredOnItsRetry() throws Exception {
        try (var h = harness()) {
            JsonObject first = json(h.exchange(call(1, "greet", "{\"elicitation\":{}}", "")).get(0)).getJsonObject("result");
            assertEquals("input_required", first.getString("resultType"));
            JsonObject request = first.getJsonObject("inputRequests").getJsonObject("who");
            assertEquals("elicitation/create", request.getString("method"));
            assertEquals("Your name?", request.getJsonObject("params").getString("message"));
            assertFalse(first.containsKey("ttlMs"), "an input-required result is not cacheable");
            String state = first.getString("requestState");
            String retry = call(2, "greet", "{\"elicitation\":{}}", ",\"inputResponses\":{\"who\":{\"action\":\"accept\","
                    + "\"content\":{\"name\":\"Ada\"}}},\"requestState\":\"" + state + "\"");
            JsonObject done = json(h.exchange(retry).get(0)).getJsonObject("result");
            assertEquals("complete", done.getString("resultType"));
            assertEquals("Hello, Ada", done.getJsonArray("content").getJsonObject(0).getString("text"));
        }
    }

    @Test
    void nothingIsAskedOfAClientThatCannotAnswer() throws Exception {
        try (var h = harness()) {
            JsonObject error = json(h.exchange(call(3, "greet", "{}", "")).get(0)).getJsonObject("error");
            assertEquals(-32021, error.getInt("code"));
            assertTrue(error.getJsonObject("data").getJsonObject("requiredCapabilities").containsKey("elicitation"));
        }
    }

    @Test
    void aStateIsOpenedOnlyUnalteredAndOnTheRequestItWasMadeFor() throws Exception {
        try (var h = harness()) {
            String state = json(h.exchange(call(4, "greet", "{\"elicitation\":{}}", "")).get(0))
                    .getJsonObject("result").getString("requestState");
            String altered = state.substring(0, state.lastIndexOf('.')) + ".AAAA";
            assertEquals(-32602, json(h.exchange(call(5, "state", "{}", ",\"requestState\":\"" + altered + "\"")).get(0))
                    .getJsonObject("error").getInt("code"));
            assertEquals(-32602, json(h.exchange(call(6, "state", "{}", ",\"requestState\":\"" + state + "\"")).get(0))
                    .getJsonObject("error").getInt("code"), "a state made for greet does not open on another tool");
            assertEquals(-32602, json(h.exchange(call(7, "greet", "{\"elicitation\":{}}", ",\"inputResponses\":[1]")).get(0))
                    .getJsonObject("error").getInt("code"), "inputResponses must be an object");
        }
    }

    @Test
    void a2025SessionIsAskedWithARequestAndTheHandlerRunsAgain() throws Exception {
        try (var h = harness()) {
            h.initialize("2025-11-25", "{\"elicitation\":{}}");
            RecordingStream stream = h.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"greet\",\"arguments\":{}}}");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (stream.sent().isEmpty() && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            JsonObject asked = json(stream.sent().get(0));
            assertEquals("elicitation/create", asked.getString("method"));
            h.exchange("{\"jsonrpc\":\"2.0\",\"id\":" + asked.get("id") + ",\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Bo\"}}}");
            List<String> out = stream.awaitClosed();
            JsonObject result = json(out.get(out.size() - 1)).getJsonObject("result");
            assertEquals("Hello, Bo", result.getJsonArray("content").getJsonObject(0).getString("text"));
            assertFalse(result.containsKey("resultType"));
        }
    }
}
