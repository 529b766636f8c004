package dev.graphiti.stdio;

import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.session.ResponseStream;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The output of one stdin line. A single message's output goes out message by message. For a batch
 * (JSON-RPC 2.0 section 6) the responses are held and written together as one JSON array line once the
 * last request finished; what is not a response (progress, log messages, requests to the client) goes
 * out at once, since the client may need it before the batch can finish. A batch of notifications gets
 * no line at all.
 */
final class LineAnswer implements ResponseStream {

    private final LineWriter writer;
    private final JsonRpcCodec codec;
    private final boolean batch;
    private final Runnable closed;
    private final List<String> responses = new ArrayList<>();

    LineAnswer(LineWriter writer, JsonRpcCodec codec, boolean batch, Runnable closed) {
        this.writer = writer;
        this.codec = codec;
        this.batch = batch;
        this.closed = closed;
    }

    @Override
    public void send(JsonObject message) {
        String line = codec.write(message);
        if (batch && isResponse(message)) {
            synchronized (responses) {
                responses.add(line);
            }
        } else {
            writer.write(line);
        }
    }

    @Override
    public void close() {
        synchronized (responses) {
            if (!responses.isEmpty()) {
                writer.write("[" + String.join(",", responses) + "]");
            }
        }
        closed.run();
    }

    private static boolean isResponse(JsonObject message) {
        return !message.containsKey("method") && (message.containsKey("result") || message.containsKey("error"));
    }
}
