package dev.graphiti.install;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What graphiti adds to Claude Code's configuration: the stdio MCP server entry and the hook groups.
 * SessionStart prints `graphiti context --session-start` (a SessionStart hook's stdout becomes session context;
 * the option makes the user's and the project's hook print it once between them); UserPromptSubmit adds the items
 * relevant to the prompt (asked of the running server, else `graphiti recall --prompt`: {@link PromptHookScript};
 * nothing when none is); Stop
 * and PreCompact hand the hook's stdin JSON (session_id, transcript_path) to `graphiti capture --async`.
 */
final class ClaudeEntries {

    static final String SERVER_NAME = "graphiti";
    static final List<String> SERVERS_OBJECT = List.of("mcpServers");
    static final List<String> HOOKS_OBJECT = List.of("hooks");

    /** Seconds Claude Code waits for a hook command before cancelling it. */
    static final int HOOK_TIMEOUT_SECONDS = 30;

    private final LaunchCommand command;

    ClaudeEntries(LaunchCommand command) {
        this.command = command;
    }

    /** The mcpServers entry, in the shape `claude mcp add` writes for a stdio server. */
    Json server() {
        List<String> argv = command.with("mcp", "serve");
        return Json.object("type", Json.string("stdio"), "command", Json.string(argv.get(0)),
                "args", Json.strings(argv.subList(1, argv.size())), "env", Json.object());
    }

    /** Hook event name to the matcher group graphiti appends to that event's array. */
    Map<String, Json> hooks() {
        LaunchCommand hook = hookCommand();
        Map<String, Json> hooks = new LinkedHashMap<>();
        hooks.put("SessionStart", group(hook.shell("context", "--session-start")));
        hooks.put("UserPromptSubmit", group(PromptHookScript.around(hook.shell("recall", "--prompt"))));
        hooks.put("Stop", group(hook.shell("capture", "--async")));
        hooks.put("PreCompact", group(hook.shell("capture", "--async")));
        return hooks;
    }

    /**
     * A hook is a JVM that lives about a second, started at every session start, stop and compaction: it
     * gains nothing from C2 (its compiler threads cost more CPU than the code they would speed up, mostly
     * loading the tokenizer's vocabulary) nor from G1 (a young generation that holds what `context`
     * allocates, about 120 MB, means no collection at all). The server is long-lived and keeps the defaults.
     * JVM warnings about these options (a small heap) go to stderr, as SessionStart's stdout is context.
     */
    static final List<String> HOOK_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn256m");

    private LaunchCommand hookCommand() {
        if (!command.viaJar()) {
            return command;
        }
        List<String> options = new ArrayList<>(HOOK_JVM_OPTIONS);
        if (!command.argv().containsAll(StartupArchive.QUIET_STDOUT)) {
            options.addAll(StartupArchive.QUIET_STDOUT);
        }
        return command.withJvmOptions(options);
    }

    private static Json group(String shellCommand) {
        return Json.object("hooks", new Json.JArray(List.of(Json.object("type", Json.string("command"),
                "command", Json.string(shellCommand), "timeout", Json.number(HOOK_TIMEOUT_SECONDS)))));
    }

    /** The `graphiti` script for PATH; its second line marks it as ours. */
    String wrapperScript() {
        return "#!/bin/sh\n" + WRAPPER_MARK + "\nexec " + command.shell() + " \"$@\"\n";
    }

    static final String WRAPPER_MARK = "# graphiti command, written by `graphiti mcp install`;"
            + " `graphiti mcp uninstall` removes it.";
}
