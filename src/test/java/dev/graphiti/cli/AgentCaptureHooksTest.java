package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.CodexRolloutFiles;
import dev.graphiti.ingest.transcript.CopilotSessionFiles;
import dev.graphiti.ingest.transcript.OpencodeDatabase;
import dev.graphiti.ingest.transcript.QwenChatFiles;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-of-session capture through each agent's own hook: `mcp install --client` registers `graphiti capture --agent
 * NAME --async --quiet` on the event the agent fires when a turn or the session ends (Codex and Qwen Code Stop, Gemini
 * CLI and Copilot CLI SessionEnd, opencode's session.idle through its plugin), and that command, run with the agent's
 * own payload (its session_id, and transcript_path where the agent sends one, read from each agent's package),
 * captures the rule settled in the saved session into the project graph, the agent named in the source. The
 * background start itself is BackgroundCaptureTest's; here the hook's command runs in the foreground.
 */
class AgentCaptureHooksTest {

    static final String RULE = "Let's keep every price as integer cents, never as a double.";
    static final String GRAPHITI = "/opt/graphiti/bin/graphiti";

    @TempDir
    Path tmp;

    Path repo;
    Path home;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        cli = new CliHarness(tmp.resolve("graphiti-home")).variable("PATH", "/nonexistent")
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
        home = Path.of(cli.variables().get("HOME"));
    }

    /** The one hook install registered for {@code event} in {@code file} (groups of hooks, Claude Code's shape). */
    private String installedHook(String client, Path file, String event) throws Exception {
        JsonObject root = installed(client, file);
        var groups = root.getJsonObject("hooks").getJsonArray(event);
        assertNotNull(groups, "no " + event + " hook installed for " + client + ": " + root);
        assertEquals(1, groups.size(), root.toString());
        return groups.getJsonObject(0).getJsonArray("hooks").getJsonObject(0).getString("command");
    }

    /** Installs graphiti for {@code client} (user scope) and reads its JSON {@code file}. */
    private JsonObject installed(String client, Path file) throws Exception {
        CliHarness.Result install = cli.run(repo, "mcp", "install", "--client", client, "--command", GRAPHITI);
        assertEquals(0, install.code(), install::toString);
        try (var reader = Json.createReader(new StringReader(Files.readString(file)))) {
            return reader.readObject();
        }
    }

    /**
     * Runs the hook's command as the agent does (in the project, its payload on stdin), the capture in the foreground
     * (with --async, --quiet, it prints nothing: an agent may show a hook's stdout to the user).
     */
    private void runHook(String command, String agent, JsonObject payload) {
        assertEquals(GRAPHITI + " capture --agent " + agent + " --async --quiet", command);
        List<String> args = new ArrayList<>(Arrays.asList(command.substring(GRAPHITI.length() + 1).split(" ")));
        args.remove("--async");
        CliHarness.Result ran = cli.runWithStdin(repo, payload.toString().getBytes(StandardCharsets.UTF_8),
                args.toArray(String[]::new));
        assertEquals(0, ran.code(), ran::toString);
    }

    private void captured(String agent) throws Exception {
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(1, CodexCaptureTest.rows(database, "source LIKE 'capture:" + agent + ":%' AND content LIKE '%integer cents%'"),
                "the rule, captured from " + agent + "'s session");
    }

    @Test
    void codexsStopHookCapturesItsRollout() throws Exception {
        String id = "019b0c3e-5f1a-7c10-9d2e-4a1b2c3d4e5f";
        CodexRolloutFiles rollout = CodexRolloutFiles.start(home.resolve(".codex"), id, repo,
                Instant.parse("2026-03-02T09:00:00Z")).turn(RULE, null, "Agreed: prices are integer cents.");
        String hook = installedHook("codex", home.resolve(".codex/hooks.json"), "Stop");
        // Codex 0.171.0's Stop payload
        runHook(hook, "codex", Json.createObjectBuilder().add("session_id", id)
                .add("transcript_path", rollout.file().toString()).add("cwd", repo.toString())
                .add("hook_event_name", "Stop").add("model", "gpt-5.5").add("turn_id", "t-1")
                .add("stop_hook_active", false).add("last_assistant_message", "Agreed: prices are integer cents.").build());
        captured("codex");
    }

    @Test
    void qwenCodesStopHookCapturesItsChat() throws Exception {
        String id = "5d1f7a2c-8b3e-4c9d-a1e2-f3a4b5c6d7e8";
        QwenChatFiles chat = QwenChatFiles.start(home.resolve(".qwen"), id, repo, Instant.parse("2026-04-01T08:00:00Z"))
                .turn(RULE, "Understood: integer cents.", null);
        String hook = installedHook("qwen", home.resolve(".qwen/settings.json"), "Stop");
        // Qwen Code 0.24.4's Stop payload (its hook input is Claude Code's, with a timestamp and the permission mode)
        runHook(hook, "qwen", Json.createObjectBuilder().add("session_id", id)
                .add("transcript_path", chat.file().toString()).add("cwd", repo.toString())
                .add("hook_event_name", "Stop").add("timestamp", "2026-04-01T08:00:09.000Z")
                .add("permission_mode", "auto").add("stop_hook_active", false)
                .add("last_assistant_message", "Understood: integer cents.").build());
        captured("qwen");
    }

    @Test
    void geminiClisSessionEndHookCapturesItsChat() throws Exception {
        String id = "a3c5e7f9-1b2d-4e6f-8a9b-0c1d2e3f4a5b";
        Path project = Files.createDirectories(home.resolve(".gemini/tmp/shop"));
        Files.writeString(project.resolve(".project_root"), repo.toString());
        Path chat = Files.createDirectories(project.resolve("chats")).resolve("session-2026-05-06T10-15-a3c5e7f9.jsonl");
        Files.writeString(chat, String.join("\n",
                Json.createObjectBuilder().add("sessionId", id).add("projectHash", "9f2c")
                        .add("startTime", "2026-05-06T10:15:00.000Z").add("lastUpdated", "2026-05-06T10:15:09.000Z")
                        .add("kind", "main").build().toString(),
                Json.createObjectBuilder().add("id", "u1").add("timestamp", "2026-05-06T10:15:05.000Z").add("type", "user")
                        .add("content", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", RULE)))
                        .build().toString(),
                Json.createObjectBuilder().add("id", "g1").add("timestamp", "2026-05-06T10:15:09.000Z").add("type", "gemini")
                        .add("content", "Understood: integer cents.").add("model", "gemini-2.5-pro").build().toString())
                + "\n");
        String hook = installedHook("gemini", home.resolve(".gemini/settings.json"), "SessionEnd");
        // Gemini CLI 0.61.0's SessionEnd payload (createBaseInput and the reason)
        runHook(hook, "gemini", Json.createObjectBuilder().add("session_id", id).add("transcript_path", chat.toString())
                .add("cwd", repo.toString()).add("hook_event_name", "SessionEnd")
                .add("timestamp", "2026-05-06T10:16:00.000Z").add("reason", "exit").build());
        captured("gemini");
        assertTrue(Files.readString(home.resolve(".gemini/settings.json")).contains("\"name\": \"graphiti-capture\""));
    }

    @Test
    void copilotClisSessionEndHookCapturesItsSession() throws Exception {
        String id = "8de39226-ea19-427e-b01d-465391dd884c";
        CopilotSessionFiles.start(home.resolve(".copilot"), id, repo, Instant.parse("2026-07-01T09:00:00Z"))
                .turn(RULE, null, null, "Understood: integer cents.").shutdown();
        JsonObject file = installed("copilot", home.resolve(".copilot/hooks/graphiti.json"));
        copilotSessionEnd(file, id);
        captured("copilot");
    }

    /** The one command of Copilot CLI's hooks {@code file} for {@code event}. */
    private static String copilotHook(JsonObject file, String event) {
        var entries = file.getJsonObject("hooks").getJsonArray(event);
        assertNotNull(entries, "no " + event + " hook installed for copilot: " + file);
        assertEquals(1, entries.size(), file.toString());
        return entries.getJsonObject(0).getString("bash");
    }

    /**
     * Copilot CLI 1.0.102's SessionEnd payload, as `copilot -p` sent it to a hook (PascalCase: Claude Code's snake_case
     * names; no transcript_path, so the session's events.jsonl is found by its id).
     */
    private void copilotSessionEnd(JsonObject file, String id) {
        runHook(copilotHook(file, "SessionEnd"), "copilot", Json.createObjectBuilder()
                .add("hook_event_name", "SessionEnd").add("session_id", id).add("timestamp", "2026-07-01T09:00:12.352Z")
                .add("cwd", repo.toString()).add("reason", "complete").build());
    }

    /**
     * Copilot CLI 1.0.102 runs no SessionEnd for a session whose process is killed; its Stop (agentStop: the main
     * agent's natural stop at each turn's end) captures the session so far, and the SessionEnd after it adds nothing.
     */
    @Test
    void copilotClisStopHookCapturesATurnOnceBeforeItsSessionEnds() throws Exception {
        String id = "5b0e3f1c-2d4a-4e6b-9c8d-7a6f5e4d3c2b";
        CopilotSessionFiles session = CopilotSessionFiles.start(home.resolve(".copilot"), id, repo,
                Instant.parse("2026-07-01T09:00:00Z")).turn(RULE, null, null, "Understood: integer cents.");
        JsonObject file = installed("copilot", home.resolve(".copilot/hooks/graphiti.json"));
        // AgentStopHookInput in Claude Code's snake_case, as a PascalCase hook gets it
        runHook(copilotHook(file, "Stop"), "copilot", Json.createObjectBuilder()
                .add("hook_event_name", "Stop").add("session_id", id).add("timestamp", "2026-07-01T09:00:09.120Z")
                .add("cwd", repo.toString()).add("stop_reason", "end_turn").add("transcript_path", session.file().toString())
                .add("stop_hook_active", false).build());
        captured("copilot");
        session.shutdown();
        copilotSessionEnd(file, id);
        captured("copilot");
    }

    @Test
    void opencodesPluginCapturesTheSessionWhenItGoesIdle() throws Exception {
        String id = "ses_2a1b3c4d5e6fAbCdEfGhIjKlMn";
        OpencodeDatabase.create(home.resolve(".local/share"), Instant.parse("2026-07-02T09:00:00Z"))
                .session(id, repo, null).user(RULE).assistant(null, null, "Understood: integer cents.");
        installed("opencode", home.resolve(".config/opencode/opencode.json"));
        String plugin = Files.readString(home.resolve(".config/opencode/plugins/graphiti.js"));
        Matcher capture = Pattern.compile("const CAPTURE = (\"[^\n]*\");").matcher(plugin);
        assertTrue(capture.find(), "no capture command in the plugin:\n" + plugin);
        String command;
        try (var reader = Json.createReader(new StringReader(capture.group(1)))) {
            command = ((JsonString) reader.readValue()).getString();
        }
        // opencode 1.18.33 hands a plugin's `event` hook {event: {id, type, properties}}; session.idle's properties
        // are {sessionID}, published when a session's turn ends
        assertTrue(plugin.contains("event: async ({ event }) => {"), plugin);
        assertTrue(plugin.contains("event.type === \"session.idle\""), plugin);
        assertTrue(plugin.contains("capture({ session_id: event.properties.sessionID, hook_event_name: \"Stop\", cwd: directory })"),
                plugin);
        runHook(command, "opencode", Json.createObjectBuilder().add("session_id", id).add("hook_event_name", "Stop")
                .add("cwd", repo.toString()).build());
        captured("opencode");
    }
}
