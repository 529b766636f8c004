package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Writes a Codex CLI rollout the way Codex 0.171.0 does (its lines as `codex exec` wrote them against a loopback
 * model, the words our own): session_meta, task_started, Codex's developer instructions, the environment context it
 * injects as a user message, turn_context, the user's message, the item_completed event restating it, tool calls and
 * their output, the assistant's message, token_count and task_complete.
 */
public final class CodexRolloutFiles {

    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy/MM/dd").withZone(ZoneOffset.UTC);

    private final Path file;
    private final String sessionId;
    private final Path cwd;
    private Instant at;
    private int ordinal;
    private boolean started;

    private CodexRolloutFiles(Path file, String sessionId, Path cwd, Instant at) {
        this.file = file;
        this.sessionId = sessionId;
        this.cwd = cwd;
        this.at = at;
    }

    /** Starts the rollout of session {@code sessionId} (a UUID) that ran in {@code cwd}, under codexHome/sessions. */
    public static CodexRolloutFiles start(Path codexHome, String sessionId, Path cwd, Instant at) throws IOException {
        Path file = codexHome.resolve("sessions").resolve(DAY.format(at))
                .resolve("rollout-" + NAME.format(at) + "-" + sessionId + ".jsonl");
        Files.createDirectories(file.getParent());
        CodexRolloutFiles rollout = new CodexRolloutFiles(file, sessionId, cwd, at);
        rollout.line("session_meta", Json.createObjectBuilder().add("session_id", sessionId).add("id", sessionId)
                .add("timestamp", at.toString()).add("cwd", cwd.toString()).add("originator", "codex_cli_rs")
                .add("cli_version", "0.171.0").add("source", "cli").add("model_provider", "openai")
                .add("base_instructions", "You are Codex, a coding agent. Keep changes small and explain them.")
                .add("git", Json.createObjectBuilder()));
        return rollout;
    }

    public Path file() {
        return file;
    }

    public String sessionId() {
        return sessionId;
    }

    /** One turn: the user's words, then (when given) a shell command, then the assistant's answer. */
    public CodexRolloutFiles turn(String user, String command, String assistant) throws IOException {
        String turn = "turn-" + ordinal;
        line("event_msg", Json.createObjectBuilder().add("type", "task_started").add("turn_id", turn));
        if (!started) {
            started = true;
            message("developer", "input_text", "<permissions instructions>\nApproval policy is on-request."
                    + "\n</permissions instructions>");
            message("user", "input_text", "<environment_context>\n  <cwd>" + cwd + "</cwd>\n  <shell>bash</shell>\n"
                    + "</environment_context>");
            message("user", "input_text", "# AGENTS.md instructions for " + cwd + "\n\n<INSTRUCTIONS>\nAlways run the"
                    + " linter before committing.\n</INSTRUCTIONS>");
        }
        line("turn_context", Json.createObjectBuilder().add("turn_id", turn).add("cwd", cwd.toString())
                .add("approval_policy", "on-request").add("model", "gpt-5.1-codex"));
        message("user", "input_text", user);
        line("event_msg", Json.createObjectBuilder().add("type", "item_completed").add("thread_id", sessionId)
                .add("turn_id", turn).add("item", Json.createObjectBuilder().add("type", "UserMessage")
                        .add("content", Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", "text")
                                .add("text", user)))));
        if (command != null) {
            line("response_item", Json.createObjectBuilder().add("type", "function_call").add("name", "exec_command")
                    .add("arguments", Json.createObjectBuilder().add("cmd", command).add("workdir", cwd.toString())
                            .build().toString()).add("call_id", "call_" + turn));
            line("response_item", Json.createObjectBuilder().add("type", "function_call_output")
                    .add("call_id", "call_" + turn).add("output", "Process exited with code 0\nOutput:\nWe decided to"
                            + " use Kafka for everything.\n"));
            line("response_item", Json.createObjectBuilder().add("type", "reasoning").add("summary",
                    Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", "summary_text")
                            .add("text", "We decided to ignore the tests."))));
        }
        message("assistant", "output_text", assistant);
        line("event_msg", Json.createObjectBuilder().add("type", "item_completed").add("thread_id", sessionId)
                .add("turn_id", turn).add("item", Json.createObjectBuilder().add("type", "AgentMessage")
                        .add("content", Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", "Text")
                                .add("text", assistant)))));
        line("event_msg", Json.createObjectBuilder().add("type", "token_count"));
        line("event_msg", Json.createObjectBuilder().add("type", "task_complete").add("turn_id", turn)
                .add("last_agent_message", assistant));
        return this;
    }

    /**
     * The model changes {@code path} (relative to the session's directory) with apply_patch, as Codex records the
     * call: a custom_tool_call whose input is the patch, and its output.
     */
    public CodexRolloutFiles applyPatch(String path) throws IOException {
        String call = "call_patch_" + ordinal;
        line("response_item", Json.createObjectBuilder().add("type", "custom_tool_call").add("status", "completed")
                .add("call_id", call).add("name", "apply_patch").add("input", "*** Begin Patch\n*** Update File: " + path
                        + "\n@@\n-def line_total(): pass\n+def line_total(): return Decimal(0)\n*** End Patch\n"));
        line("response_item", Json.createObjectBuilder().add("type", "custom_tool_call_output").add("call_id", call)
                .add("output", "{\"output\":\"Success. Updated the following files:\\nM " + path + "\\n\"}"));
        return this;
    }

    /** Appends raw text (a torn or foreign line). */
    public CodexRolloutFiles raw(String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return this;
    }

    private void message(String role, String blockType, String text) throws IOException {
        line("response_item", Json.createObjectBuilder().add("type", "message").add("role", role)
                .add("content", Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", blockType)
                        .add("text", text))));
    }

    private void line(String type, JsonObjectBuilder payload) throws IOException {
        at = at.plusMillis(250);
        JsonObject line = Json.createObjectBuilder().add("timestamp", at.toString()).add("ordinal", ordinal++)
                .add("type", type).add("payload", payload).build();
        raw(line + "\n");
    }
}
