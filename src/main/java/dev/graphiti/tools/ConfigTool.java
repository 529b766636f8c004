package dev.graphiti.tools;

import dev.graphiti.config.ConfigException;
import dev.graphiti.config.ConfigKey;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.List;

/**
 * graphiti_config: `graphiti config list|get KEY|set KEY VALUE`, chosen by which arguments are given. The value
 * may be a string, a number or a boolean (what clients send for typed settings); the CLI validates it. Settings
 * the owner alone may change ({@link ConfigKey#toolWritable()} false: endpoints, keys) and numbers beyond a tool's
 * range ({@link ConfigKey#validateForTool}) are refused here, before any runner, so no call can redirect where the
 * API key goes, nor set a budget or timeout that harms every other session, whichever CLI runs the tools.
 */
public class ConfigTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_config",
            "Read or change settings; no key lists them.",
            new InputSchema().string("key", "e.g. mcp.context_tokens").scalar("value", "new value"),
            writes());

    public ConfigTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        boolean key = arguments.containsKey("key");
        boolean value = arguments.containsKey("value");
        if (value && !key) {
            throw new IllegalArgumentException("value needs a key");
        }
        String action = value ? "set" : key ? "get" : "list";
        List<String> command = new Argv(arguments, "config", action).words("key").words("value").build();
        if (value) {
            refuseBeyondTools(arguments.get("key"), command.get(command.size() - 1));
        }
        return command;
    }

    /** Terminal-only settings, and numbers outside what a tool may set, are refused here, before any runner. */
    private static void refuseBeyondTools(Object key, String value) {
        if (!(key instanceof JsonString name)) {
            throw new IllegalArgumentException("key must be a setting's name, e.g. mcp.context_tokens");
        }
        ConfigKeys.find(name.getString()).ifPresent(setting -> {
            try {
                setting.validateForTool(value);
            } catch (ConfigException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        });
    }
}
