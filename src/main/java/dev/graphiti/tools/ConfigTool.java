package dev.graphiti.tools;

import dev.graphiti.protocol.ToolDescriptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_config: `graphiti config list|get KEY|set KEY VALUE`, chosen by which arguments are given. */
@ApplicationScoped
public class ConfigTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_config", "Settings",
            "No key: list settings. key: read one. key and value: change it. Secrets are masked.",
            new InputSchema().string("key", "e.g. mcp.context_tokens").string("value", null),
            true, writes(true));

    @Inject
    public ConfigTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** For CDI's client proxy only. */
    protected ConfigTool() {
        super(null, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        boolean key = arguments.containsKey("key");
        boolean value = arguments.containsKey("value");
        if (value && !key) {
            throw new IllegalArgumentException("value needs a key");
        }
        String action = value ? "set" : key ? "get" : "list";
        return new Argv(arguments, "config", action).words("key").words("value").build();
    }
}
