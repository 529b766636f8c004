package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Set;

/**
 * What every 2026-07-28 result carries besides its content: {@code resultType} "complete", the server's identity
 * in {@code _meta} (no initialize told the client), and on cacheable results the caching hints. Lists and
 * discovery are the same for every caller while the server runs (public, fresh for five minutes); a read may
 * change with any write to the graph and holds a project's data (private, stale at once).
 */
final class StatelessResults {

    static final long LIST_TTL_MS = 300_000;
    private static final Set<String> LISTS = Set.of("server/discover", "tools/list", "prompts/list", "resources/list",
            "resources/templates/list");

    private final JsonObject serverInfo;

    StatelessResults(ServerInfo info) {
        this.serverInfo = Jsonp.object().add("name", info.name()).add("title", info.title()).add("version", info.version()).build();
    }

    /** An input-required result: not cacheable, so no hints; the server's identity as on every result. */
    JsonObject inputRequired(InputRequired needed) {
        return Jsonp.object(needed.toJson()).add("_meta", Jsonp.object().add(RequestMeta.SERVER_INFO, serverInfo)).build();
    }

    /** A CreateTaskResult: the task's handle, {@code resultType} "task" (not cacheable either). */
    JsonObject task(JsonObject handle) {
        var meta = handle.get("_meta") instanceof JsonObject own ? Jsonp.object(own) : Jsonp.object();
        return Jsonp.object(handle).add("resultType", "task").add("_meta", meta.add(RequestMeta.SERVER_INFO, serverInfo)).build();
    }

    JsonObject complete(String method, JsonObject result) {
        var meta = result.get("_meta") instanceof JsonObject own ? Jsonp.object(own) : Jsonp.object();
        var complete = Jsonp.object(result)
                .add("resultType", "complete")
                .add("_meta", meta.add(RequestMeta.SERVER_INFO, serverInfo));
        if (LISTS.contains(method)) {
            complete.add("ttlMs", LIST_TTL_MS).add("cacheScope", "public");
        } else if (method.equals("resources/read")) {
            complete.add("ttlMs", 0).add("cacheScope", "private");
        }
        return complete.build();
    }
}
