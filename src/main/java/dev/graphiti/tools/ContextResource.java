package dev.graphiti.tools;

import dev.graphiti.protocol.ErrorCode;
import dev.graphiti.protocol.McpException;
import dev.graphiti.protocol.RequestContext;
import dev.graphiti.protocol.Resource;
import dev.graphiti.protocol.ResourceContents;
import dev.graphiti.protocol.ResourceDescriptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * graphiti://context: what `graphiti context` assembles for the session's project (decisions and
 * architecture first, then items about the files and entities git says are in play, then recent ones),
 * within mcp.context_tokens. When the CLI reports that HEAD is not indexed yet, one background
 * `graphiti index` starts (never two at once) and this read answers at once with what exists.
 */
@ApplicationScoped
public class ContextResource implements Resource {

    public static final String URI = "graphiti://context";
    private static final System.Logger LOG = System.getLogger(ContextResource.class.getName());
    private static final ResourceDescriptor DESCRIPTOR = new ResourceDescriptor(URI, "context", "Project context",
            "Durable project knowledge for the start of a session, within a token budget.", "text/markdown");

    private final CliGateway gateway;
    private final AtomicBoolean indexing = new AtomicBoolean();

    @Inject
    public ContextResource(CliGateway gateway) {
        this.gateway = gateway;
    }

    /** For CDI's client proxy only. */
    protected ContextResource() {
        this.gateway = null;
    }

    @Override
    public ResourceDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public List<ResourceContents> read(RequestContext context) throws McpException {
        CliOutcome outcome = gateway.run(List.of("context"), JsonValue.EMPTY_JSON_OBJECT, context);
        if (!outcome.succeeded()) {
            throw new McpException(ErrorCode.INTERNAL_ERROR, "graphiti context failed: " + outcome.stderr().strip());
        }
        JsonObject answer = InputSchema.JSON.createReader(new StringReader(outcome.stdout())).readObject();
        if (!answer.getBoolean("head_indexed", true)) {
            indexInBackground(context);
        }
        String text = answer.get("text") instanceof JsonString s ? s.getString() : "";
        return List.of(ResourceContents.text(URI, "text/markdown", text));
    }

    /** True while a background index started by this resource runs. */
    public boolean indexing() {
        return indexing.get();
    }

    private void indexInBackground(RequestContext context) {
        if (!indexing.compareAndSet(false, true)) {
            return;
        }
        // Resolve the project now: the request (and its client round trips) ends before the index does.
        Path directory = gateway.directory(JsonValue.EMPTY_JSON_OBJECT, context);
        Thread thread = new Thread(() -> {
            try {
                CliOutcome outcome = gateway.runIn(List.of("index"), JsonValue.EMPTY_JSON_OBJECT, directory);
                if (!outcome.succeeded()) {
                    LOG.log(System.Logger.Level.WARNING, "background index failed: " + outcome.stderr().strip());
                }
            } finally {
                indexing.set(false);
            }
        }, "graphiti-context-index");
        thread.setDaemon(true);
        thread.start();
    }
}
