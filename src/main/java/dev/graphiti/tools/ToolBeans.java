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
 * GRAPHITI_HOME, GRAPHITI_PROJECT_ROOT and GRAPHITI_ALLOWED_ROOTS from their graphiti.* settings) and the
 * container's working directory. These beans serve HTTP, so the allowed roots default as {@link ToolSettings#forHttp}.
 */
@ApplicationScoped
public class ToolBeans {

    @Produces
    @Singleton
    GraphitiTools graphitiTools(CliEnvironment environment) {
        Map<String, String> variables = environment.variables();
        Path directory = Path.of("").toAbsolutePath();
        return new GraphitiTools(ToolSettings.fromEnvironment(variables).forHttp(directory), variables, directory);
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
