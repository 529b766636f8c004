package dev.graphiti.server;

import dev.graphiti.http.Authentication;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.LoopbackNames;
import dev.graphiti.http.McpServlet;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

/**
 * `graphiti mcp serve --transport http`: boots the CDI container it is given, takes the container-managed servlet
 * from it and serves it with embedded Jetty on --host (default 127.0.0.1) and --port (default 8000) until SIGTERM
 * or Ctrl-C, which stop Jetty (in-flight requests get a grace period) and then CDI. What the container holds is the
 * launcher's to choose (the product's process, or a given server).
 */
public final class HttpServe {

    private final PrintStream log;

    public HttpServe(PrintStream log) {
        this.log = log;
    }

    /**
     * Serves what {@code container} boots, under {@code config}, on {@code host:port} until stopped; returns the exit
     * code. Nothing is booted when the binding needs a token it does not have.
     */
    public int serve(String host, int port, HttpTransportConfig config, Supplier<CdiServer> container) throws Exception {
        long start = System.nanoTime();
        if (!Authentication.of(config).required() && !LoopbackNames.isLoopback(host)) {
            log.println("graphiti: refusing to listen on " + host + " without a bearer token: anyone who "
                    + "can reach it could read and change the graph. Set GRAPHITI_HTTP_TOKEN (or -Dgraphiti.http.token) to "
                    + "one or more comma-separated tokens of 16+ characters, e.g. $(openssl rand -hex 24), configure an OAuth "
                    + "issuer (GRAPHITI_OAUTH_ISSUER and GRAPHITI_OAUTH_RESOURCE), or bind 127.0.0.1.");
            return 2;
        }
        CdiServer cdi;
        McpServlet servlet;
        Optional<HttpServlet> explorer;
        try {
            cdi = container.get();
        } catch (RuntimeException e) {
            return refuse(e);
        }
        try {
            servlet = cdi.servlet();
            explorer = cdi.explorer().map(page -> page);
        } catch (RuntimeException e) {
            cdi.close();
            return refuse(e);
        }
        long cdiMillis = (System.nanoTime() - start) / 1_000_000;
        EmbeddedJetty jetty;
        try {
            jetty = EmbeddedJetty.start(host, port, servlet, explorer);
        } catch (IOException e) {
            cdi.close();
            log.println("graphiti: cannot listen on " + host + ":" + port + ": " + e.getMessage()
                    + " (is another server running there? choose another --port)");
            return 1;
        }
        long totalMillis = (System.nanoTime() - start) / 1_000_000;
        // The first screen: what runs where and the next step, then the details (framework logs stay below warnings).
        log.println("graphiti: MCP server (streamable HTTP) at " + jetty.url() + " -- to connect Claude Code: "
                + connectCommand(jetty.url(), config));
        log.println("graphiti: " + McpServlet.describe(config)
                + explorer.map(page -> "; the explorer at " + jetty.url().replace(EmbeddedJetty.ENDPOINT,
                        EmbeddedJetty.EXPLORER + "/") + " (the same authentication)").orElse("")
                + "; CDI " + cdiMillis + " ms, ready in " + totalMillis + " ms; Ctrl-C or SIGTERM stops it");
        var stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop(jetty, cdi);
            stopped.countDown();
        }, "graphiti-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        jetty.join();
        stopped.await();
        return 0;
    }

    /** The line that registers this server with Claude Code; a bearer token is named, never printed. */
    static String connectCommand(String url, HttpTransportConfig config) {
        String command = "claude mcp add --transport http graphiti " + url;
        return config.tokens().isEmpty() ? command : command + " --header \"Authorization: Bearer <your token>\"";
    }

    /** Exit code 2 for a setting the operator must fix, wherever CDI wrapped it; anything else is thrown on. */
    private int refuse(RuntimeException e) {
        Optional<IllegalArgumentException> setting = settingError(e);
        if (setting.isEmpty()) {
            throw e;
        }
        log.println("graphiti: " + setting.get().getMessage());
        return 2;
    }

    /** A setting the server cannot use, wherever CDI wrapped it. */
    private static Optional<IllegalArgumentException> settingError(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof IllegalArgumentException setting) {
                return Optional.of(setting);
            }
        }
        return Optional.empty();
    }

    private void stop(EmbeddedJetty jetty, CdiServer cdi) {
        try {
            jetty.close();
        } catch (Exception e) {
            log.println("graphiti: stopping Jetty failed: " + e);
        }
        cdi.close();
        log.println("graphiti: MCP server stopped");
    }
}
