package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.jsonrpc.JsonRpcNotification;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One 2026-07-28 subscriptions/listen: a request that stays open and carries the change notifications the
 * client opted in to, each tagged with the request's id as {@code io.modelcontextprotocol/subscriptionId}.
 * {@code resourceSubscriptions} and {@code taskIds} are honoured (tools, prompts and the resource list never change
 * while the server runs); the acknowledgement names what was accepted, and a URI this server cannot watch or a
 * task the caller does not have is left out.
 * It ends when the client cancels it (HTTP: closes the stream; stdio: notifications/cancelled) or the
 * connection closes; it is never answered otherwise.
 */
final class Subscription {

    static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    private final InFlightRequest request;
    private final Map<String, Resource> resources = new LinkedHashMap<>();
    private final List<Task> tasks = new ArrayList<>();

    private Subscription(InFlightRequest request) {
        this.request = request;
    }

    /** Reads the filter; -32602 when it is malformed. */
    static Subscription of(InFlightRequest request, McpServer server) {
        var subscription = new Subscription(request);
        JsonValue filter = request.request().params().get("notifications");
        if (filter == null || filter == JsonValue.NULL) {
            return subscription;
        }
        if (!(filter instanceof JsonObject wanted)) {
            throw Params.invalid("notifications must be an object");
        }
        JsonValue uris = wanted.get("resourceSubscriptions");
        if (uris != null && uris != JsonValue.NULL) {
            if (!(uris instanceof JsonArray list) || list.stream().anyMatch(u -> !(u instanceof JsonString))) {
                throw Params.invalid("notifications.resourceSubscriptions must be an array of URIs");
            }
            for (JsonString uri : list.getValuesAs(JsonString.class)) {
                server.watchable(uri.getString()).ifPresent(r -> subscription.resources.put(uri.getString(), r));
            }
        }
        JsonValue ids = wanted.get("taskIds");
        if (ids != null && ids != JsonValue.NULL) {
            if (!(ids instanceof JsonArray list) || list.stream().anyMatch(u -> !(u instanceof JsonString))) {
                throw Params.invalid("notifications.taskIds must be an array of task ids");
            }
            if (!list.isEmpty() && !Tasks.accepted(request.clientCapabilities())) {
                throw Tasks.extensionMissing("task status notifications");
            }
            for (JsonString id : list.getValuesAs(JsonString.class)) {
                server.tasks().find(id.getString(), request.connection().owner()).ifPresent(subscription.tasks::add);
            }
        }
        return subscription;
    }

    /**
     * Starts watching the resources, then acknowledges: a client may change the graph as soon as it holds the
     * acknowledgement, so each watch takes its starting point first (a change made between the acknowledgement and
     * a later starting point would never be told). A change seen before the acknowledgement went out is told right
     * after it. A watch that cannot start is logged and left out.
     */
    void start() {
        List<String> failed = new ArrayList<>();
        Map<String, AutoCloseable> watches = new LinkedHashMap<>();
        Set<String> early = new LinkedHashSet<>(); // guarded by itself, with acknowledged
        boolean[] acknowledged = {false};
        for (var entry : resources.entrySet()) {
            String uri = entry.getKey();
            try {
                watches.put(uri, entry.getValue().watch(request, () -> {
                    synchronized (early) {
                        if (!acknowledged[0]) {
                            early.add(uri);
                            return;
                        }
                    }
                    request.notify(notification("notifications/resources/updated", Jsonp.object().add("uri", uri)));
                }));
            } catch (Exception e) {
                failed.add(uri + ": " + e);
            }
        }
        var accepted = Jsonp.array();
        watches.keySet().forEach(accepted::add);
        var notifications = watches.isEmpty() ? Jsonp.object() : Jsonp.object().add("resourceSubscriptions", accepted);
        if (!tasks.isEmpty()) {
            var ids = Jsonp.array();
            tasks.forEach(t -> ids.add(t.id()));
            notifications.add("taskIds", ids);
        }
        request.notify(notification("notifications/subscriptions/acknowledged", Jsonp.object().add("notifications", notifications)));
        List<String> seen;
        synchronized (early) {
            acknowledged[0] = true;
            seen = List.copyOf(early);
        }
        seen.forEach(uri -> request.notify(notification("notifications/resources/updated", Jsonp.object().add("uri", uri))));
        watches.values().forEach(request::endWithRequest);
        // Each task's state at once, then on every change (notifications/tasks carries the whole DetailedTask).
        tasks.forEach(task -> request.endWithRequest(task.watch(detailed ->
                request.notify(notification("notifications/tasks", Jsonp.object(detailed))))));
        if (!failed.isEmpty()) {
            System.getLogger(Subscription.class.getName()).log(System.Logger.Level.WARNING, "watching failed: " + failed);
        }
    }

    /** The notification, tagged with this subscription's id beside what its own {@code _meta} holds (a task's counts). */
    private JsonObject notification(String method, jakarta.json.JsonObjectBuilder params) {
        JsonObject built = params.build();
        var meta = built.get("_meta") instanceof JsonObject own ? Jsonp.object(own) : Jsonp.object();
        return new JsonRpcNotification(method, Jsonp.object(built).add("_meta", meta.add(SUBSCRIPTION_ID, request.request().id()))
                .build()).toJson();
    }
}
