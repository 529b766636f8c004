package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.PromptArgument;
import jakarta.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** prompts/list and prompts/get (unknown prompt or missing required argument: -32602). */
final class PromptMethods {

    private final List<Prompt> prompts;
    private final Map<String, Prompt> byName = new LinkedHashMap<>();
    private final Pagination pagination;

    PromptMethods(List<Prompt> prompts, Pagination pagination) {
        this.prompts = prompts;
        this.pagination = pagination;
        prompts.forEach(p -> byName.put(p.descriptor().name(), p));
    }

    JsonObject list(Params params, InFlightRequest request) {
        return pagination.page(params, "prompts", prompts, p -> p.descriptor().toJson());
    }

    JsonObject get(Params params, InFlightRequest request) throws Exception {
        String name = params.requireString("name");
        Prompt prompt = byName.get(name);
        if (prompt == null) {
            throw Params.invalid("unknown prompt \"" + name + "\"");
        }
        Map<String, String> arguments = params.stringMap("arguments");
        for (PromptArgument argument : prompt.descriptor().arguments()) {
            if (argument.required() && !arguments.containsKey(argument.name())) {
                throw Params.invalid("prompt \"" + name + "\" needs argument \"" + argument.name() + "\"");
            }
        }
        return prompt.get(arguments, request).toJson();
    }
}
