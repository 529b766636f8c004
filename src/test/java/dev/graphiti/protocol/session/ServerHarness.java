package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.jsonrpc.MalformedMessageException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A server and one connection driven with JSON text, the way a transport drives them. */
final class ServerHarness implements AutoCloseable {

    final McpServer server;
    final Connection connection;
    final List<String> unsolicited = new CopyOnWriteArrayList<>();
    private final JsonRpcCodec codec = new JsonRpcCodec();

    ServerHarness(McpServer server, TransportKind kind) {
        this.server = server;
        this.connection = server.open(kind, message -> unsolicited.add(codec.write(message)));
    }

    /** Sends one line of input and returns its stream (not yet necessarily closed). */
    RecordingStream send(String json) throws MalformedMessageException {
        var stream = new RecordingStream();
        connection.receive(codec.parse(json), stream);
        return stream;
    }

    /** Sends input and waits for everything it causes. */
    List<String> exchange(String json) throws Exception {
        return send(json).awaitClosed();
    }

    /** Initializes with the given revision and client capabilities JSON. */
    String initialize(String version, String capabilities) throws Exception {
        var reply = exchange("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + version + "\",\"capabilities\":" + capabilities + ",\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return reply.get(0);
    }

    @Override
    public void close() {
        connection.close();
        server.close();
    }
}
