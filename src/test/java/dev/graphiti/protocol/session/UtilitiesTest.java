package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Progress, logging and cancellation, with JSON text in and out. */
class UtilitiesTest {

    private final CountDownLatch started = new CountDownLatch(1);
    private final AtomicReference<String> ending = new AtomicReference<>("running");

    private ServerHarness harness() throws Exception {
        var server = McpServer.builder(new ServerInfo("t", "t", "1"))
                .tool(TestTool.of("progress", (args, ctx) -> {
                    ctx.progress(1, 3.0, "one");
                    ctx.progress(1, 3.0, "again one: dropped");
                    ctx.progress(0.5, 3.0, "backwards: dropped");
                    ctx.progress(2.5, null, null);
                    return ToolResult.text("done");
                }))
                .tool(TestTool.of("log", (args, ctx) -> {
                    for (LogLevel level : LogLevel.values()) {
                        ctx.log(level, "test", Jsonp.PROVIDER.createValue(level.wire()));
                    }
                    return ToolResult.text("logged");
                }))
                .tool(TestTool.of("block", (args, ctx) -> {
                    started.countDown();
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        ending.set(ctx.isCancelled() ? "cancelled" : "interrupted");
                        throw e;
                    }
                    return ToolResult.text("never");
                }))
                .build();
        var h = new ServerHarness(server, TransportKind.HTTP);
        h.initialize("2025-11-25", "{}");
        return h;
    }

    @Test
    void progressEchoesTheTokenRawAndOnlyIncreases() throws Exception {
        try (var h = harness()) {
            List<String> out = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"progress\",\"_meta\":{\"progressToken\":42}}}");
            assertEquals(List.of(
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":42,\"progress\":1,\"total\":3,\"message\":\"one\"}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":42,\"progress\":2.5}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"isError\":false}}"), out);
        }
    }

    @Test
    void noProgressWithoutAToken() throws Exception {
        try (var h = harness()) {
            List<String> out = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\"}}");
            assertEquals(1, out.size(), out.toString());
        }
    }

    @Test
    void logMessagesFollowSetLevelAndGoOnTheRequestStream() throws Exception {
        try (var h = harness()) {
            String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"}}";
            assertEquals(7 + 1, h.exchange(call).size(), "default threshold is info: 7 levels from info up, then the result");
            assertEquals(List.of("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}"),
                    h.exchange("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"critical\"}}"));
            List<String> out = h.exchange(call);
            assertEquals(List.of(
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"critical\",\"logger\":\"test\",\"data\":\"critical\"}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"alert\",\"logger\":\"test\",\"data\":\"alert\"}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"emergency\",\"logger\":\"test\",\"data\":\"emergency\"}}"),
                    out.subList(0, 3));
            h.exchange("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}");
            assertEquals(8 + 1, h.exchange(call).size());
            assertTrue(h.unsolicited.isEmpty(), h.unsolicited.toString());
        }
    }

    @Test
    void anUnknownLogLevelIsInvalidParams() throws Exception {
        try (var h = harness()) {
            String out = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}").get(0);
            assertTrue(out.contains("\"code\":-32602") && out.contains("loud"), out);
        }
    }

    @Test
    void cancellationInterruptsTheWorkSuppressesTheResponseAndClosesTheStream() throws Exception {
        try (var h = harness()) {
            RecordingStream stream = h.send("{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tools/call\",\"params\":{\"name\":\"block\"}}");
            assertTrue(started.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"c1\",\"reason\":\"user\"}}"));
            assertEquals(List.of(), stream.awaitClosed());
            for (int i = 0; i < 100 && ending.get().equals("running"); i++) {
                Thread.sleep(20);
            }
            assertEquals("cancelled", ending.get());
            // The worker is free again and the connection keeps serving.
            assertEquals(1, h.exchange("{\"jsonrpc\":\"2.0\",\"id\":\"c2\",\"method\":\"tools/call\",\"params\":{\"name\":\"progress\"}}").size());
        }
    }

    @Test
    void cancellingAnUnknownOrFinishedRequestIsIgnored() throws Exception {
        try (var h = harness()) {
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":99}}"));
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}"));
            assertEquals(List.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"), h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"));
        }
    }

    @Test
    void closingTheConnectionEndsInFlightWorkAndClosesItsStream() throws Exception {
        try (var h = harness()) {
            RecordingStream stream = h.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"block\"}}");
            assertTrue(started.await(10, TimeUnit.SECONDS));
            h.connection.close();
            assertEquals(List.of(), stream.awaitClosed());
            assertTrue(h.connection.isClosed());
            String after = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\"}").get(0);
            assertTrue(after.contains("\"code\":-32600"), after);
        }
    }
}
