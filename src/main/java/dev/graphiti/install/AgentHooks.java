package dev.graphiti.install;

import dev.graphiti.hook.HookFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hooks install gives the agents besides Claude Code that have them, each in the agent's own file and shape,
 * all running the commands Claude Code's hooks run: `graphiti context --session-start` at a session's start and the
 * prompt hook's socket client (then `graphiti recall --prompt`) on each prompt, with `--hook-format` where the
 * agent reads another output shape than Claude Code's ({@link HookFormat}), and, where graphiti reads the agent's
 * session log, `graphiti capture --agent NAME --async` when a turn or the session ends (the hook's session_id, and
 * transcript_path where the agent sends one, name the log).
 */
final class AgentHooks {

    static final String OPENCODE_PLUGIN = "/dev/graphiti/install/opencode-plugin.js";

    private final LaunchCommand hook;

    AgentHooks(LaunchCommand launch) {
        this.hook = new ClaudeEntries(launch).hookCommand();
    }

    String sessionStart(HookFormat format) {
        return format == HookFormat.claude ? hook.shell("context", "--session-start")
                : hook.shell("context", "--session-start", "--hook-format", format.name());
    }

    /** The prompt hook; the socket's answer is Claude Code's shape, which the client turns into Copilot's. */
    String prompt(HookFormat format) {
        return format == HookFormat.claude ? PromptHookScript.around(hook.shell("recall", "--prompt"))
                : PromptHookScript.FORMAT_VARIABLE + "=" + format.name() + " "
                + PromptHookScript.around(hook.shell("recall", "--prompt", "--hook-format", format.name()));
    }

    /**
     * End-of-turn capture of {@code agent}'s session log, in the background (the hook returns at once) and quiet (an
     * agent may show a hook's stdout to the user).
     */
    String capture(String agent) {
        return hook.shell("capture", "--agent", agent, "--async", "--quiet");
    }

    /**
     * Codex and Qwen Code: Claude Code's events, groups and output (Qwen Code reads the timeout in seconds too); Stop,
     * at the end of each turn, captures the session log as Claude Code's Stop does.
     */
    Map<String, Json> claudeShaped(String agent) {
        Map<String, Json> hooks = new LinkedHashMap<>();
        hooks.put("SessionStart", group(command(sessionStart(HookFormat.claude), ClaudeEntries.HOOK_TIMEOUT_SECONDS)));
        hooks.put("UserPromptSubmit", group(command(prompt(HookFormat.claude), ClaudeEntries.HOOK_TIMEOUT_SECONDS)));
        hooks.put("Stop", group(command(capture(agent), ClaudeEntries.HOOK_TIMEOUT_SECONDS)));
        return hooks;
    }

    /**
     * Gemini CLI: SessionStart and BeforeAgent (whose prompt answer names its event, as Claude Code's does), named so
     * `/hooks disable graphiti-context` finds them; Gemini CLI reads the timeout in milliseconds. SessionEnd captures
     * the session's chat (Gemini CLI does not wait for it; the capture runs in the background anyway).
     */
    Map<String, Json> gemini() {
        long timeout = ClaudeEntries.HOOK_TIMEOUT_SECONDS * 1000L;
        Map<String, Json> hooks = new LinkedHashMap<>();
        hooks.put("SessionStart", group(named("graphiti-context", command(sessionStart(HookFormat.gemini), timeout))));
        hooks.put("BeforeAgent", group(named("graphiti-recall", command(prompt(HookFormat.claude), timeout))));
        hooks.put("SessionEnd", group(named("graphiti-capture", command(capture("gemini"), timeout))));
        return hooks;
    }

    /**
     * Cursor's sessionStart, in its flat shape; Cursor runs a user's hooks from ~/.cursor, so the hook moves to the
     * project Cursor names (CURSOR_PROJECT_DIR). Its beforeSubmitPrompt can only allow or block a prompt.
     */
    Map<String, Json> cursor() {
        return Map.of("sessionStart", command("cd \"${CURSOR_PROJECT_DIR:-.}\" && " + sessionStart(HookFormat.cursor),
                ClaudeEntries.HOOK_TIMEOUT_SECONDS));
    }

    /**
     * Copilot CLI's hooks file (it loads every file of ~/.copilot/hooks/ and .github/hooks/, so graphiti owns this
     * one): PascalCase events, which give the hooks Claude Code's snake_case payload. SessionEnd (when `copilot -p`
     * finishes, or /exit or /clear ends a session) sends session_id and cwd but no transcript_path: the capture finds
     * the session's events.jsonl by its id. A killed session runs no SessionEnd: Stop (agentStop, the main agent's
     * stop at each turn's end) captures what it said so far; the capture ledger reads each turn once.
     */
    String copilotFile() {
        Json file = Json.object("version", Json.number(1), "hooks", Json.object(
                "SessionStart", copilotEntry(sessionStart(HookFormat.copilot)),
                "UserPromptSubmit", copilotEntry(prompt(HookFormat.copilot)),
                "Stop", copilotEntry(capture("copilot")),
                "SessionEnd", copilotEntry(capture("copilot"))));
        return JsonWriter.write(file, JsonStyle.STRINGIFY, "") + "\n";
    }

    private static Json copilotEntry(String bash) {
        return new Json.JArray(List.of(Json.object("type", Json.string("command"), "bash", Json.string(bash),
                "timeoutSec", Json.number(ClaudeEntries.HOOK_TIMEOUT_SECONDS))));
    }

    /**
     * opencode's plugin: a JavaScript file that runs the same two commands and adds their text to the system prompt,
     * and captures a session's log when the session goes idle (each turn's end, as Codex's Stop).
     */
    String opencodePlugin() {
        String template;
        try (InputStream in = AgentHooks.class.getResourceAsStream(OPENCODE_PLUGIN)) {
            if (in == null) {
                throw new IllegalStateException("the opencode plugin is missing from the graphiti jar (" + OPENCODE_PLUGIN + ")");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return template.replace("\"@CONTEXT@\"", JsonWriter.quote(sessionStart(HookFormat.claude)))
                .replace("\"@RECALL@\"", JsonWriter.quote(prompt(HookFormat.claude)))
                .replace("\"@CAPTURE@\"", JsonWriter.quote(capture("opencode")));
    }

    private static Json.JObject command(String shell, long timeout) {
        return Json.object("type", Json.string("command"), "command", Json.string(shell), "timeout", Json.number(timeout));
    }

    private static Json named(String name, Json.JObject command) {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("name", Json.string(name));
        members.putAll(command.members());
        return new Json.JObject(members);
    }

    private static Json group(Json hook) {
        return Json.object("hooks", new Json.JArray(List.of(hook)));
    }
}
