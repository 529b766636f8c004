package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session-start and prompt hooks `graphiti mcp install --client NAME` gives each agent, run by the agent itself:
 * Gemini CLI, Qwen Code, Copilot CLI and opencode each run one prompt headless (no account: their model is a
 * {@link FakeModel} on loopback), with the project's MCP server running as in a session, and what they send their
 * model holds the project's context and the rule the prompt is about. Cursor has no CLI here: its sessionStart hook runs as Cursor runs a user's hook (from ~/.cursor, with
 * CURSOR_PROJECT_DIR and its documented payload). Each agent's test is skipped when its GRAPHITI_* variable is unset.
 */
@Tag("agent-cli")
class AgentHooksIT {

    static final String RULE = "We chose SQLite over a server database: one file per project, nothing to run";
    static final String PROMPT = "Should storage move to a server database?";
    static final String CONTEXT_HEADER = "graphiti: what is known about";
    static final String RECALL_HEADER = "graphiti recalls project memory relevant to this prompt";

    @TempDir
    Path home;

    @TempDir
    Path project;

    @BeforeEach
    void projectWithARule() throws Exception {
        project = project.toRealPath();
        assertEquals(0, run(List.of("git", "init", "-q", "."), project, Map.of(), "").code());
        AgentProcess add = run(ClaudeUser.graphiti("add", RULE, "-k", "decision", "-t", "storage"), project, Map.of(), "");
        assertEquals(0, add.code(), add.err());
    }

    /**
     * The agents' end-of-session hooks start `graphiti capture --async`, which outlives the agent and writes under the
     * temporary HOME and project: wait for it (at most a minute) before they are deleted.
     */
    @AfterEach
    void backgroundCapturesEnded() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (ProcessHandle.allProcesses().anyMatch(AgentHooksIT::capturing) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
    }

    private static boolean capturing(ProcessHandle process) {
        List<String> arguments = process.info().arguments().map(List::of).orElse(List.of());
        return arguments.contains("capture") && arguments.stream().anyMatch(argument -> argument.endsWith(".jar")
                || argument.contains("graphiti"));
    }

    private AgentProcess run(List<String> command, Path directory, Map<String, String> variables, String stdin)
            throws Exception {
        return AgentProcess.run(command, directory, home, variables, stdin);
    }

    private static String executable(String variable) {
        return AgentProcess.executable(variable);
    }

    private void install(String client) throws Exception {
        AgentProcess install = run(ClaudeUser.graphiti("mcp", "install", "--client", client, "--no-startup-archive"), project,
                Map.of(), "");
        assertEquals(0, install.code(), install.out() + install.err());
    }

