package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.Completion;
import dev.graphiti.protocol.feature.CompletionReference;
import dev.graphiti.protocol.feature.CompletionResult;
import jakarta.json.JsonObject;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * completion/complete. A reference to an unknown prompt or template is -32602; a known one without a
 * registered completion gets an empty list.
 */
final class CompletionMethods {

    private final Map<CompletionReference, Completion> byReference = new HashMap<>();
    private final Set<CompletionReference> known = new HashSet<>();

    CompletionMethods(Registry registry) {
        registry.completions().forEach(c -> byReference.put(c.reference(), c));
        registry.prompts().forEach(p -> known.add(CompletionReference.prompt(p.descriptor().name())));
        registry.resourceTemplates().forEach(t -> known.add(CompletionReference.resourceTemplate(t.descriptor().uriTemplate())));
    }

    JsonObject complete(Params params, InFlightRequest request) throws Exception {
        var ref = new Params(params.optionalObject("ref"));
        String type = ref.requireString("type");
        CompletionReference reference = switch (type) {
            case "ref/prompt" -> CompletionReference.prompt(ref.requireString("name"));
            case "ref/resource" -> CompletionReference.resourceTemplate(ref.requireString("uri"));
            default -> throw Params.invalid("unknown ref type \"" + type + "\"");
        };
        var argument = new Params(params.optionalObject("argument"));
        String name = argument.requireString("name");
        String value = argument.optionalString("value").orElse("");
        Map<String, String> context = new Params(params.optionalObject("context")).stringMap("arguments");
        Completion completion = byReference.get(reference);
        if (completion == null) {
            if (!known.contains(reference)) {
                throw Params.invalid("nothing to complete for " + type + " \"" + reference.target() + "\"");
            }
            return CompletionResult.empty().toJson();
        }
        return completion.complete(name, value, context).toJson();
    }
}
