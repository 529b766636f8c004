package dev.graphiti.server;

import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * `graphiti ui`: Jetty serving the explorer's servlet at the root of 127.0.0.1 only (the page can change the graph;
 * no token guards it, so nothing but this machine may reach it) until SIGTERM or Ctrl-C.
 */
public final class ExplorerServer {

    private static final String HOST = "127.0.0.1";

    private ExplorerServer() {
    }

    /** Serves {@code servlet} until the process is asked to stop; {@code ready} is told the URL once it listens. */
    public static int serve(HttpServlet servlet, int port, Consumer<String> ready, Consumer<String> log) throws Exception {
        var threads = new QueuedThreadPool(16, 2);
        threads.setName("explorer-http");
        threads.setDaemon(true);
        var server = new Server(threads);
        var connector = new ServerConnector(server, 1, 1);
        connector.setHost(HOST);
        connector.setPort(port);
        connector.addEventListener(new HeaderDeadline(Duration.ofSeconds(30)));
        server.addConnector(connector);
        var context = new ServletContextHandler("/", ServletContextHandler.NO_SESSIONS);
        context.addServlet(new ServletHolder("explorer", servlet), "/*");
        server.setHandler(context);
        server.setStopTimeout(Duration.ofSeconds(2).toMillis());
        try {
            server.start();
        } catch (IOException e) {
            log.accept("cannot listen on " + HOST + ":" + port + ": " + e.getMessage() + " (choose another --port)");
            return 1;
        }
        var stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (Exception e) {
                log.accept("stopping the explorer failed: " + e);
            }
            stopped.countDown();
        }, "graphiti-explorer-stop"));
        ready.accept("http://" + HOST + ":" + connector.getLocalPort() + "/");
        server.join();
        stopped.await();
        return 0;
    }
}
