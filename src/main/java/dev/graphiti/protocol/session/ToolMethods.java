package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.feature.McpApps;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** tools/list and tools/call. */
final class ToolMethods {

    private final List<Tool> tools;
    private final Map<String, Tool> byName = new LinkedHashMap<>();
    private final Pagination pagination;

    ToolMethods(List<Tool> tools, Pagination pagination) {
        this.tools = tools;
        this.pagination = pagination;
        tools.forEach(t -> byName.put(t.descriptor().name(), t));
    }

    /** A client that renders apps also reads which app shows each tool's results ({@code _meta.ui.resourceUri}). */
    JsonObject list(Params params, InFlightRequest request) {
        boolean apps = McpApps.rendered(request.clientCapabilities());
        return pagination.page(params, "tools", tools, t -> apps && t.appUri().isPresent()
                ? Jsonp.object(t.descriptor().toJson()).add("_meta", Jsonp.object().add("ui",
                        Jsonp.object().add("resourceUri", t.appUri().get()))).build()
                : t.descriptor().toJson());
    }

    /**
     * Unknown tool or malformed call: JSON-RPC -32602. Anything that goes wrong inside the tool,
     * argument validation included, is a result with isError so the model can read it and retry.
     */
    JsonObject call(Params params, InFlightRequest request) throws InterruptedException {
        String name = params.requireString("name");
        JsonObject arguments = params.optionalObject("arguments");
        Tool tool = byName.get(name);
        if (tool == null) {
            throw Params.invalid("unknown tool \"" + name + "\"");
        }
        if (tool.taskSupport() == TaskSupport.REQUIRED && !request.acceptsTasks()) {
            throw request.isStateless() ? Tasks.extensionMissing("tool " + name)
                    : new McpException(ErrorCode.INVALID_REQUEST, "Invalid Request: tool " + name + " runs only as a task, which needs "
                    + "protocol version 2026-07-28 and the " + Task.EXTENSION + " extension");
        }
        request.offerTasks(tool.taskSupport());
        var problems = new ArgumentCheck(tool.descriptor().inputSchema()).problems(arguments);
        if (!problems.isEmpty()) {
            return ToolResult.error("Invalid arguments for tool " + name + ": " + String.join("; ", problems)).toJson();
        }
        try {
            return tool.call(arguments, request).toJson();
        } catch (McpException | InputRequired | TaskStarted e) {
            throw e;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return ToolResult.error("Tool " + name + " failed: " + why).toJson();
        }
    }
}
