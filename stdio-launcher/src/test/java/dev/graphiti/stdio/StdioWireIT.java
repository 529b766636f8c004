package dev.graphiti.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The stdio transport at the byte level, against the packaged launcher running as a child process. */
class StdioWireIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private WireClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            assertStdoutCarriesOnlyJsonRpc(client.allLines());
            client.close();
        }
    }

    private WireClient fixtures() throws Exception {
        client = new WireClient(ServerProcess.fixtureServer());
        return client;
    }

    @Test
    void productJarServesInitializeAndPing() throws Exception {
        client = new WireClient(ServerProcess.product());
        JsonObject init = client.request(1, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}");
        assertEquals("2025-11-25", init.getJsonObject("result").getString("protocolVersion"));
        assertEquals("graphiti", init.getJsonObject("result").getJsonObject("serverInfo").getString("name"));
        assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(2, "ping", "{}").getJsonObject("result"));
    }

    @Test
    void twoMebibyteMessagesRoundTripBothWays() throws Exception {
        fixtures().initialize("2025-11-25");
        char[] chars = new char[2 * 1024 * 1024];
        Arrays.fill(chars, 'x');
        // Non-ASCII and escapes at both ends so UTF-8 and JSON escaping are exercised on a long line.
        String text = "é\"\\\n" + new String(chars) + "ü€𝄞";
        String request = Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", 7).add("method", "tools/call")
                .add("params", Json.createObjectBuilder().add("name", "test_echo")
                        .add("arguments", Json.createObjectBuilder().add("text", text))).build().toString();
        assertTrue(request.getBytes(StandardCharsets.UTF_8).length > 2 * 1024 * 1024);
        client.sendLine(request);
        JsonObject result = client.responseTo(7).getJsonObject("result");
        assertFalse(result.getBoolean("isError"));
        assertEquals(text, result.getJsonArray("content").getJsonObject(0).getString("text"));
    }

    @Test
    void malformedLinesGetParseOrInvalidRequestErrorsAndServingContinues() throws Exception {
        fixtures().initialize("2025-11-25");
        client.sendLine("{not json");
        JsonObject parseError = client.next(TIMEOUT);
        assertEquals(-32700, parseError.getJsonObject("error").getInt("code"));
        assertTrue(parseError.isNull("id"));
        client.sendLine("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}");
        JsonObject invalid = client.next(TIMEOUT);
        assertEquals(-32600, invalid.getJsonObject("error").getInt("code"));
        assertEquals(3, invalid.getInt("id"));
        client.sendLine("[1,2");
        assertEquals(-32700, client.next(TIMEOUT).getJsonObject("error").getInt("code"));
        assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(4, "ping", "{}").getJsonObject("result"));
    }

    @Test
    void crlfLineEndingsAndBlankLinesAreTolerated() throws Exception {
        fixtures();
        client.sendRaw(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\"}}\r\n"
                + "\r\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\r\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"test_simple_text\"}}\r\n")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals("2025-06-18", client.responseTo(1).getJsonObject("result").getString("protocolVersion"));
        assertEquals("This is a simple text response for testing.", client.responseTo(2).getJsonObject("result")
                .getJsonArray("content").getJsonObject(0).getString("text"));
    }

    @Test
    void aLineOverTheCapIsRefusedClearlyAndTheNextLineIsServed() throws Exception {
        fixtures().initialize("2025-11-25");
        byte[] huge = new byte[LineReader.DEFAULT_CAP + 1024];
        Arrays.fill(huge, (byte) 'a');
        huge[huge.length - 1] = '\n';
        client.sendRaw(huge);
        JsonObject refused = client.next(TIMEOUT);
        assertEquals(-32600, refused.getJsonObject("error").getInt("code"));
        assertTrue(refused.getJsonObject("error").getString("message").contains("exceeds the limit of 16777216 bytes"),
                refused.toString());
        assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(5, "ping", "{}").getJsonObject("result"));
        for (int i = 0; i < 100 && !client.stderr().contains("exceeds the limit"); i++) {
            Thread.sleep(20); // stderr is read by its own thread: it can lag behind stdout
        }
        assertTrue(client.stderr().contains("exceeds the limit"), client.stderr());
    }

    @Test
    void whatCodePrintsToSystemOutGoesToStderrNeverToTheProtocolStream() throws Exception {
        fixtures().initialize("2025-11-25");
        assertEquals("quiet", client.request(8, "tools/call", "{\"name\":\"test_noisy\"}").getJsonObject("result")
                .getJsonArray("content").getJsonObject(0).getString("text"));
        assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(9, "ping", "{}").getJsonObject("result"));
        assertTrue(client.allLines().stream().noneMatch(l -> l.contains("noise") || l.contains("fake")), client.allLines().toString());
        for (int i = 0; i < 100 && !client.stderr().contains("noise on System.out"); i++) {
            Thread.sleep(20);
        }
        assertTrue(client.stderr().contains("noise on System.out") && client.stderr().contains("noise on System.err"), client.stderr());
    }

    @Test
    void exitsPromptlyWithCodeZeroOnStdinEof() throws Exception {
        fixtures().initialize("2025-11-25");
        client.closeStdin();
        assertTrue(client.waitForExit(Duration.ofSeconds(10)), "the server did not exit after stdin EOF");
        assertEquals(0, client.exitValue());
        assertNull(client.nextLine(TIMEOUT), "stdout should end with the process");
    }

    @Test
    void progressNotificationsPrecedeTheResponseInIncreasingOrder() throws Exception {
        fixtures().initialize("2025-11-25");
        client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"test_tool_with_progress\",\"_meta\":{\"progressToken\":\"order\"}}}");
        List<JsonObject> before = new ArrayList<>();
        assertFalse(client.responseTo(Json.createValue(5), before, TIMEOUT).getJsonObject("result").getBoolean("isError"));
        List<Double> values = before.stream()
                .filter(m -> "notifications/progress".equals(m.getString("method", "")))
                .map(m -> m.getJsonObject("params"))
                .peek(p -> assertEquals("order", p.getString("progressToken")))
                .map(p -> p.getJsonNumber("progress").doubleValue())
                .toList();
        assertEquals(List.of(0.0, 50.0, 100.0), values);
    }

    @Test
    void answersAlreadyInProgressStillGoOutOnEof() throws Exception {
        fixtures().initialize("2025-11-25");
        client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"test_reconnection\"}}");
        client.closeStdin();
        assertFalse(client.responseTo(9).getJsonObject("result").getBoolean("isError"));
        assertTrue(client.waitForExit(Duration.ofSeconds(10)));
    }

    @Test
    void cancellationStopsTheToolAndSuppressesItsResponse() throws Exception {
        fixtures().initialize("2025-11-25");
        client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":\"long-1\",\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"test_wait_for_cancel\",\"_meta\":{\"progressToken\":\"tok\"}}}");
        JsonObject progress;
        do {
            progress = client.next(TIMEOUT);
        } while (!"notifications/progress".equals(progress.getString("method", "")));
        assertEquals("tok", progress.getJsonObject("params").getString("progressToken"));
        client.sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"long-1\",\"reason\":\"test\"}}");
        // Ask until the tool has observed the cancellation; no response to long-1 may appear meanwhile.
        String outcome = "none";
        for (int id = 100; id < 200 && !outcome.equals("cancelled"); id++) {
            List<JsonObject> before = new ArrayList<>();
            client.sendLine("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"test_last_wait_outcome\"}}");
            outcome = client.responseTo(Json.createValue(id), before, TIMEOUT).getJsonObject("result")
                    .getJsonArray("content").getJsonObject(0).getString("text");
            before.forEach(m -> assertFalse(m.containsKey("id") && m.get("id").equals(Json.createValue("long-1")),
                    "a cancelled request was answered: " + m));
        }
        assertEquals("cancelled", outcome);
        assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(300, "ping", "{}").getJsonObject("result"));
        assertTrue(client.allLines().stream().noneMatch(l -> l.contains("\"id\":\"long-1\"")), "long-1 was answered");
    }

    @Test
    void batchesAreAnsweredOn20250326AsOneArrayAndRejectedLater() throws Exception {
        fixtures().initialize("2025-03-26");
        client.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"test_simple_text\"}},7]");
        String line = client.nextLine(TIMEOUT);
        JsonArray answer;
        try (var reader = Json.createReader(new java.io.StringReader(line))) {
            answer = reader.readArray();
        }
        assertEquals(3, answer.size(), "one array line with an answer per request and per invalid element: " + line);
        assertEquals(java.util.Set.of("1", "2", "null"), answer.stream().map(m -> m.asJsonObject().get("id").toString())
                .collect(java.util.stream.Collectors.toSet()), line);
        client.sendLine("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}]");
        assertEquals(JsonObject.EMPTY_JSON_OBJECT, client.request(3, "ping", "{}").getJsonObject("result"),
                "a batch of notifications gets no answer line");
        assertStdoutCarriesOnlyJsonRpc(client.allLines());
        client.close();

        fixtures().initialize("2025-06-18");
        client.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
        JsonObject refused = client.next(TIMEOUT);
        assertEquals(-32600, refused.getJsonObject("error").getInt("code"));
    }

    /** Every stdout line is one JSON-RPC 2.0 message: nothing else ever reaches the protocol stream. */
    static void assertStdoutCarriesOnlyJsonRpc(List<String> lines) {
        for (String line : lines) {
            if (line.startsWith("[")) {
                assertBatchAnswer(line);
                continue;
            }
            JsonObject message;
            try {
                message = WireClient.parse(line);
            } catch (RuntimeException e) {
                throw new AssertionError("stdout line is not a JSON object: " + abbreviate(line), e);
            }
            assertEquals("2.0", message.getString("jsonrpc", null), abbreviate(line));
            boolean request = message.containsKey("method");
            boolean response = message.containsKey("result") ^ message.containsKey("error");
            assertTrue(request || (response && message.containsKey("id")), "not a JSON-RPC message: " + abbreviate(line));
        }
    }

    /** A batch's answer: a non-empty array of responses, nothing else. */
    private static void assertBatchAnswer(String line) {
        JsonArray answers;
        try (var reader = Json.createReader(new java.io.StringReader(line))) {
            answers = reader.readArray();
        } catch (RuntimeException e) {
            throw new AssertionError("stdout line is not a JSON array: " + abbreviate(line), e);
        }
        assertFalse(answers.isEmpty(), line);
        for (var answer : answers) {
            JsonObject message = answer.asJsonObject();
            assertEquals("2.0", message.getString("jsonrpc", null), abbreviate(line));
            assertTrue(message.containsKey("id") && (message.containsKey("result") ^ message.containsKey("error")),
                    "a batch answer holds only responses: " + abbreviate(line));
        }
    }

    private static String abbreviate(String line) {
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
