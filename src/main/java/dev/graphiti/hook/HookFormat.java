package dev.graphiti.hook;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * The shape in which an agent reads a hook's added context from its stdout (`--hook-format`), each read from the
 * agent's own package: Claude Code (and Codex, Qwen Code) take a SessionStart hook's plain text and a prompt hook's
 * {@code hookSpecificOutput.additionalContext}; Gemini CLI takes only JSON (plain stdout is shown to the user, not
 * the model); GitHub Copilot CLI reads a top-level {@code additionalContext} and ignores the rest; Cursor's
 * sessionStart reads {@code additional_context}, and its beforeSubmitPrompt can only allow or block a prompt.
 */
public enum HookFormat {
    claude, gemini, copilot, cursor;

    /** What a SessionStart hook prints for {@code context}: nothing when there is none. */
    public String sessionStart(String context) {
        if (context.isEmpty()) {
            return "";
        }
        return switch (this) {
            case claude -> context;
            case gemini -> hookSpecific("SessionStart", context).toString();
            case copilot -> Json.createObjectBuilder().add("additionalContext", context).build().toString();
            case cursor -> Json.createObjectBuilder().add("additional_context", context).build().toString();
        };
    }

    /**
     * What a prompt hook prints for the items recalled: Claude Code's object names the event that ran it, which makes
     * it Gemini CLI's BeforeAgent answer as well. Cursor's beforeSubmitPrompt cannot add context.
     */
    public JsonObject prompt(String event, String recalled) {
        return switch (this) {
            case claude, gemini -> hookSpecific(event, recalled);
            case copilot -> Json.createObjectBuilder().add("additionalContext", recalled).build();
            case cursor -> throw new IllegalArgumentException("Cursor's beforeSubmitPrompt hook cannot add context;"
                    + " use --hook-format cursor with `context --session-start` only");
        };
    }

    private static JsonObject hookSpecific(String event, String text) {
        return Json.createObjectBuilder().add("hookSpecificOutput", Json.createObjectBuilder()
                .add("hookEventName", event).add("additionalContext", text)).build();
    }

    /** Gemini CLI without a terminal prepends the SessionStart context to the prompt: {@value}...{@code </hook_context>}. */
    static final String GEMINI_CONTEXT_OPEN = "<hook_context>";
    private static final String GEMINI_CONTEXT_CLOSE = "</hook_context>";

    /**
     * What the user asked, from a prompt hook's input: the prompt without the project's context that Gemini CLI run
     * without a terminal puts before it in BeforeAgent (recalling for the context would find the context's items).
     */
    public static Optional<String> prompt(HookInput input) {
        Optional<String> prompt = input.prompt();
        if (prompt.isPresent() && input.hookEventName().equals("BeforeAgent")
                && prompt.get().startsWith(GEMINI_CONTEXT_OPEN)) {
            int end = prompt.get().indexOf(GEMINI_CONTEXT_CLOSE);
            if (end >= 0) {
                prompt = Optional.of(prompt.get().substring(end + GEMINI_CONTEXT_CLOSE.length()).strip());
            }
        }
        return prompt.filter(p -> !p.isBlank());
    }
}
