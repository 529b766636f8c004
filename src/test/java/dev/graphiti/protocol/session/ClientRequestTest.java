package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Server-to-client requests (sampling, elicitation, roots): routing, capability checks, timeouts. */
class ClientRequestTest {

    private final AtomicReference<CompletableFuture<JsonObject>> issued = new AtomicReference<>();
    private final CountDownLatch sent = new CountDownLatch(1);

    private ServerHarness harness(String capabilities, Duration timeout) throws Exception {
        var server = McpServer.builder(new ServerInfo("t", "t", "1"))
                .tool(TestTool.of("ask", (args, ctx) -> {
                    var future = ctx.requestFromClient("sampling/createMessage",
                            Jsonp.object().add("maxTokens", 5).build(), timeout);
                    issued.set(future);
                    sent.countDown();
                    try {
                        return ToolResult.text("answer: " + future.get(10, TimeUnit.SECONDS).getString("model"));
                    } catch (ExecutionException e) {
                        return ToolResult.error(e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage());
                    }
                }))
                .build();
        var h = new ServerHarness(server, TransportKind.HTTP);
        h.initialize("2025-11-25", capabilities);
        return h;
    }

    private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":\"t1\",\"method\":\"tools/call\",\"params\":{\"name\":\"ask\"}}";

    @Test
    void theRequestGoesOnTheCallsStreamAndTheClientsResponseIsRouted() throws Exception {
        try (var h = harness("{\"sampling\":{}}", Duration.ofSeconds(10))) {
            RecordingStream stream = h.send(CALL);
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            waitForMessages(stream, 1);
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"sampling/createMessage\",\"params\":{\"maxTokens\":5}}",
                    stream.sent().get(0));
            // The client answers in a separate input (HTTP: another POST), which carries no requests.
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"model\":\"m-1\",\"role\":\"assistant\"}}"));
            List<String> out = stream.awaitClosed();
            assertTrue(out.get(1).contains("\"text\":\"answer: m-1\""), out.toString());
        }
    }

    @Test
    void anErrorFromTheClientFailsTheFutureWithItsCode() throws Exception {
        try (var h = harness("{\"sampling\":{}}", Duration.ofSeconds(10))) {
            RecordingStream stream = h.send(CALL);
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-1,\"message\":\"User rejected sampling request\"}}");
            List<String> out = stream.awaitClosed();
            assertTrue(out.get(1).contains("McpException: User rejected sampling request"), out.toString());
        }
    }

    @Test
    void withoutTheCapabilityNothingIsSentAndTheFutureFails() throws Exception {
        try (var h = harness("{}", Duration.ofSeconds(10))) {
            List<String> out = h.exchange(CALL);
            assertEquals(1, out.size(), out.toString());
            assertTrue(out.get(0).contains("did not declare the \\\"sampling\\\" capability"), out.get(0));
        }
    }

    @Test
    void anUnansweredRequestTimesOutAndIsCancelledTowardsTheClient() throws Exception {
        try (var h = harness("{\"sampling\":{}}", Duration.ofMillis(200))) {
            List<String> out = h.exchange(CALL);
            assertEquals(3, out.size(), out.toString());
            assertTrue(out.get(1).startsWith("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1,"), out.get(1));
            assertTrue(out.get(2).contains("TimeoutException") && out.get(2).contains("\"isError\":true"), out.get(2));
            // A late answer is ignored.
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"model\":\"late\"}}"));
        }
    }

    @Test
    void closingTheConnectionFailsPendingRequests() throws Exception {
        try (var h = harness("{\"sampling\":{}}", Duration.ofSeconds(10))) {
            h.send(CALL);
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            h.connection.close();
            // CompletableFuture.get reports a CancellationException cause as itself.
            org.junit.jupiter.api.Assertions.assertThrows(CancellationException.class,
                    () -> issued.get().get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void cancellingTheAskingRequestWithdrawsItsClientRequest() throws Exception {
        try (var h = harness("{\"sampling\":{}}", Duration.ofSeconds(10))) {
            RecordingStream stream = h.send(CALL);
            assertTrue(sent.await(10, TimeUnit.SECONDS));
            h.exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"t1\"}}");
            assertEquals(1, stream.awaitClosed().size(), "only the sampling request went out on the call's stream");
            org.junit.jupiter.api.Assertions.assertThrows(CancellationException.class, () -> issued.get().get(5, TimeUnit.SECONDS));
            // The call's stream is closed, so the withdrawal reaches the client as an unsolicited message.
            assertEquals(List.of("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
                    + "{\"requestId\":1,\"reason\":\"the request that asked was cancelled\"}}"), h.unsolicited);
        }
    }

    private static void waitForMessages(RecordingStream stream, int count) throws InterruptedException {
        for (int i = 0; i < 500 && stream.sent().size() < count; i++) {
            Thread.sleep(10);
        }
    }
}
