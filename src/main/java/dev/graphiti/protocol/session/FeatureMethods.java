package dev.graphiti.protocol.session;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/**
 * The feature methods a registry supports, and the capabilities that announce exactly those: tools,
 * resources and prompts only when something is registered, completions only when a completion is.
 */
final class FeatureMethods {

    /** Methods 2026-07-28 removed (subscriptions/listen replaces resource subscriptions). */
    private static final java.util.Set<String> NOT_STATELESS = java.util.Set.of("resources/subscribe", "resources/unsubscribe");

    private final Map<String, MethodHandler> handlers = new HashMap<>();
    private final Map<String, dev.graphiti.protocol.feature.Resource> watchable = new HashMap<>();
    private final JsonObject capabilities;
    private final JsonObject statelessCapabilities;
    private final boolean tasksOffered;

    FeatureMethods(Registry registry, Pagination pagination) {
        var caps = Jsonp.object().add("logging", Jsonp.object());
        if (!registry.tools().isEmpty()) {
            var tools = new ToolMethods(registry.tools(), pagination);
            handlers.put("tools/list", tools::list);
            handlers.put("tools/call", tools::call);
            caps.add("tools", Jsonp.object().add("listChanged", false));
        }
        if (!registry.resources().isEmpty() || !registry.resourceTemplates().isEmpty()) {
            var resources = new ResourceMethods(registry.resources(), registry.resourceTemplates(), pagination);
            handlers.put("resources/list", resources::list);
            handlers.put("resources/templates/list", resources::templates);
            handlers.put("resources/read", resources::read);
            handlers.put("resources/subscribe", resources::subscribe);
            handlers.put("resources/unsubscribe", resources::unsubscribe);
            caps.add("resources", Jsonp.object().add("subscribe", true).add("listChanged", false));
            registry.resources().forEach(r -> watchable.put(r.descriptor().uri(), r));
        }
        if (!registry.prompts().isEmpty()) {
            var prompts = new PromptMethods(registry.prompts(), pagination);
            handlers.put("prompts/list", prompts::list);
            handlers.put("prompts/get", prompts::get);
            caps.add("prompts", Jsonp.object().add("listChanged", false));
        }
        if (!registry.completions().isEmpty()) {
            handlers.put("completion/complete", new CompletionMethods(registry)::complete);
            caps.add("completions", Jsonp.object());
        }
        this.capabilities = caps.build();
        var stateless = Jsonp.object(capabilities);
        if (capabilities.containsKey("resources")) {
            // subscriptions/listen's resourceSubscriptions stand in for resources/subscribe.
            stateless.add("resources", Jsonp.object().add("subscribe", !watchable.isEmpty()).add("listChanged", false));
        }
        this.tasksOffered = registry.tools().stream().anyMatch(t -> t.taskSupport() != dev.graphiti.protocol.feature.TaskSupport.FORBIDDEN);
        if (tasksOffered) {
            // Only 2026-07-28 requests get tasks: the extension is announced by server/discover alone.
            stateless.add("extensions", Jsonp.object().add(Task.EXTENSION, Jsonp.object()));
        }
        this.statelessCapabilities = stateless.build();
    }

    Map<String, MethodHandler> handlers() {
        return Map.copyOf(handlers);
    }

    /** The handlers a 2026-07-28 request may reach. */
    Map<String, MethodHandler> statelessHandlers() {
        var stateless = new HashMap<>(handlers);
        NOT_STATELESS.forEach(stateless::remove);
        return Map.copyOf(stateless);
    }

    /** The resources with a fixed URI, which subscriptions/listen can watch. */
    Map<String, dev.graphiti.protocol.feature.Resource> watchable() {
        return Map.copyOf(watchable);
    }

    boolean tasksOffered() {
        return tasksOffered;
    }

    /** What server/discover announces. */
    JsonObject statelessCapabilities() {
        return statelessCapabilities;
    }

    JsonObject capabilities() {
        return capabilities;
    }
}
