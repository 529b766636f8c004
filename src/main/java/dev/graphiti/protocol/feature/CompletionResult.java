package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.List;

/** Suggested values (at most 100 are sent), the total when known (-1: unknown), and whether more exist. */
public record CompletionResult(List<String> values, int total, boolean hasMore) {

    static final int MAX_VALUES = 100;

    public CompletionResult {
        values = List.copyOf(values);
    }

    public static CompletionResult of(List<String> values) {
        return new CompletionResult(values, values.size(), false);
    }

    public static CompletionResult empty() {
        return of(List.of());
    }

    public JsonObject toJson() {
        var list = Jsonp.array();
        values.stream().limit(MAX_VALUES).forEach(list::add);
        var completion = Jsonp.object().add("values", list);
        if (total >= 0) {
            completion.add("total", total);
        }
        completion.add("hasMore", hasMore || values.size() > MAX_VALUES);
        return Jsonp.object().add("completion", completion).build();
    }
}
