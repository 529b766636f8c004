package dev.graphiti.hook;

import java.util.Map;
import java.util.Optional;

/**
 * One run of a hook's socket client (graphiti-prompt-hook): its process id, sent to the server with the request
 * (X-Graphiti-Run) and handed to the cold command it runs when no answer arrives (GRAPHITI_HOOK_RUN). The server's
 * answer claims the prompt, the session start or the file's items in that run's name; when the answer is lost (the
 * client stopped waiting on a loaded machine, the write failed), the same run's cold command takes those claims
 * over instead of finding them taken by an answer nobody read. Another run (the other install's hook) still finds
 * them taken. Empty for a hook run without the client.
 */
public record HookRun(Optional<String> id) {

    public static final String VARIABLE = "GRAPHITI_HOOK_RUN";
    public static final HookRun NONE = new HookRun(Optional.empty());

    public HookRun {
        id.ifPresent(HookRun::check);
    }

    /** {@code option} when given (the server's answer), else the cold command's {@link #VARIABLE}. */
    public static HookRun of(String option, Map<String, String> variables) {
        return new HookRun(Optional.ofNullable(option).or(() -> Optional.ofNullable(variables.get(VARIABLE)))
                .filter(id -> !id.isBlank()));
    }

    /** A process id; anything else is refused, since it is written into the claims' files. */
    public static String check(String id) {
        if (!id.matches("\\d{1,10}")) {
            throw new IllegalArgumentException("a hook run is the client's process id (digits), not '" + id + "'");
        }
        return id;
    }

    /** True when {@code recorded} (what a claim holds) names this run. */
    boolean made(String recorded) {
        return id.isPresent() && id.get().equals(recorded);
    }
}
