package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.McpApps;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** resources/list, resources/templates/list and resources/read (unknown URI: -32002, on 2026-07-28 -32602). */
final class ResourceMethods {

    private final List<Resource> resources;
    private final List<ResourceTemplate> templates;
    private final Map<String, Resource> byUri = new LinkedHashMap<>();
    private final Map<ResourceTemplate, UriTemplate> matchers = new LinkedHashMap<>();
    private final Pagination pagination;

    ResourceMethods(List<Resource> resources, List<ResourceTemplate> templates, Pagination pagination) {
        this.resources = resources;
        this.templates = templates;
        this.pagination = pagination;
        resources.forEach(r -> byUri.put(r.descriptor().uri(), r));
        templates.forEach(t -> matchers.put(t, new UriTemplate(t.descriptor().uriTemplate())));
    }

    /**
     * An app ({@link McpApps#MIME_TYPE}) is listed only to a client that renders apps (the extension lets a server
     * omit them; the others would pay for an entry they cannot use); resources/read serves it to anyone.
     */
    JsonObject list(Params params, InFlightRequest request) {
        List<Resource> listed = McpApps.rendered(request.clientCapabilities()) ? resources
                : resources.stream().filter(r -> !McpApps.MIME_TYPE.equals(r.descriptor().mimeType())).toList();
        return pagination.page(params, "resources", listed, r -> r.descriptor().toJson());
    }

    JsonObject templates(Params params, InFlightRequest request) {
        return pagination.page(params, "resourceTemplates", templates, t -> t.descriptor().toJson());
    }

    JsonObject read(Params params, InFlightRequest request) throws Exception {
        String uri = params.requireString("uri");
        Resource resource = byUri.get(uri);
        if (resource != null) {
            return contents(resource.read(request));
        }
        for (var entry : matchers.entrySet()) {
            var variables = entry.getValue().match(uri);
            if (variables.isPresent()) {
                return contents(entry.getKey().read(uri, variables.get(), request));
            }
        }
        throw notFound(uri, request.protocolVersion().resourceNotFoundCode());
    }

    /** Subscribes the connection to notifications/resources/updated for a URI this server serves. */
    JsonObject subscribe(Params params, InFlightRequest request) throws Exception {
        String uri = params.requireString("uri");
        Resource resource = byUri.get(uri);
        if (resource == null && matchers.values().stream().noneMatch(m -> m.match(uri).isPresent())) {
            throw notFound(uri, ErrorCode.RESOURCE_NOT_FOUND.code());
        }
        Connection connection = request.connection();
        connection.subscribe(uri, resource == null ? () -> { } : resource.watch(request, () -> connection.resourceUpdated(uri)));
        return JsonValue.EMPTY_JSON_OBJECT;
    }

    JsonObject unsubscribe(Params params, InFlightRequest request) {
        request.connection().unsubscribe(params.requireString("uri"));
        return JsonValue.EMPTY_JSON_OBJECT;
    }

    private static McpException notFound(String uri, int code) {
        return new McpException(code, "Resource not found: " + uri,
                Jsonp.object().add("uri", uri).build());
    }

    private static JsonObject contents(List<ResourceContents> contents) {
        var array = Jsonp.array();
        contents.forEach(c -> array.add(c.toJson()));
        return Jsonp.object().add("contents", array).build();
    }
}
