package dev.graphiti.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;

/**
 * CDI producers for what the tool beans share: one {@link CliGateway} per application, configured from
 * the process environment (see {@link ToolSettings}) and the container's working directory.
 */
@ApplicationScoped
public class ToolBeans {

    @Produces
    @Singleton
    GraphitiTools graphitiTools() {
        return new GraphitiTools(ToolSettings.fromEnvironment(System.getenv()), System.getenv(),
                Path.of("").toAbsolutePath());
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
