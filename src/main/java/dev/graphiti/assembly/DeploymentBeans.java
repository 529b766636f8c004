package dev.graphiti.assembly;

import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.config.ProcessSettings;
import dev.graphiti.config.Settings;
import dev.graphiti.http.HttpTransportConfig;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.servlet.ServletContext;
import java.nio.file.Path;
import java.util.logging.Logger;

/**
 * What a WAR deployment builds its server from: the settings of system properties, the environment and the
 * servlet context's init parameters, the container's working directory, notices in the server log. The
 * application server decides the binding, so Host is not restricted to loopback unless graphiti.http.allowed-hosts
 * lists names; without graphiti.http.token the endpoint serves loopback connections only. Embedded Jetty supplies
 * its own setup and transport settings, bound to its address, and does not load this class.
 */
@Dependent
public class DeploymentBeans {

    private static final Logger LOG = Logger.getLogger(DeploymentBeans.class.getName());

    @Produces
    @Singleton
    ServerSetup setup(Instance<ServletContext> context) {
        var settings = Settings.ofProcess();
        if (context.isResolvable()) {
            settings = settings.withContextParameters(context.get()::getInitParameter);
        }
        return new ServerSetup(settings, CliEnvironment.embedded(settings.environment(), ProcessSettings.from(settings)),
                Path.of("").toAbsolutePath(), LOG::info);
    }

    @Produces
    @Singleton
    HttpTransportConfig transport(ServerSetup setup) {
        return TransportSettings.apply(HttpTransportConfig.forBinding("0.0.0.0"), setup.settings());
    }
}
