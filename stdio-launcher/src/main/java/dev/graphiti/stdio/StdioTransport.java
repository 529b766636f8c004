package dev.graphiti.stdio;

import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.graphiti.protocol.jsonrpc.MalformedMessageException;
import dev.graphiti.protocol.jsonrpc.MessageBatch;
import dev.graphiti.protocol.jsonrpc.Utf8;
import dev.graphiti.protocol.session.Connection;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Serves one MCP connection over a pair of byte streams (the process's stdin and real stdout). The
 * calling thread dispatches; a daemon reader feeds it lines and a daemon writer owns the output. Returns
 * when the input ends: answers already in progress get {@code drain} to go out, then the connection
 * closes (cancelling what is left) and the exit code is returned.
 */
public final class StdioTransport {

    private static final Duration DEFAULT_DRAIN = Duration.ofSeconds(2);

    private final InputStream in;
    private final OutputStream out;
    private final PrintStream diagnostics;
    private final McpServer server;
    private final int lineCap;
    private final Duration drain;
    private final JsonRpcCodec codec = new JsonRpcCodec();

    public StdioTransport(InputStream in, OutputStream out, PrintStream diagnostics, McpServer server,
                          int lineCap, Duration drain) {
        this.in = in;
        this.out = out;
        this.diagnostics = diagnostics;
        this.server = server;
        this.lineCap = lineCap;
        this.drain = drain;
    }

    public StdioTransport(InputStream in, OutputStream out, PrintStream diagnostics, McpServer server) {
        this(in, out, diagnostics, server, LineReader.DEFAULT_CAP, DEFAULT_DRAIN);
    }

    /** Serves until end of input; 0 when it ended cleanly, 1 when stdout or stdin failed. */
    public int run() throws InterruptedException {
        var writer = new LineWriter(out, diagnostics);
        Thread writerThread = daemon("graphiti-stdio-writer", writer);
        BlockingQueue<Optional<Line>> lines = new ArrayBlockingQueue<>(8);
        var readFailure = new boolean[1];
        Thread readerThread = daemon("graphiti-stdio-reader", () -> read(lines, readFailure));
        Connection connection = server.open(TransportKind.STDIO, message -> writer.write(codec.write(message)));
        var open = new OpenStreams();
        writerThread.start();
        readerThread.start();
        try {
            while (!writer.failed()) {
                Optional<Line> line = lines.take();
                if (line.isEmpty()) {
                    break;
                }
                dispatch(line.get(), connection, writer, open);
            }
            open.awaitNone(drain.toMillis());
        } finally {
            connection.close();
            writer.end();
            writerThread.join(drain.toMillis());
        }
        return writer.failed() || readFailure[0] ? 1 : 0;
    }

    private void read(BlockingQueue<Optional<Line>> lines, boolean[] failure) {
        var reader = new LineReader(in, lineCap);
        try {
            try {
                for (Optional<Line> line = reader.next(); line.isPresent(); line = reader.next()) {
                    lines.put(line);
                }
            } catch (IOException e) {
                diagnostics.println("graphiti: reading stdin failed: " + e.getMessage());
                failure[0] = true;
            }
            lines.put(Optional.empty());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void dispatch(Line line, Connection connection, LineWriter writer, OpenStreams open) {
        if (line instanceof Line.TooLong tooLong) {
            String message = "Invalid Request: a message of " + tooLong.bytes() + " bytes exceeds the limit of "
                    + tooLong.cap() + " bytes per line";
            diagnostics.println("graphiti: " + message);
            writer.write(codec.write(new JsonRpcErrorResponse(JsonValue.NULL, ErrorCode.INVALID_REQUEST, message).toJson()));
            return;
        }
        try {
            if (line instanceof Line.NotUtf8) {
                throw Utf8.notUtf8();
            }
            String text = ((Line.Text) line).text();
            if (text.isBlank()) {
                return;
            }
            var incoming = codec.parse(text);
            open.opened();
            // A batch the connection refuses (before 2025-03-26) gets one error object, not an array.
            boolean batch = incoming instanceof MessageBatch && connection.batchesAllowed();
            connection.receive(incoming, new LineAnswer(writer, codec, batch, open::closed));
        } catch (MalformedMessageException e) {
            diagnostics.println("graphiti: " + e.getMessage());
            writer.write(codec.write(e.response().toJson()));
        } catch (RuntimeException e) {
            // A bug must cost one message, not the client's whole session.
            diagnostics.println("graphiti: internal error handling a message: " + e);
            writer.write(codec.write(new JsonRpcErrorResponse(JsonValue.NULL, ErrorCode.INTERNAL_ERROR,
                    "Internal error: " + e.getClass().getSimpleName()).toJson()));
        }
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