    /**
     * The project's MCP server, as a session that is already running has it: the prompt hook asks its socket instead
     * of starting a JVM that a loaded machine may not finish within the agent's hook timeout. Closing it ends it.
     */
    private AutoCloseable runningServer() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(ClaudeUser.graphiti("mcp", "serve")).directory(project.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(home.resolve("server.log").toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("GRAPHITI_HOME");
        Process server = builder.start();
        AutoCloseable stop = () -> {
            server.getOutputStream().close();
            if (!server.waitFor(60, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        };
        Path socket = project.resolve(".graphiti/run/prompt.sock");
        for (int i = 0; i < 2400 && !Files.exists(socket); i++) {
            Thread.sleep(50);
        }
        if (!Files.exists(socket)) {
            stop.close();
            throw new AssertionError("the server did not open " + socket);
        }
        return stop;
    }

    /** The agent's model was told the project's context at the session's start and the rule this prompt is about. */
    private void toldContextAndRecall(String sent, AgentProcess agent) throws Exception {
        Path log = home.resolve("server.log");
        Path claims = home.resolve(".graphiti/hooks/prompt");
        String why = "the agent printed:\n" + agent.out() + agent.err() + "\nthe server logged:\n"
                + (Files.exists(log) ? Files.readString(log) : "") + "\nprompt claims: "
                + (Files.isDirectory(claims) ? Files.list(claims).toList() : "none") + "\nits model was sent:\n"
                + sent.substring(0, Math.min(sent.length(), 3000));
        assertTrue(sent.contains(CONTEXT_HEADER), "no session-start context; " + why);
        assertTrue(sent.contains(RECALL_HEADER), "no prompt recall; " + why);
        assertTrue(sent.contains(RULE), why);
    }

    @Test
    void geminiCliRunsGraphitisHooksAndItsModelGetsTheContextAndTheRecalledRule() throws Exception {
        String gemini = executable("GRAPHITI_GEMINI");
        Files.createDirectories(home.resolve(".gemini"));
        Files.writeString(home.resolve(".gemini/settings.json"),
                "{\n  \"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}}\n}\n");
        // Gemini CLI runs hooks only in folders the user trusts (its first-run question, here answered yes).
        Files.writeString(home.resolve(".gemini/trustedFolders.json"), "{\"" + project + "\": \"TRUST_FOLDER\"}");
        install("gemini");
        try (FakeModel model = new FakeModel(); AutoCloseable server = runningServer()) {
            AgentProcess ran = run(List.of(gemini, "-p", PROMPT), project, Map.of("GEMINI_API_KEY", "not-a-key",
                    "GOOGLE_GEMINI_BASE_URL", model.url()), "");
            toldContextAndRecall(model.sent(), ran);
        }
    }

    @Test
    void qwenCodeRunsGraphitisHooksAndItsModelGetsTheContextAndTheRecalledRule() throws Exception {
        String qwen = executable("GRAPHITI_QWEN");
        install("qwen");
        try (FakeModel model = new FakeModel(); AutoCloseable server = runningServer()) {
            AgentProcess ran = run(List.of(qwen, "-p", PROMPT, "--auth-type", "openai"), project, Map.of("OPENAI_API_KEY",
                    "not-a-key", "OPENAI_BASE_URL", model.url() + "/v1", "OPENAI_MODEL", "gpt-4.1"), "");
            toldContextAndRecall(model.sent(), ran);
        }
    }

    @Test
    void copilotCliRunsGraphitisHooksAndItsModelGetsTheContextAndTheRecalledRule() throws Exception {
        String copilot = executable("GRAPHITI_COPILOT");
        install("copilot");
        try (FakeModel model = new FakeModel(); AutoCloseable server = runningServer()) {
            // Copilot CLI's own provider (BYOK) needs no GitHub login.
            AgentProcess ran = run(List.of(copilot, "-p", PROMPT, "--allow-all-tools"), project, Map.of("COPILOT_AUTO_UPDATE",
                    "false", "COPILOT_PROVIDER_BASE_URL", model.url() + "/v1", "COPILOT_PROVIDER_API_KEY", "not-a-key",
                    "COPILOT_MODEL", "gpt-4.1"), "");
            toldContextAndRecall(model.sent(), ran);
        }
    }

    @Test
    void opencodeLoadsGraphitisPluginAndItsModelGetsTheContextAndTheRecalledRule() throws Exception {
        String opencode = executable("GRAPHITI_OPENCODE");
        try (FakeModel model = new FakeModel(); AutoCloseable server = runningServer()) {
            Path config = home.resolve(".config/opencode/opencode.json");
            Files.createDirectories(config.getParent());
            Files.writeString(config, "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"autoupdate\": false,\n"
                    + "  \"provider\": {\"fake\": {\"npm\": \"@ai-sdk/openai-compatible\", \"options\": {\"baseURL\": \""
                    + model.url() + "/v1\", \"apiKey\": \"not-a-key\"}, \"models\": {\"m\": {\"name\": \"m\"}}}},\n"
                    + "  \"model\": \"fake/m\"\n}\n");
            install("opencode");
            AgentProcess ran = run(List.of(opencode, "run", PROMPT), project, Map.of("OPENCODE_DISABLE_MODELS_FETCH", "1",
                    "OPENCODE_DISABLE_AUTOUPDATE", "1"), "");
            toldContextAndRecall(model.sent(), ran);
        }
    }

    /**
     * Cursor runs a user's hooks from ~/.cursor and names the project in CURSOR_PROJECT_DIR; its sessionStart payload
     * (cursor.com/docs/agent/hooks) and its output, {@code additional_context}, the only way a Cursor hook adds context.
     */
    @Test
    void cursorsSessionStartHookPrintsTheContextAsCursorReadsIt() throws Exception {
        install("cursor");
        JsonObject hooks;
        try (var reader = Json.createReader(new StringReader(Files.readString(home.resolve(".cursor/hooks.json"))))) {
            hooks = reader.readObject();
        }
        assertEquals(1, hooks.getInt("version"));
        String command = hooks.getJsonObject("hooks").getJsonArray("sessionStart").getJsonObject(0).getString("command");
        Map<String, String> cursor = new LinkedHashMap<>();
        cursor.put("CURSOR_PROJECT_DIR", project.toString());
        cursor.put("CURSOR_VERSION", "2.0.77");
        AgentProcess ran = run(List.of("sh", "-c", command), home.resolve(".cursor"), cursor, "{\"session_id\":\"c-1\","
                + "\"is_background_agent\":false,\"composer_mode\":\"agent\",\"hook_event_name\":\"sessionStart\","
                + "\"conversation_id\":\"c-1\",\"generation_id\":\"g-1\",\"workspace_roots\":[\"" + project + "\"],"
                + "\"cursor_version\":\"2.0.77\"}");
        assertEquals(0, ran.code(), ran.err());
        JsonObject output;
        try (var reader = Json.createReader(new StringReader(ran.out()))) {
            output = reader.readObject();
        }
        assertTrue(output.getString("additional_context").contains(CONTEXT_HEADER), ran.out());
        assertTrue(output.getString("additional_context").contains(RULE), ran.out());
    }
}
