package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.Completion;
import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.feature.Tool;
import java.util.HashSet;
import java.util.List;
import java.util.function.Function;

/** Everything the server offers: tools, resources and templates, prompts, completions. Names are unique. */
public record Registry(List<Tool> tools, List<Resource> resources, List<ResourceTemplate> resourceTemplates,
                       List<Prompt> prompts, List<Completion> completions) {

    public Registry {
        tools = List.copyOf(tools);
        resources = List.copyOf(resources);
        resourceTemplates = List.copyOf(resourceTemplates);
        prompts = List.copyOf(prompts);
        completions = List.copyOf(completions);
        requireUnique("tool", tools, t -> t.descriptor().name());
        requireUnique("resource", resources, r -> r.descriptor().uri());
        requireUnique("resource template", resourceTemplates, t -> t.descriptor().uriTemplate());
        requireUnique("prompt", prompts, p -> p.descriptor().name());
        requireUnique("completion", completions, Completion::reference);
    }

    public static Registry empty() {
        return new Registry(List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static <T> void requireUnique(String kind, List<T> items, Function<T, Object> key) {
        var seen = new HashSet<>();
        for (T item : items) {
            if (!seen.add(key.apply(item))) {
                throw new IllegalArgumentException("duplicate " + kind + ": " + key.apply(item));
            }
        }
    }
}
