package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Tasks (io.modelcontextprotocol/tasks) at the dispatcher: a task belongs to the caller that started it, a
 * cancellation stops its work, a question asked inside it waits for tasks/update, and without the extension
 * (or in a 2025 session) the same call answers in the request.
 */
class TaskTest {

    private static final String TASKS = "{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}},\"elicitation\":{}}";
    private final JsonRpcCodec codec = new JsonRpcCodec();
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final java.util.concurrent.Semaphore started = new java.util.concurrent.Semaphore(0);
    private final java.util.concurrent.Semaphore stopped = new java.util.concurrent.Semaphore(0);

    private McpServer server() {
        Tool waits = new Tool() {
            @Override
            public dev.graphiti.protocol.feature.ToolDescriptor descriptor() {
                return TestTool.of("waits", null).descriptor();
            }

            @Override
            public ToolResult call(JsonObject arguments, dev.graphiti.protocol.feature.RequestContext ctx) throws Exception {
                return ctx.asTask(() -> {
                    if (!ctx.inTask()) {
                        return ToolResult.text("answered in the call");
                    }
                    started.release();
                    try {
                        TimeUnit.MINUTES.sleep(5);
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        stopped.release();
                        throw e;
                    }
                    return ToolResult.text("slept");
                });
            }

            @Override
            public TaskSupport taskSupport() {
                return TaskSupport.OPTIONAL;
            }
        };
        Tool asks = new Tool() {
            @Override
            public dev.graphiti.protocol.feature.ToolDescriptor descriptor() {
                return TestTool.of("asks", null).descriptor();
            }

            @Override
            public ToolResult call(JsonObject arguments, dev.graphiti.protocol.feature.RequestContext ctx) throws Exception {
                return ctx.asTask(() -> {
                    JsonObject answer = ctx.requestFromClient("elicitation/create", Json.createObjectBuilder().add("message", "Sure?")
                            .add("requestedSchema", Json.createObjectBuilder().add("type", "object")).build(), Duration.ofSeconds(20))
                            .get(20, TimeUnit.SECONDS);
                    return ToolResult.text("answer: " + answer.getString("action"));
                });
            }

            @Override
            public TaskSupport taskSupport() {
                return TaskSupport.OPTIONAL;
            }
        };
        return McpServer.builder(new ServerInfo("t", "t", "1")).tool(waits).tool(asks).build();
    }

