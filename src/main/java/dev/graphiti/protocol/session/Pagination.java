package dev.graphiti.protocol.session;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * Slices list results into pages. The cursor is opaque to clients (base64 of an offset with a tag);
 * a cursor this server did not issue is -32602.
 */
record Pagination(int pageSize) {

    private static final String TAG = "graphiti-page:";

    <T> JsonObject page(Params params, String member, List<T> items, Function<T, JsonObject> toJson) {
        int offset = params.optionalString("cursor").map(c -> decode(c, items.size())).orElse(0);
        int end = Math.min(items.size(), offset + pageSize);
        var array = Jsonp.array();
        items.subList(offset, end).forEach(item -> array.add(toJson.apply(item)));
        var result = Jsonp.object().add(member, array);
        if (end < items.size()) {
            result.add("nextCursor", encode(end));
        }
        return result.build();
    }

    static String encode(int offset) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((TAG + offset).getBytes(StandardCharsets.UTF_8));
    }

    private static int decode(String cursor, int size) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (text.startsWith(TAG)) {
                int offset = Integer.parseInt(text.substring(TAG.length()));
                if (offset > 0 && offset <= size) {
                    return offset;
                }
            }
        } catch (IllegalArgumentException e) {
            // falls through: not a cursor of ours
        }
        throw Params.invalid("unknown or expired cursor");
    }
}
