package dev.graphiti.http;

import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.session.ResponseStream;
import jakarta.json.JsonObject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer to one POST. Responses are held back while nothing else was sent: at close they go out as
 * one {@code application/json} body (an array for a 2025-03-26 batch). The first message that is not
 * a response (progress, a log message, a request to the client) switches the answer to
 * {@code text/event-stream}, and everything from then on is streamed. Input without requests is
 * answered 202 with an empty body.
 */
final class PostExchange implements ResponseStream {

    /** What happens just before the response is committed (the initialize POST adds its session id). */
    interface BeforeCommit {
        void apply(HttpServletResponse response);
    }

    private enum Mode { HOLDING, STREAMING, DONE }

    private final AsyncContext async;
    private final HttpServletResponse response;
    private final JsonRpcCodec codec;
    private final boolean expectsAnswer;
    private final boolean asArray;
    private final boolean stateless;
    private final BeforeCommit beforeCommit;
    private final Heartbeats heartbeats;
    private final Duration heartbeatInterval;
    private final List<JsonObject> held = new ArrayList<>();
    private Mode mode = Mode.HOLDING;
    private SseStream stream;

    /** @param stateless a 2026-07-28 POST: a lone error answer gets the status {@link StatelessRequest#status} gives it */
    PostExchange(AsyncContext async, JsonRpcCodec codec, boolean expectsAnswer, boolean asArray, boolean stateless,
                 BeforeCommit beforeCommit, Heartbeats heartbeats, Duration heartbeatInterval) {
        this.async = async;
        this.response = (HttpServletResponse) async.getResponse();
        this.codec = codec;
        this.expectsAnswer = expectsAnswer;
        this.asArray = asArray;
        this.stateless = stateless;
        this.beforeCommit = beforeCommit;
        this.heartbeats = heartbeats;
        this.heartbeatInterval = heartbeatInterval;
    }

    @Override
    public synchronized void send(JsonObject message) {
        switch (mode) {
            case HOLDING -> {
                if (isResponse(message)) {
                    held.add(message);
                } else {
                    startStreaming();
                    stream(message);
                }
            }
            case STREAMING -> stream(message);
            case DONE -> {
                // Too late: the request timed out or the client went away.
            }
        }
    }

    @Override
    public synchronized void close() {
        switch (mode) {
            case HOLDING -> {
                if (held.isEmpty() && expectsAnswer) {
                    startStreaming();
                    finish();
                } else {
                    writeJson();
                }
            }
            case STREAMING -> finish();
            case DONE -> {
                // Already ended.
            }
        }
    }

    /** The container gave up on the request (timeout or I/O error): end it, keep the session. */
    synchronized void abort() {
        if (mode == Mode.HOLDING) {
            try {
                HttpRejection.of(503, "Service Unavailable: the request did not finish in time").send(response, codec);
            } catch (IOException | IllegalStateException e) {
                // The client is gone; nothing to tell it.
            }
        }
        finish();
    }

    private void startStreaming() {
        beforeCommit.apply(response);
        SseWriter.prepare(response);
        try {
            response.flushBuffer();
            stream = new SseStream(async, new SseWriter(response.getOutputStream()), heartbeats, heartbeatInterval);
            mode = Mode.STREAMING;
            for (JsonObject message : held) {
                stream(message);
            }
            held.clear();
        } catch (IOException | IllegalStateException e) {
            finish();
        }
    }

    private void stream(JsonObject message) {
        if (!stream.send(codec.write(message))) {
            mode = Mode.DONE;
        }
    }

    private void writeJson() {
        beforeCommit.apply(response);
        try {
            if (held.isEmpty()) {
                response.setStatus(202);
                response.setContentLength(0);
            } else {
                String body = asArray ? "[" + String.join(",", held.stream().map(codec::write).toList()) + "]"
                        : codec.write(held.get(0));
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                response.setStatus(stateless && !asArray && held.get(0).get("error") instanceof JsonObject error
                        ? StatelessRequest.status(error.getInt("code", 0)) : 200);
                response.setContentType("application/json");
                response.setCharacterEncoding("UTF-8");
                response.setContentLength(bytes.length);
                response.getOutputStream().write(bytes);
            }
        } catch (IOException | IllegalStateException e) {
            // The client went away before its answer; the session stays.
        }
        finish();
    }

    private void finish() {
        mode = Mode.DONE;
        if (stream != null) {
            stream.close();
        } else {
            try {
                async.complete();
            } catch (IllegalStateException e) {
                // Already completed by the container.
            }
        }
    }

    private static boolean isResponse(JsonObject message) {
        return !message.containsKey("method") && (message.containsKey("result") || message.containsKey("error"));
    }
}
