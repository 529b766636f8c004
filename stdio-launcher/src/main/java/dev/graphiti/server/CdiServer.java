package dev.graphiti.server;

import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServerProducer;
import dev.graphiti.http.McpServlet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * A Weld SE container holding exactly the beans the HTTP server needs, listed here rather than found by
 * scanning the fat jar (a synthetic bean archive: no classpath scan at start). The servlet is the
 * container-managed bean the WAR also deploys. The McpServer is either the one given (fixtures, the
 * launcher's own) or built by {@link McpServerProducer} from the registration beans, as in the WAR.
 */
public final class CdiServer implements AutoCloseable {

    private final WeldContainer container;

    private CdiServer(WeldContainer container) {
        this.container = container;
    }

    public static CdiServer boot(HttpTransportConfig config, Optional<McpServer> server) {
        Map<Class<?>, Object> instances = new HashMap<>();
        instances.put(HttpTransportConfig.class, config);
        server.ifPresent(s -> instances.put(McpServer.class, s));
        var weld = new Weld("graphiti-" + System.identityHashCode(instances))
                .disableDiscovery()
                .property("org.jboss.weld.se.shutdownHook", false)
                .addExtension(new InstanceBeans(instances))
                .addBeanClass(McpServlet.class);
        if (server.isEmpty()) {
            weld.addBeanClass(McpServerProducer.class);
        }
        return new CdiServer(weld.initialize());
    }

    /** The container-managed servlet, its collaborators injected. */
    public McpServlet servlet() {
        return container.select(McpServlet.class).get();
    }

    @Override
    public void close() {
        container.shutdown();
    }
}
