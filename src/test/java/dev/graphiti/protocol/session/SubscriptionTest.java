package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.feature.TransportKind;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** 2026-07-28 subscriptions/listen: acknowledgement first, updates tagged with the subscription id, ends on cancel or stop. */
class SubscriptionTest {

    /** A resource whose watchers the test triggers by hand. */
    static final class Watched implements Resource {
        final List<Runnable> watchers = new CopyOnWriteArrayList<>();
        final AtomicInteger stopped = new AtomicInteger();

        @Override
        public ResourceDescriptor descriptor() {
            return new ResourceDescriptor("mem://watched", "watched", null, null, "text/plain");
        }

        @Override
        public List<ResourceContents> read(RequestContext context) {
            return List.of(ResourceContents.text("mem://watched", "text/plain", "now"));
        }

        @Override
        public AutoCloseable watch(RequestContext context, Runnable changed) {
            watchers.add(changed);
            return () -> {
                watchers.remove(changed);
                stopped.incrementAndGet();
            };
        }

        void change() {
            watchers.forEach(Runnable::run);
        }
    }

    private final Watched resource = new Watched();

    private ServerHarness harness() {
        return new ServerHarness(McpServer.builder(new ServerInfo("t", "t", "1")).resource(resource).build(), TransportKind.STDIO);
    }

    private static final String LISTEN = "{\"jsonrpc\":\"2.0\",\"id\":\"sub-1\",\"method\":\"subscriptions/listen\",\"params\":{"
            + "\"notifications\":{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"mem://watched\",\"mem://elsewhere\"]},"
            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    private static JsonObject json(String line) {
        return Json.createReader(new StringReader(line)).readObject();
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        assertTrue(condition.getAsBoolean(), "timed out");
    }

    @Test
    void acknowledgedThenUpdatesUntilTheClientCancels() throws Exception {
        try (var h = harness()) {
            RecordingStream stream = h.send(LISTEN);
            // the watch starts before the acknowledgement goes out: wait for both
            await(() -> resource.watchers.size() == 1 && !stream.sent().isEmpty());
            JsonObject ack = json(stream.sent().get(0));
            assertEquals("notifications/subscriptions/acknowledged", ack.getString("method"));
            assertEquals("sub-1", ack.getJsonObject("params").getJsonObject("_meta").getString("io.modelcontextprotocol/subscriptionId"));
            assertEquals(Json.createObjectBuilder().add("resourceSubscriptions", Json.createArrayBuilder().add("mem://watched")).build(),
                    ack.getJsonObject("params").getJsonObject("notifications"), "only what the server can honour is acknowledged");
            resource.change();
            resource.change();
            await(() -> stream.sent().size() == 3);
            JsonObject update = json(stream.sent().get(1));
            assertEquals("notifications/resources/updated", update.getString("method"));
            assertEquals("mem://watched", update.getJsonObject("params").getString("uri"));
            assertEquals("sub-1", update.getJsonObject("params").getJsonObject("_meta").getString("io.modelcontextprotocol/subscriptionId"));
            h.exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"sub-1\"}}");
            List<String> all = stream.awaitClosed();
            assertEquals(3, all.size(), "a cancelled subscription is not answered: " + all);
            assertEquals(1, resource.stopped.get());
            assertTrue(resource.watchers.isEmpty());
        }
    }

    /**
     * A change the client makes as soon as it holds the acknowledgement is told, however long the watch takes to
     * read its starting point (graphiti://context assembles the context first; a process under load is slow at it).
     */
    @Test
    void aChangeRightAfterTheAcknowledgementIsTold() throws Exception {
        AtomicInteger version = new AtomicInteger();
        Resource slow = new Resource() {
            @Override
            public ResourceDescriptor descriptor() {
                return new ResourceDescriptor("mem://slow", "slow", null, null, "text/plain");
            }

            @Override
            public List<ResourceContents> read(RequestContext context) {
                return List.of(ResourceContents.text("mem://slow", "text/plain", "v" + version.get()));
            }

            @Override
            public AutoCloseable watch(RequestContext context, Runnable changed) throws Exception {
                TimeUnit.MILLISECONDS.sleep(300);
                int[] seen = {version.get()};
                var poller = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
                poller.scheduleWithFixedDelay(() -> {
                    if (version.get() != seen[0]) {
                        seen[0] = version.get();
                        changed.run();
                    }
                }, 10, 10, TimeUnit.MILLISECONDS);
                return poller::shutdownNow;
            }
        };
        try (var h = new ServerHarness(McpServer.builder(new ServerInfo("t", "t", "1")).resource(slow).build(), TransportKind.STDIO)) {
            RecordingStream stream = h.send(LISTEN.replace("mem://watched", "mem://slow"));
            await(() -> !stream.sent().isEmpty());
            assertEquals("notifications/subscriptions/acknowledged", json(stream.sent().get(0)).getString("method"));
            version.incrementAndGet();
            await(() -> stream.sent().size() == 2);
            assertEquals("mem://slow", json(stream.sent().get(1)).getJsonObject("params").getString("uri"));
        }
    }

    @Test
    void aStoppingServerEndsItWithACompletionResult() throws Exception {
        try (var h = harness()) {
            RecordingStream stream = h.send(LISTEN);
            await(() -> resource.watchers.size() == 1);
            h.server.endSubscriptions();
            List<String> all = stream.awaitClosed();
            JsonObject last = json(all.get(all.size() - 1));
            assertEquals("sub-1", last.getString("id"));
            assertEquals("complete", last.getJsonObject("result").getString("resultType"));
            assertEquals("sub-1", last.getJsonObject("result").getJsonObject("_meta").getString("io.modelcontextprotocol/subscriptionId"));
            // the watch is stopped on the server's thread after the completion is sent: wait for it, as a client would
            await(() -> resource.stopped.get() == 1);
            assertEquals(1, resource.stopped.get());
        }
    }

    @Test
    void discoverOffersResourceSubscriptionsAndTheConnectionsEndStopsTheWatch() throws Exception {
        var h = harness();
        String discover = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        assertTrue(json(h.exchange(discover).get(0)).getJsonObject("result").getJsonObject("capabilities")
                .getJsonObject("resources").getBoolean("subscribe"));
        h.send(LISTEN);
        await(() -> resource.watchers.size() == 1);
        h.close();
        assertEquals(1, resource.stopped.get());
        assertFalse(resource.watchers.iterator().hasNext());
    }
}
