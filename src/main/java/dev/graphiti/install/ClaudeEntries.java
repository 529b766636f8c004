package dev.graphiti.install;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What graphiti adds to Claude Code's configuration: the stdio MCP server entry and the hook groups.
 * SessionStart prints `graphiti context --session-start` (a SessionStart hook's stdout becomes session context;
 * the option makes the user's and the project's hook print it once between them); UserPromptSubmit adds the items
 * relevant to the prompt (`graphiti recall --prompt`; nothing when none is); PreToolUse, for Read, Edit, Write and
 * MultiEdit, adds the items anchored to the file about to be touched (`graphiti recall --file`). These three ask the
 * project's running server first and start a JVM only when none answers ({@link PromptHookScript}). Stop
 * and PreCompact hand the hook's stdin JSON (session_id, transcript_path) to `graphiti capture --async`.
 */
final class ClaudeEntries {

    static final String SERVER_NAME = "graphiti";
    static final List<String> SERVERS_OBJECT = List.of("mcpServers");
    static final List<String> HOOKS_OBJECT = List.of("hooks");

    /** The tools whose file the PreToolUse hook recalls for (the plugin's hooks.json has the same matcher). */
    static final String FILE_TOOLS = "Read|Edit|Write|MultiEdit";

    /** Seconds Claude Code waits for a hook command before cancelling it. */
    static final int HOOK_TIMEOUT_SECONDS = 30;

    private final LaunchCommand command;

    ClaudeEntries(LaunchCommand command) {
        this.command = command;
    }

    /**
     * The server's command line, the same for install and the plugin (plugins/graphiti/.mcp.json): Claude Code runs
     * a plugin's server only when no server it was given by hand has the same command and args (environment aside),
     * so with both registered it lists and starts one, install's. Install's entry names its graphiti in
     * {@value #COMMAND_VARIABLE}; the plugin's has none, and Claude Code gives it CLAUDE_PLUGIN_ROOT. Claude Code
     * expands ${VAR} in both before comparing them, so the script holds no "${".
     */
    static final List<String> SERVER_COMMAND = List.of("sh", "-c", "[ -z \"$GRAPHITI_COMMAND\" ] || eval \"exec"
            + " $GRAPHITI_COMMAND mcp serve\"; exec \"$CLAUDE_PLUGIN_ROOT/bin/graphiti\" mcp serve");

    /** The variable of install's entry that holds its graphiti command line, quoted for the shell. */
    static final String COMMAND_VARIABLE = "GRAPHITI_COMMAND";

    /** The mcpServers entry, in the shape `claude mcp add` writes for a stdio server. */
    Json server() {
        return Json.object("type", Json.string("stdio"), "command", Json.string(SERVER_COMMAND.get(0)),
                "args", Json.strings(SERVER_COMMAND.subList(1, SERVER_COMMAND.size())),
                "env", Json.object(COMMAND_VARIABLE, Json.string(command.server().shell())));
    }

    /** Hook event name to the matcher group graphiti appends to that event's array. */
    Map<String, Json> hooks() {
        LaunchCommand hook = hookCommand();
        Map<String, Json> hooks = new LinkedHashMap<>();
        hooks.put("SessionStart", group(PromptHookScript.around(hook.shell("context", "--session-start"))));
        hooks.put("UserPromptSubmit", group(PromptHookScript.around(hook.shell("recall", "--prompt"))));
        hooks.put("PreToolUse", Json.object("matcher", Json.string(FILE_TOOLS), "hooks", hookList(
                PromptHookScript.around(hook.shell("recall", "--file")))));
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

    LaunchCommand hookCommand() {
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
        return Json.object("hooks", hookList(shellCommand));
    }

    private static Json hookList(String shellCommand) {
        return new Json.JArray(List.of(Json.object("type", Json.string("command"), "command", Json.string(shellCommand),
                "timeout", Json.number(HOOK_TIMEOUT_SECONDS))));
    }

    /** The `graphiti` script for PATH; its second line marks it as ours. */
    String wrapperScript() {
        return "#!/bin/sh\n" + WRAPPER_MARK + "\nexec " + command.shell() + " \"$@\"\n";
    }

    static final String WRAPPER_MARK = "# graphiti command, written by `graphiti mcp install`;"
            + " `graphiti mcp uninstall` removes it.";
}
