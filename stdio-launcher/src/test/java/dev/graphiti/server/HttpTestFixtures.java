package dev.graphiti.server;

import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A small real registration for the HTTP tests: echo, a tool that reports progress and logs, a blocking
 * tool, a tool that sleeps the given milliseconds (after a progress notification when asked for one), a resource.
 */
final class HttpTestFixtures {

    /** Counted down when the blocking tool sees its cancellation. */
    final CountDownLatch blockCancelled = new CountDownLatch(1);

    /** Released once each time the blocking tool starts. */
    final java.util.concurrent.Semaphore blockStarted = new java.util.concurrent.Semaphore(0);

    /** Counted down when the slow tool starts sleeping. */
    final CountDownLatch slowStarted = new CountDownLatch(1);

    McpServer server() {
        return McpServer.builder(new ServerInfo("http-test", "HTTP test server", "1"))
                .tool(tool("echo", (args, ctx) -> ToolResult.text(args.getString("text", ""))))
                .tool(tool("steps", (args, ctx) -> {
                    for (int i = 1; i <= 3; i++) {
                        ctx.log(LogLevel.INFO, "steps", Json.createValue("step " + i));
                        ctx.progress(i, 3.0, "step " + i);
                    }
                    return ToolResult.text("done");
                }))
                .tool(tool("block", (args, ctx) -> {
                    blockStarted.release();
                    while (!ctx.isCancelled()) {
                        try {
                            TimeUnit.MILLISECONDS.sleep(20);
                        } catch (InterruptedException e) {
                            break;
                        }
                    }
                    blockCancelled.countDown();
                    return ToolResult.text("cancelled");
                }))
                .tool(tool("slow", (args, ctx) -> {
                    slowStarted.countDown();
                    ctx.progress(1, 2.0, "sleeping");
                    TimeUnit.MILLISECONDS.sleep(Long.parseLong(args.getString("text", "1000")));
                    return ToolResult.text("slept");
                }))
                .tool(new Tool() {
                    private final ToolDescriptor descriptor = new ToolDescriptor("region", "region", "Echoes a region mirrored in Mcp-Param-Region",
                            Json.createObjectBuilder().add("type", "object").add("properties", Json.createObjectBuilder()
                                    .add("region", Json.createObjectBuilder().add("type", "string").add("x-mcp-header", "Region"))).build(),
                            Optional.empty(), ToolAnnotations.readOnly());

                    @Override
                    public ToolDescriptor descriptor() {
                        return descriptor;
                    }

                    @Override
                    public ToolResult call(JsonObject arguments, RequestContext context) {
                        return ToolResult.text("region " + arguments.getString("region", "none"));
                    }
                })
                .resource(new Resource() {
                    @Override
                    public ResourceDescriptor descriptor() {
                        return new ResourceDescriptor("test://hello", "hello", "Hello", "A greeting", "text/plain");
                    }

                    @Override
                    public List<ResourceContents> read(RequestContext context) {
                        return List.of(ResourceContents.text("test://hello", "text/plain", "hello over http"));
                    }
                })
                .build();
    }

    interface Body {
        ToolResult call(JsonObject arguments, RequestContext context) throws Exception;
    }

    private static Tool tool(String name, Body body) {
        var schema = Json.createObjectBuilder().add("type", "object").add("properties", Json.createObjectBuilder()
                .add("text", Json.createObjectBuilder().add("type", "string"))).build();
        var descriptor = new ToolDescriptor(name, name, "Test tool " + name, schema, Optional.empty(), ToolAnnotations.readOnly());
        return new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return descriptor;
            }

            @Override
            public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
                return body.call(arguments, context);
            }
        };
    }
}
