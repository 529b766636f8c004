package dev.graphiti.tools;

import dev.graphiti.cli.CliEnvironment;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.util.Map;

/**
 * CDI producers for what the tool beans share: one {@link CliGateway} per application, configured from
 * the server's environment (see {@link ToolSettings}; the deployment's {@link CliEnvironment}, which carries
 * GRAPHITI_HOME from graphiti.home) and the container's working directory.
 */
@ApplicationScoped
public class ToolBeans {

    @Produces
    @Singleton
    GraphitiTools graphitiTools(CliEnvironment environment) {
        Map<String, String> variables = environment.variables();
        return new GraphitiTools(ToolSettings.fromEnvironment(variables), variables, Path.of("").toAbsolutePath());
    }

    void close(@Disposes GraphitiTools tools) throws Exception {
        tools.close();
    }

    @Produces
    @Singleton
    CliGateway gateway(GraphitiTools tools) {
        return tools.gateway();
    }
}
