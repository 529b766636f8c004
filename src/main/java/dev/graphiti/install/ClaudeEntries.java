package dev.graphiti.install;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What graphiti adds to Claude Code's configuration: the stdio MCP server entry and the hook groups.
 * SessionStart prints `graphiti context` (a SessionStart hook's stdout becomes session context); Stop
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
        Map<String, Json> hooks = new LinkedHashMap<>();
        hooks.put("SessionStart", group(command.shell("context")));
        hooks.put("Stop", group(command.shell("capture", "--async")));
        hooks.put("PreCompact", group(command.shell("capture", "--async")));
        return hooks;
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
