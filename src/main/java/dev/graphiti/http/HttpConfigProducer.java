package dev.graphiti.http;

import dev.graphiti.cli.CliEnvironment;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.servlet.ServletContext;

/**
 * The settings of a WAR deployment, from system properties, the environment and the servlet context's
 * init parameters (see {@link ServerSettings}). The application server decides the binding, so Host is
 * not restricted to loopback unless graphiti.http.allowed-hosts lists names; without graphiti.http.token the
 * endpoint serves loopback connections only. The CLI the tools run gets GRAPHITI_HOME from graphiti.home.
 * The embedded launcher provides its own settings, bound to its address.
 */
@Dependent
public class HttpConfigProducer {

    @Produces
    @Singleton
    ServerSettings settings(Instance<ServletContext> context) {
        var settings = ServerSettings.ofProcess();
        if (context.isResolvable()) {
            ServletContext servletContext = context.get();
            return settings.withContextParameters(servletContext::getInitParameter);
        }
        return settings;
    }

    @Produces
    @Singleton
    HttpTransportConfig config(ServerSettings settings) {
        return HttpTransportConfig.forBinding("0.0.0.0").withSettings(settings);
    }

    @Produces
    @Singleton
    CliEnvironment cliEnvironment(ServerSettings settings) {
        return CliEnvironment.embedded(settings.cliEnvironment());
    }
}
