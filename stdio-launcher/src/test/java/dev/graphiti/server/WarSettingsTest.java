package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.graphiti.assembly.DeploymentBeans;
import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.config.Locations;
import dev.graphiti.http.HttpTransportConfig;
import jakarta.servlet.ServletContext;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.jboss.weld.environment.se.Weld;
import org.junit.jupiter.api.Test;

/**
 * The WAR's deployment beans in CDI with a real servlet context (Jetty's): context parameters of the
 * deployment reach the transport limits and, as the graphiti home, the CLI the tools run.
 */
class WarSettingsTest {

    @Test
    void contextParametersConfigureTheDeployment() {
        assumeTrue(System.getenv("GRAPHITI_HOME") == null && System.getProperty("graphiti.home") == null,
                "a process-wide graphiti.home would win over the context parameter");
        var handler = new ServletContextHandler();
        handler.setInitParameter("graphiti.home", "/srv/graphiti-from-context");
        handler.setInitParameter("graphiti.http.max-sessions", "7");
        handler.setInitParameter("graphiti.http.token", "member-token-0123456789");
        var weld = new Weld("war-settings-test").disableDiscovery()
                .property("org.jboss.weld.se.shutdownHook", false)
                .addExtension(new InstanceBeans(Map.of(ServletContext.class, handler.getServletContext())))
                .addBeanClass(DeploymentBeans.class);
        try (var container = weld.initialize()) {
            HttpTransportConfig config = container.select(HttpTransportConfig.class).get();
            assertEquals(7, config.maxSessions());
            assertEquals(1, config.tokens().size());
            var environment = container.select(ServerSetup.class).get().environment();
            assertEquals(Path.of("/srv/graphiti-from-context"),
                    Locations.of(environment.variables(), environment.settings(), Path.of("/")).home());
        }
    }

    @Test
    void aTokenParameterWithoutATokenStopsTheDeployment() {
        var handler = new ServletContextHandler();
        handler.setInitParameter("graphiti.http.token", " , ");
        var weld = new Weld("war-settings-test-empty-token").disableDiscovery()
                .property("org.jboss.weld.se.shutdownHook", false)
                .addExtension(new InstanceBeans(Map.of(ServletContext.class, handler.getServletContext())))
                .addBeanClass(DeploymentBeans.class);
        assumeTrue(System.getenv("GRAPHITI_HTTP_TOKEN") == null && System.getProperty("graphiti.http.token") == null,
                "a process-wide token would win over the context parameter");
        try (var container = weld.initialize()) {
            var error = assertThrows(RuntimeException.class, () -> container.select(HttpTransportConfig.class).get().tokens());
            Throwable cause = error;
            while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)) {
                cause = cause.getCause();
            }
            assertTrue(cause.getMessage().contains("holds no token"), cause.toString());
        }
    }
}
