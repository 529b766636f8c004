package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.McpException;
import jakarta.json.JsonObject;

/** Answers one feature method (tools/call, resources/read, ...) on a worker thread. */
@FunctionalInterface
interface MethodHandler {

    /** The result object; throw {@link McpException} to answer a JSON-RPC error. */
    JsonObject handle(Params params, InFlightRequest request) throws Exception;
}
