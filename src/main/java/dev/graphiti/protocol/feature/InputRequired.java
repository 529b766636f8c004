package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Thrown by a tool, prompt or resource read that cannot answer before the client supplies something: the
 * requests by key (each key's answer is {@link RequestContext#inputResponse} on the next attempt) and an
 * opaque state the client hands back ({@link RequestContext#requestState}; seal it with
 * {@link RequestContext#sealState} when tampering could do harm). On 2026-07-28 the call is answered with an
 * input-required result and the client retries it; in a 2025 session the server asks the client itself and
 * runs the handler again with the answers, so a handler is written once for both eras.
 */
public final class InputRequired extends RuntimeException {

    private final transient Map<String, InputRequest> requests;
    private final String state;

    public InputRequired(Map<String, InputRequest> requests, String state) {
        super("input required: " + requests.keySet(), null, false, false);
        if (requests.isEmpty() && state == null) {
            throw new IllegalArgumentException("an input-required result needs input requests or a request state");
        }
        this.requests = new LinkedHashMap<>(requests);
        this.state = state;
    }

    public static InputRequired of(String key, InputRequest request) {
        return new InputRequired(Map.of(key, request), null);
    }

    public Map<String, InputRequest> requests() {
        return Map.copyOf(requests);
    }

    public Optional<String> state() {
        return Optional.ofNullable(state);
    }

    /** The 2026-07-28 result: {@code resultType} "input_required", the requests, the state. */
    public JsonObject toJson() {
        var result = Jsonp.object().add("resultType", "input_required");
        if (!requests.isEmpty()) {
            var map = Jsonp.object();
            requests.forEach((key, request) -> map.add(key, request.toJson()));
            result.add("inputRequests", map);
        }
        state().ifPresent(s -> result.add("requestState", s));
        return result.build();
    }
}
