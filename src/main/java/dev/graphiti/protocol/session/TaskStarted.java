package dev.graphiti.protocol.session;

import jakarta.json.JsonObject;

/**
 * Ends a tools/call's own handling once its work became a task: the call is answered with the task's handle
 * (CreateTaskResult) while the work goes on on a task thread. Control flow, not an error.
 */
final class TaskStarted extends RuntimeException {

    private final transient JsonObject handle;

    TaskStarted(JsonObject handle) {
        super("task started", null, false, false);
        this.handle = handle;
    }

    /** The task's fields, for the CreateTaskResult. */
    JsonObject handle() {
        return handle;
    }
}
