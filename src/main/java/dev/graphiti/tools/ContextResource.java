package dev.graphiti.tools;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * graphiti://context: what `graphiti context` assembles for the session's project (decisions and
 * architecture first, then items about the files and entities git says are in play, then recent ones),
 * within mcp.context_tokens. When the CLI reports that HEAD is not indexed yet, one background
 * `graphiti index` starts (never two at once) and this read answers at once with what exists. Subscribers are
 * told when the text changes.
 */
public class ContextResource implements Resource {

    public static final String URI = "graphiti://context";
    private static final System.Logger LOG = System.getLogger(ContextResource.class.getName());
    private static final ResourceDescriptor DESCRIPTOR = new ResourceDescriptor(URI, "context", "Project context",
            "Durable project knowledge for the start of a session, within a token budget.", "text/markdown");

    private final CliGateway gateway;
    private final ContextChanges<ProjectDirectory.Place> changes;
    private final AtomicBoolean indexing = new AtomicBoolean();

    public ContextResource(CliGateway gateway) {
        this.gateway = gateway;
        this.changes = new ContextChanges<>(this::snapshot, ContextChanges.POLL);
    }

    @Override
    public ResourceDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public List<ResourceContents> read(RequestContext context) throws McpException {
        JsonObject answer = answer(gateway.run(List.of("context"), JsonValue.EMPTY_JSON_OBJECT, context));
        if (!answer.getBoolean("head_indexed", true)) {
            indexInBackground(context);
        }
        return List.of(ResourceContents.text(URI, "text/markdown", text(answer)));
    }

    /**
     * resources/subscribe: notifications/resources/updated each time the text a read would return changes,
     * whichever process changed the graph (see {@link ContextChanges}); the project is the subscriber's.
     */
    @Override
    public AutoCloseable watch(RequestContext context, Runnable changed) {
        return changes.watch(gateway.place(JsonValue.EMPTY_JSON_OBJECT, context), changed);
    }

    /** The number of projects whose context is watched for subscribers. */
    public int watching() {
        return changes.watching();
    }

    private ContextChanges.Snapshot snapshot(ProjectDirectory.Place place) {
        JsonObject answer = answer(gateway.runIn(List.of("context"), JsonValue.EMPTY_JSON_OBJECT, place));
        if (!(answer.get("database") instanceof JsonString database)) {
            throw new McpException(ErrorCode.INTERNAL_ERROR, "graphiti context did not name its database,"
                    + " so changes cannot be watched; update the graphiti command the server runs");
        }
        return new ContextChanges.Snapshot(Path.of(database.getString()), text(answer));
    }

    private static JsonObject answer(CliOutcome outcome) {
        if (!outcome.succeeded()) {
            throw new McpException(ErrorCode.INTERNAL_ERROR, "graphiti context failed: " + outcome.stderr().strip());
        }
        return outcome.json().asJsonObject();
    }

    private static String text(JsonObject answer) {
        return answer.get("text") instanceof JsonString s ? s.getString() : "";
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
        ProjectDirectory.Place place = gateway.place(JsonValue.EMPTY_JSON_OBJECT, context);
        Thread thread = new Thread(() -> {
            try {
                CliOutcome outcome = gateway.runIn(List.of("index"), JsonValue.EMPTY_JSON_OBJECT, place);
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
