package dev.graphiti.http;

import dev.graphiti.protocol.feature.Completion;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.tools.GraphitiTools;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The product's MCP server as a CDI bean, built from whatever tool, resource, template, prompt and
 * completion beans exist: adding a capability is adding a bean. {@code @Singleton}, not
 * {@code @ApplicationScoped}, because McpServer is final and so cannot be proxied.
 */
@Dependent
public class McpServerProducer {

    /** The product's instructions: the tools' shared guidance, said once. */
    public static final String INSTRUCTIONS = GraphitiTools.INSTRUCTIONS;

    @Produces
    @Singleton
    McpServer server(Instance<Tool> tools, Instance<Resource> resources, Instance<ResourceTemplate> templates,
                     Instance<Prompt> prompts, Instance<Completion> completions) {
        var builder = McpServer.builder(new ServerInfo("graphiti", "graphiti knowledge graph", GraphitiVersion.current()))
                .instructions(INSTRUCTIONS);
        tools.forEach(builder::tool);
        resources.forEach(builder::resource);
        templates.forEach(builder::resourceTemplate);
        prompts.forEach(builder::prompt);
        completions.forEach(builder::completion);
        return builder.build();
    }

    void close(@Disposes McpServer server) {
        server.close();
    }
}