    private JsonObject send(McpServer server, String caller, String method, String params, String capabilities) throws Exception {
        Connection connection = server.openStateless(TransportKind.HTTP, caller, java.util.Map.of());
        var stream = new RecordingStream();
        String inner = params.substring(1, params.length() - 1);
        connection.receive(codec.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":{" + inner
                + (inner.isBlank() ? "" : ",") + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}}}"), stream);
        var sent = stream.awaitClosed();
        connection.close();
        return Json.createReader(new StringReader(sent.get(sent.size() - 1))).readObject();
    }

    private JsonObject get(McpServer server, String caller, String id) throws Exception {
        return send(server, caller, "tasks/get", "{\"taskId\":\"" + id + "\"}", TASKS);
    }

    private JsonObject awaitStatus(McpServer server, String id, String status) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            JsonObject task = get(server, "alice", id).getJsonObject("result");
            if (task.getString("status").equals(status) || System.nanoTime() > deadline) {
                return task;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    @Test
    void aTaskIsItsCallersAndACancellationStopsItsWork() throws Exception {
        try (McpServer server = server()) {
            JsonObject created = send(server, "alice", "tools/call", "{\"name\":\"waits\"}", TASKS).getJsonObject("result");
            assertEquals("task", created.getString("resultType"));
            assertEquals("working", created.getString("status"));
            String id = created.getString("taskId");
            assertTrue(id.length() >= 43, "256 random bits: " + id);

            JsonObject others = get(server, "bob", id);
            assertEquals(-32602, others.getJsonObject("error").getInt("code"), "another caller's task is unknown to it");
            assertEquals("working", get(server, "alice", id).getJsonObject("result").getString("status"));

            JsonObject ack = send(server, "alice", "tasks/cancel", "{\"taskId\":\"" + id + "\"}", TASKS).getJsonObject("result");
            assertEquals("complete", ack.getString("resultType"));
            assertFalse(ack.containsKey("status"));
            assertTrue(interrupted.await(10, TimeUnit.SECONDS), "the work was interrupted");
            JsonObject cancelled = get(server, "alice", id).getJsonObject("result");
            assertEquals("cancelled", cancelled.getString("status"));
            assertFalse(cancelled.containsKey("result"));
            assertTrue(cancelled.getJsonNumber("ttlMs").longValue() >= Duration.ofHours(1).toMillis(), cancelled.toString());
        }
    }

    @Test
    void aTaskCancelledWhileItWaitsForAThreadDoesNotRunItsWork() throws Exception {
        try (McpServer server = server()) {
            var running = new java.util.ArrayList<String>();
            for (int i = 0; i < 4; i++) { // as many as the server runs at once
                running.add(send(server, "alice", "tools/call", "{\"name\":\"waits\"}", TASKS).getJsonObject("result").getString("taskId"));
            }
            assertTrue(started.tryAcquire(4, 10, TimeUnit.SECONDS), "four tasks run");
            String queued = send(server, "alice", "tools/call", "{\"name\":\"waits\"}", TASKS).getJsonObject("result").getString("taskId");
            send(server, "alice", "tasks/cancel", "{\"taskId\":\"" + queued + "\"}", TASKS);
            assertEquals("cancelled", get(server, "alice", queued).getJsonObject("result").getString("status"));
            for (String id : running) {
                send(server, "alice", "tasks/cancel", "{\"taskId\":\"" + id + "\"}", TASKS);
            }
            // The queued work gets a thread now; cancelled before, it must stop at once, not sleep its five minutes.
            assertTrue(stopped.tryAcquire(5, 10, TimeUnit.SECONDS), "all five works stopped, the queued one too: "
                    + stopped.availablePermits() + " did");
            assertEquals("cancelled", get(server, "alice", queued).getJsonObject("result").getString("status"));
        }
    }

    @Test
    void aQuestionAskedInATaskWaitsForTasksUpdate() throws Exception {
        try (McpServer server = server()) {
            String id = send(server, "alice", "tools/call", "{\"name\":\"asks\"}", TASKS).getJsonObject("result").getString("taskId");
            JsonObject waiting = awaitStatus(server, id, "input_required");
            assertEquals("input_required", waiting.getString("status"), waiting.toString());
            String key = waiting.getJsonObject("inputRequests").keySet().iterator().next();
            assertEquals("elicitation/create", waiting.getJsonObject("inputRequests").getJsonObject(key).getString("method"));

            send(server, "alice", "tasks/update", "{\"taskId\":\"" + id + "\",\"inputResponses\":{\"" + key
                    + "\":{\"action\":\"accept\",\"content\":{}}}}", TASKS);
            JsonObject done = awaitStatus(server, id, "completed");
            assertEquals("answer: accept", done.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"));
        }
    }

    @Test
    void withoutTheExtensionTheCallAnswersInTheRequest() throws Exception {
        try (McpServer server = server()) {
            JsonObject plain = send(server, "alice", "tools/call", "{\"name\":\"waits\"}", "{}").getJsonObject("result");
            assertEquals("complete", plain.getString("resultType"));
            assertEquals("answered in the call", plain.getJsonArray("content").getJsonObject(0).getString("text"));
            JsonObject refused = send(server, "alice", "tasks/get", "{\"taskId\":\"x\"}", "{}").getJsonObject("error");
            assertEquals(-32021, refused.getInt("code"));
        }
        try (var legacy = new ServerHarness(server(), TransportKind.STDIO)) {
            legacy.initialize("2025-11-25", TASKS);
            String answer = legacy.exchange("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"waits\"}}").get(0);
            assertTrue(answer.contains("answered in the call"), answer);
        }
    }
}
