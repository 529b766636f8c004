package dev.graphiti.http;

import dev.graphiti.protocol.jsonrpc.Incoming;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.jsonrpc.JsonRpcRequest;
import dev.graphiti.protocol.jsonrpc.MessageBatch;
import dev.graphiti.protocol.session.McpServer;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The streamable HTTP endpoint. Thin: every request runs the one {@link RequestValidation} pipeline,
 * then POST hands the message to the session's connection with a {@link PostExchange} as its stream,
 * GET attaches an SSE stream for server-initiated messages, DELETE ends the session. The container
 * thread only parses and hands over; tools run on the server's workers.
 *
 * <p>Built two ways: by a servlet container (WAR) through the no-argument constructor and CDI
 * initializer injection, or by hand with the constructor (embedded Jetty fixture server, tests). In a WAR
 * whose settings are wrong (a token setting without a token) the injection fails, so the endpoint serves
 * nothing and the server log says why. (Not loaded at startup: the servlet context it reads settings from
 * is not yet available to CDI then, on Payara.)
 */
@Dependent
@WebServlet(urlPatterns = "/mcp", asyncSupported = true)
public class McpServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(McpServlet.class.getName());

    private transient McpServer server;
    private transient HttpTransportConfig config;
    private transient JsonRpcCodec codec;
    private transient SessionStore sessions;
    private transient RequestValidation validation;
    private transient InitializeRateLimit initializeRate;
    private transient InFlight inFlight;
    private transient Heartbeats timer;
    private transient ScheduledFuture<?> sweeper;

    /** For the servlet container; collaborators arrive through {@link #inject}. */
    public McpServlet() {
    }

    public McpServlet(McpServer server, HttpTransportConfig config) {
        inject(server, config);
    }

    /** CDI initializer: the container-managed servlet gets its collaborators here. */
    @Inject
    final void inject(McpServer server, HttpTransportConfig config) {
        this.server = Objects.requireNonNull(server, "server");
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public void init() {
        if (server == null) {
            throw new IllegalStateException("McpServlet needs an McpServer and an HttpTransportConfig: "
                    + "deploy it with CDI or construct it with them");
        }
        codec = new JsonRpcCodec();
        sessions = new SessionStore(config.maxSessions(), config.sessionIdleTimeout(), Clock.systemUTC(), new SecureRandom());
        initializeRate = new InitializeRateLimit(config.initializePerMinute(), Clock.systemUTC());
        validation = new RequestValidation(config, sessions, codec, initializeRate, server::headerParameters);
        inFlight = new InFlight();
        timer = new Heartbeats();
        sweeper = timer.every(config.sessionIdleTimeout().dividedBy(4), () -> {
            sessions.sweep();
            initializeRate.sweep();
        });
        LOG.info("graphiti MCP endpoint: " + describe(config));
    }

    /** Who may call, in words for the log (never a token). */
    public static String describe(HttpTransportConfig config) {
        if (!Authentication.of(config).required()) {
            return "no bearer token configured, serving loopback connections only";
        }
        String oauth = config.oauth().map(server -> "OAuth access tokens for " + server.settings().resource() + " from "
                + server.settings().issuers()).orElse("");
        String tokens = config.tokens().isEmpty() ? "" : config.tokens() + (oauth.isEmpty() ? "" : " or ");
        return tokens + oauth + " required";
    }

    @Override
    public void destroy() {
        if (sweeper != null) {
            drain();
            sweeper.cancel(false);
            timer.close();
        }
    }

    /**
     * The graceful stop: refuses new requests (503), waits up to the configured grace period for the
     * calls already running to answer, then ends every session (which completes open GET streams, so the
     * container's own stop is not held by them). Returns whether every running call finished in time.
     */
    public boolean drain() {
        if (inFlight == null) {
            return true;
        }
        server.endSubscriptions(); // they would hold the drain to its end
        boolean finished;
        try {
            finished = inFlight.drain(config.drainTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            LOG.warning("graphiti MCP endpoint: " + inFlight.running() + " call(s) still running after "
                    + config.drainTimeout().toSeconds() + " s; ending them");
        }
        sessions.closeAll();
        return finished;
    }

    /** The transport's configuration (who may call: {@link Authentication#of}). */
    public HttpTransportConfig transport() {
        return config;
    }

    /** The open sessions (for tests and diagnostics). */
    public int sessionCount() {
        return sessions.size();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            RequestHead head = validation.head(request);
            if (head.method() == EndpointMethod.POST) {
                readBody(request, head);
                return;
            }
            ValidatedRequest valid = validation.complete(request, head, Optional.empty());
            switch (valid.method()) {
                case GET -> get(request, valid.session().orElseThrow(), valid.caller());
                case DELETE -> delete(response, valid.session().orElseThrow());
                case POST -> throw new IllegalStateException("POST is answered once its body arrived");
            }
        } catch (HttpRejection rejection) {
            refuse(response, rejection);
        } catch (RuntimeException e) {
            fail(response, e);
        }
    }

    /**
     * Starts reading a POST's body without blocking: the container thread returns at once and the rest of
     * the POST runs when the last byte arrives, so slow senders hold a connection each, not a thread.
     */
    private void readBody(HttpServletRequest request, RequestHead head) throws IOException, HttpRejection {
        byte[] upgraded = null;
        if (request.getHeader("Upgrade") != null) {
            // An HTTP/2 upgrade offer (h2c, as java.net.http sends): Grizzly (Payara) fails non-blocking reads
            // on such a request, so its body is read blocking, within the size limit, as before.
            upgraded = readBlocking(request);
        }
        AsyncContext async = request.startAsync();
        // The body's deadline and then the request timeout are timer tasks; the container's timeout is a backstop.
        // (A 2026-07-28 subscriptions/listen lives as long as a GET stream would.)
        async.setTimeout(config.bodyTimeout().plus(max(config.requestTimeout(), config.streamTimeout())).plusSeconds(5).toMillis());
        var response = (HttpServletResponse) async.getResponse();
        var events = new AsyncEnd(async::complete, () -> { });
        var reader = new BodyReader(request.getInputStream(), config.maxBodyBytes(), new BodyReader.Receiver() {
            @Override
            public void body(byte[] bytes) {
                try {
                    post(request, async, events, validation.complete(request, head, Optional.of(bytes)));
                } catch (HttpRejection rejection) {
                    refuse(response, rejection);
                    async.complete();
                } catch (RuntimeException e) {
                    fail(response, e);
                    async.complete();
                }
            }

            @Override
            public void refused(HttpRejection rejection) {
                refuse(response, rejection);
                async.complete();
            }

            @Override
            public void gone() {
                async.complete();
            }
        });
        events.become(reader::clientGone, reader::clientGone);
        async.addListener(events);
        if (upgraded != null) {
            reader.deliver(upgraded);
            return;
        }
        reader.deadline(timer.after(config.bodyTimeout(), () -> reader.expire(config.bodyTimeout().toSeconds() + " s")));
        request.getInputStream().setReadListener(reader);
    }

    private byte[] readBlocking(HttpServletRequest request) throws IOException, HttpRejection {
        long limit = config.maxBodyBytes();
        try (var in = request.getInputStream()) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 1, limit) + 1);
            if (bytes.length > limit) {
                throw RequestValidation.tooLarge(limit);
            }
            return bytes;
        }
    }

    private void refuse(HttpServletResponse response, HttpRejection rejection) {
        if (!response.isCommitted()) {
            try {
                rejection.send(response, codec);
            } catch (IOException | IllegalStateException e) {
                // The client is gone; nothing to tell it.
            }
        }
    }

    private void fail(HttpServletResponse response, RuntimeException e) {
        LOG.log(Level.WARNING, "MCP request failed", e);
        refuse(response, HttpRejection.of(500, "Internal Server Error: " + e.getClass().getSimpleName()));
    }

    private void post(HttpServletRequest request, AsyncContext async, AsyncEnd events, ValidatedRequest valid) throws HttpRejection {
        if (!inFlight.enter()) {
            throw stopping();
        }
        var left = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable leave = () -> {
            if (left.compareAndSet(false, true)) {
                inFlight.leave();
            }
        };
        try {
            dispatch(async, events, valid, leave);
        } catch (HttpRejection | RuntimeException e) {
            leave.run();
            throw e;
        }
    }

    /** Runs a POST that {@link #inFlight} counts until its async exchange completes ({@code leave}). */
    private void dispatch(AsyncContext async, AsyncEnd events, ValidatedRequest valid, Runnable leave) throws HttpRejection {
        Incoming incoming = valid.body().orElseThrow();
        if (valid.stateless()) {
            dispatchStateless(async, events, incoming, valid.caller(), headers((HttpServletRequest) async.getRequest()), leave);
            return;
        }
        McpSession session = valid.session().isPresent() ? valid.session().get()
                : sessions.open(server, valid.caller().identity());
        boolean fresh = valid.session().isEmpty();
        if (!session.enter()) {
            throw HttpRejection.of(404, "Not Found: the session ended");
        }
        var exchange = new PostExchange(async, codec, incoming.hasRequests(),
                incoming instanceof MessageBatch && session.connection().batchesAllowed(), false,
                response -> {
                    if (fresh) {
                        issueSession(session, response);
                    }
                }, timer, config.heartbeatInterval());
        // The request timeout counts from here, not from the first byte of a slowly sent body.
        ScheduledFuture<?> expiry = timer.after(config.requestTimeout(), exchange::abort);
        events.become(exchange::abort, () -> {
            expiry.cancel(false);
            session.leave();
            leave.run();
        });
        session.connection().receive(incoming, exchange);
    }

    /**
     * A 2026-07-28 POST: no session; a connection of its own lives as long as the POST. When the client closes
     * the stream (or the request times out) the connection closes, which cancels the work: on this revision a
     * dropped response stream is the cancellation.
     */
    private void dispatchStateless(AsyncContext async, AsyncEnd events, Incoming incoming, Caller caller,
                                   java.util.Map<String, String> headers, Runnable leave) {
        var connection = server.openStateless(dev.graphiti.protocol.feature.TransportKind.HTTP, caller.identity(), headers);
        var exchange = new PostExchange(async, codec, incoming.hasRequests(), false, true, response -> { },
                timer, config.heartbeatInterval());
        boolean listen = incoming.messages().get(0) instanceof JsonRpcRequest request && request.method().equals("subscriptions/listen");
        // A subscription that reaches the stream limit ends gracefully (its completion result), a request is cut off.
        ScheduledFuture<?> expiry = listen
                ? timer.after(caller.streamLimit(config.streamTimeout(), java.time.Instant.now()), () -> {
                    connection.endSubscriptions();
                    exchange.abort();
                })
                : timer.after(config.requestTimeout(), exchange::abort);
        events.become(() -> {
            exchange.abort();
            connection.close();
        }, () -> {
            expiry.cancel(false);
            connection.close();
            leave.run();
        });
        connection.receive(incoming, exchange);
    }

    /** The request's headers for its handlers (a project directory header, say): lower-case names, no credentials. */
    private static java.util.Map<String, String> headers(HttpServletRequest request) {
        var headers = new java.util.HashMap<String, String>();
        for (String name : java.util.Collections.list(request.getHeaderNames())) {
            String lower = name.toLowerCase(java.util.Locale.ROOT);
            if (!lower.equals("authorization") && !lower.equals("cookie") && request.getHeader(name) != null) {
                headers.putIfAbsent(lower, request.getHeader(name));
            }
        }
        return headers;
    }

    private static java.time.Duration max(java.time.Duration a, java.time.Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** The initialize answer carries the new session id, unless initialize failed: then the session goes. */
    private void issueSession(McpSession session, HttpServletResponse response) {
        if (session.connection().isInitialized()) {
            response.setHeader(RequestValidation.SESSION_HEADER, session.id());
        } else {
            sessions.end(session.id());
        }
    }

    private static HttpRejection stopping() {
        return HttpRejection.of(503, "Service Unavailable: the server is stopping", java.util.Map.of("Retry-After", "5"));
    }

    private void get(HttpServletRequest request, McpSession session, Caller caller) throws IOException, HttpRejection {
        if (inFlight.isDraining()) {
            throw stopping();
        }
        if (!session.attachStream()) {
            throw HttpRejection.of(404, "Not Found: the session ended");
        }
        AsyncContext async = request.startAsync();
        // At least 1 ms: a container reads 0 as "never".
        async.setTimeout(Math.max(1, caller.streamLimit(config.streamTimeout(), java.time.Instant.now()).toMillis()));
        var response = (HttpServletResponse) async.getResponse();
        SseWriter.prepare(response);
        var stream = new SseStream(async, new SseWriter(response.getOutputStream()), timer, config.heartbeatInterval());
        async.addListener(new AsyncEnd(stream::close, () -> {
            session.events().detach(stream);
            session.detachStream();
        }));
        if (!session.events().attach(stream)) {
            response.reset();
            HttpRejection.of(409, "Conflict: this session already has an open GET stream").send(response, codec);
            stream.close();
            return;
        }
        response.flushBuffer();
    }

    private void delete(HttpServletResponse response, McpSession session) {
        sessions.end(session.id());
        LOG.log(Level.FINE, "session ended by DELETE");
        response.setStatus(204);
    }
}
