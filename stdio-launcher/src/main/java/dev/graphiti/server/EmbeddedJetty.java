package dev.graphiti.server;

import dev.graphiti.http.McpServlet;
import dev.graphiti.http.ProtectedResourceMetadataServlet;
import dev.graphiti.oauth.ResourceServer;
import jakarta.servlet.http.HttpServlet;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Jetty 12 (ee10) serving one MCP servlet at {@value #ENDPOINT} (and, with OAuth, its Protected Resource Metadata)
 * and, for the product, the explorer page at {@value #EXPLORER}/. The servlets are built elsewhere (by CDI for the
 * product, by hand for fixtures and tests); this class only binds and routes.
 */
public final class EmbeddedJetty implements AutoCloseable {

    public static final String ENDPOINT = "/mcp";
    public static final String EXPLORER = "/explorer";

    private final Server server;
    private final ServerConnector connector;
    private final McpServlet servlet;
    private final HeaderDeadline headers;

    private EmbeddedJetty(Server server, ServerConnector connector, McpServlet servlet, HeaderDeadline headers) {
        this.server = server;
        this.connector = connector;
        this.servlet = servlet;
        this.headers = headers;
    }

    /** Binds {@code host:port} (port 0: any free port) and starts serving {@code servlet}. */
    public static EmbeddedJetty start(String host, int port, McpServlet servlet) throws Exception {
        return start(host, port, servlet, Optional.empty());
    }

    /** Binds {@code host:port} and serves {@code servlet}, and {@code explorer} beside it. */
    public static EmbeddedJetty start(String host, int port, McpServlet servlet, Optional<HttpServlet> explorer)
            throws Exception {
        var threads = new QueuedThreadPool(64, 4);
        threads.setName("mcp-http");
        threads.setDaemon(true);
        var server = new Server(threads);
        var connector = new ServerConnector(server, 1, 1);
        connector.setHost(host);
        connector.setPort(port);
        // SSE streams beat every 15 s; a waiting JSON answer has no bytes to show, so allow long silences.
        connector.setIdleTimeout(Duration.ofMinutes(10).toMillis());
        // ...but a request's head must arrive within the body's deadline (30 s by default).
        var headers = new HeaderDeadline(servlet.transport().bodyTimeout());
        connector.addEventListener(headers);
        server.addConnector(connector);

        var context = new ServletContextHandler("/", ServletContextHandler.NO_SESSIONS);
        var holder = new ServletHolder("mcp", servlet);
        holder.setAsyncSupported(true);
        holder.setInitOrder(0);
        context.addServlet(holder, ENDPOINT);
        context.addServlet(holder, ENDPOINT + "/*");
        var metadata = new ServletHolder("oauth-protected-resource", new ProtectedResourceMetadataServlet(servlet.transport()));
        context.addServlet(metadata, ResourceServer.WELL_KNOWN);
        context.addServlet(metadata, ResourceServer.WELL_KNOWN + "/*");
        explorer.ifPresent(page -> context.addServlet(new ServletHolder("explorer", page), EXPLORER + "/*"));
        context.addServlet(new ServletHolder("not-found", new EndpointNotFoundServlet(ENDPOINT)), "/");
        server.setErrorHandler(new JsonErrorHandler());
        server.setHandler(context);
        server.setStopTimeout(Duration.ofSeconds(5).toMillis());
        server.start();
        return new EmbeddedJetty(server, connector, servlet, headers);
    }

    /** The bound port (the real one when started with port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    public String host() {
        return connector.getHost();
    }

    /** The endpoint's URL as clients reach it, e.g. http://127.0.0.1:8000/mcp. */
    public String url() {
        String host = host().contains(":") ? "[" + host() + "]" : host();
        return "http://" + host + ":" + port() + ENDPOINT;
    }

    public void join() throws InterruptedException {
        server.join();
    }

    /**
     * The graceful stop: the servlet refuses new requests, lets running calls answer (its grace period)
     * and ends the sessions (their open GET streams would hold Jetty's stop), then Jetty stops.
     */
    @Override
    public void close() throws Exception {
        servlet.drain();
        server.stop();
        headers.close();
    }
}
