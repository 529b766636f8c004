package dev.graphiti.cli;

/**
 * What a Claude Code hook prints to add text to the model's context:
 * {@code {"hookSpecificOutput": {"hookEventName": EVENT, "additionalContext": TEXT}}}.
 */
final class AdditionalContext {

    private AdditionalContext() {
    }

    static void print(CommandContext context, String event, String text) {
        JsonShapes.print(context.out(), JsonShapes.JSON.createObjectBuilder().add("hookSpecificOutput",
                JsonShapes.JSON.createObjectBuilder().add("hookEventName", event).add("additionalContext", text)));
        context.out().flush();
    }
}
