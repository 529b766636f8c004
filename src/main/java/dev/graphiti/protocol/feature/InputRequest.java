package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Map;
import java.util.Objects;

/**
 * One thing a server needs from the client before it can answer: an elicitation (the user's input), a
 * sampling (an LLM completion) or the client's roots. On 2026-07-28 it travels inside an input-required
 * result and the client's answer comes back with its retry; in a 2025 session it is sent as a request.
 */
public record InputRequest(String method, JsonObject params) {

    /** The client capability each kind of request needs. */
    static final Map<String, String> CAPABILITY = Map.of(
            "elicitation/create", "elicitation",
            "sampling/createMessage", "sampling",
            "roots/list", "roots");

    public InputRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        if (!CAPABILITY.containsKey(method)) {
            throw new IllegalArgumentException("not a request a server may make of a client: " + method);
        }
    }

    /** A form the user fills in: {@code schema} is the requested JSON Schema (an object of primitive properties). */
    public static InputRequest elicit(String message, JsonObject schema) {
        return new InputRequest("elicitation/create", Jsonp.object().add("message", message).add("requestedSchema", schema).build());
    }

    /** An LLM completion; {@code params} as sampling/createMessage takes them. */
    public static InputRequest sample(JsonObject params) {
        return new InputRequest("sampling/createMessage", params);
    }

    public static InputRequest listRoots() {
        return new InputRequest("roots/list", JsonObject.EMPTY_JSON_OBJECT);
    }

    /** The client capability this request needs ("elicitation", "sampling" or "roots"). */
    public String capability() {
        return CAPABILITY.get(method);
    }

    public JsonObject toJson() {
        return Jsonp.object().add("method", method).add("params", params).build();
    }
}
