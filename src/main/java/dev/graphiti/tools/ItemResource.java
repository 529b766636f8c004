package dev.graphiti.tools;

import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.feature.ResourceTemplateDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * graphiti://item/{id}{?scope,dir}: one item in full, as graphiti_show answers it. Search results link here, so an
 * agent opens an item only when it needs it. The link carries the item's scope and the directory the search
 * named; without a directory the read finds its project as a tool call does (its own dir, the request's project
 * header, the client's root, the server's project), always within the allowed roots.
 */
public class ItemResource implements ResourceTemplate {

    static final String PREFIX = "graphiti://item/";
    private static final ResourceTemplateDescriptor DESCRIPTOR = new ResourceTemplateDescriptor(PREFIX + "{id}{?scope,dir}",
            "item", "Stored item", "One item in full: content, entities, related items, provenance, supersession.", "text/plain");

    private final CliGateway gateway;

    public ItemResource(CliGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public ResourceTemplateDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public List<ResourceContents> read(String uri, Map<String, String> variables, RequestContext context) {
        var arguments = Jsonp.object();
        String scope = variables.get("scope");
        if (scope != null) {
            if (!scope.equals("project") && !scope.equals("global")) {
                throw invalid(uri, "scope must be project or global");
            }
            arguments.add("scope", scope);
        }
        if (variables.get("dir") != null) {
            arguments.add("dir", variables.get("dir"));
        }
        String id = java.net.URLDecoder.decode(variables.get("id"), StandardCharsets.UTF_8);
        ToolResult shown;
        try {
            shown = gateway.call(new Argv(Jsonp.object().add("id", id).build(), "show").words("id").build(), arguments.build(),
                    context, ResultShape.OBJECT);
        } catch (IllegalArgumentException e) { // a directory outside the allowed roots, a project scope without project
            throw invalid(uri, e.getMessage());
        }
        String text = shown.content().get(0).json().getString("text", "");
        if (shown.isError()) {
            throw new McpException(context.protocolVersion().resourceNotFoundCode(), "Resource not found: " + uri + " (" + text + ")",
                    Jsonp.object().add("uri", uri).build());
        }
        return List.of(ResourceContents.text(uri, "text/plain", text));
    }

    /**
     * The link of a search or list row: its id and scope, and the call's own project directory when it named one.
     * Empty when the row has no id.
     */
    static java.util.Optional<Content> link(JsonObject row, JsonObject arguments) {
        if (!(row.get("id") instanceof JsonString id)) {
            return java.util.Optional.empty();
        }
        var query = new StringBuilder();
        if (row.get("scope") instanceof JsonString scope) {
            query.append("scope=").append(encode(scope.getString().toLowerCase(Locale.ROOT)));
        }
        ScopeArgument.of(arguments).directory().ifPresent(dir ->
                query.append(query.isEmpty() ? "" : "&").append("dir=").append(encode(dir)));
        String uri = PREFIX + encode(id.getString()) + (query.isEmpty() ? "" : "?" + query);
        String title = row.get("title") instanceof JsonString t ? t.getString() : null;
        return java.util.Optional.of(Content.resourceLink(new ResourceDescriptor(uri, id.getString(), title, null, "text/plain")));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static McpException invalid(String uri, String why) {
        return new McpException(ErrorCode.INVALID_PARAMS, "Invalid params: " + uri + ": " + why);
    }
}
