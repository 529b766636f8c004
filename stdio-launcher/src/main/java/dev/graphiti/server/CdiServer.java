package dev.graphiti.server;

import dev.graphiti.http.explorer.ExplorerServlet;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import java.util.Map;
import java.util.Optional;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * A Weld SE container holding exactly the beans the HTTP server needs, listed by the caller rather than found by
 * scanning the fat jar (a synthetic bean archive: no classpath scan at start). The servlet is the
 * container-managed bean the WAR also deploys. The McpServer is the product's, produced by the beans the launcher
 * names from the setup it gives (as in the WAR), or a given one (fixtures, benchmarks).
 */
public final class CdiServer implements AutoCloseable {

    private final WeldContainer container;

    private CdiServer(WeldContainer container) {
        this.container = container;
    }

    /** A server built by the caller. */
    public static CdiServer boot(HttpTransportConfig config, McpServer server) {
        return boot(Map.of(HttpTransportConfig.class, config, McpServer.class, server));
    }

    /**
     * The servlet and {@code beans}, which may inject {@code instances} (objects built before CDI started, each as a
     * singleton of its class).
     */
    public static CdiServer boot(Map<Class<?>, Object> instances, Class<?>... beans) {
        var weld = new Weld("graphiti-" + System.identityHashCode(instances))
                .disableDiscovery()
                .property("org.jboss.weld.se.shutdownHook", false)
                .addExtension(new InstanceBeans(instances))
                .addBeanClass(McpServlet.class)
                .addBeanClasses(beans);
        return new CdiServer(weld.initialize());
    }

    /** The container-managed servlet, its collaborators injected. */
    public McpServlet servlet() {
        return container.select(McpServlet.class).get();
    }

    /** The container-managed explorer servlet, when this container assembled the product (not a given server). */
    public Optional<ExplorerServlet> explorer() {
        var explorer = container.select(ExplorerServlet.class);
        return explorer.isResolvable() ? Optional.of(explorer.get()) : Optional.empty();
    }

    @Override
    public void close() {
        container.shutdown();
    }
}
