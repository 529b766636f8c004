package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedding model never loads on the paths that must stay cheap: the SessionStart, UserPromptSubmit, PreToolUse and Stop hooks exactly as
 * `mcp install` registers them (including the detached capture the Stop hook starts), one-shot commands, the
 * MCP server's start up to initialize, and the server answering the prompt, file and session-start hooks over its socket. Every
 * JVM they start logs the classes it loads; none of onnxruntime's or the encoder's may be among them.
 */
class ModelOffHookPathsIT {

    @TempDir
    Path home;

    @TempDir
    Path project;

    @TempDir
    Path logs;

    private int run(List<String> command, String stdin) throws Exception {
        Process process = start(command);
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "process ended");
        return process.exitValue();
    }

    private Process start(List<String> command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("CLAUDE_CONFIG_DIR");
        builder.environment().remove("GRAPHITI_HOME");
        builder.environment().remove("CLAUDE_PROJECT_DIR");
        builder.environment().put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + logs + "/classes-%p.log");
        return builder.start();
    }

    private String hookCommand(String event) throws Exception {
        JsonObject settings = Json.createReader(new StringReader(Files.readString(home.resolve(".claude/settings.json"))))
                .readObject();
        return settings.getJsonObject("hooks").getJsonArray(event).getJsonObject(0).getJsonArray("hooks").getJsonObject(0)
                .getString("command");
    }

    @Test
    void hooksAndOneShotCommandsNeverLoadTheModel() throws Exception {
        assertEquals(0, new ProcessBuilder("git", "init", "-q", project.toString()).start().waitFor());
        assertEquals(0, run(ClaudeUser.graphiti("mcp", "install"), ""));
        assertEquals(0, run(ClaudeUser.graphiti("add", "--kind", "decision", "We deploy with scripts/deploy.sh."), ""));
        assertEquals(0, run(ClaudeUser.graphiti("search", "how do we deploy"), ""));
        assertEquals(0, run(ClaudeUser.graphiti("health"), ""));
        // The MCP server's start to initialize: the model loads later, in the background, when a graph needs it.
        assertEquals(0, run(ClaudeUser.graphiti("mcp", "serve"), "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"));

        Path transcript = project.resolve("t.jsonl");
        Files.writeString(transcript, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"We decided to keep "
                + "retries at three because the upstream rate-limits us.\"},\"uuid\":\"u1\",\"sessionId\":\"s1\"}\n");
        String hook = "{\"session_id\":\"s1\",\"transcript_path\":" + Json.createValue(transcript.toString()) + ",\"cwd\":"
                + Json.createValue(project.toString()) + ",\"hook_event_name\":\"%s\"%s}";
        assertEquals(0, run(List.of("sh", "-c", hookCommand("SessionStart")), hook.formatted("SessionStart", ",\"source\":\"startup\"")));
        assertEquals(0, run(List.of("sh", "-c", hookCommand("UserPromptSubmit")), hook.formatted("UserPromptSubmit",
                ",\"prompt\":\"how do we deploy with the deploy script?\"")));
        assertEquals(0, run(List.of("sh", "-c", hookCommand("Stop")), hook.formatted("Stop", ",\"stop_hook_active\":false")));
        String edit = hook.formatted("PreToolUse", ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":"
                + Json.createValue(project.resolve("scripts/deploy.sh").toString()) + "}");
        assertEquals(0, run(List.of("sh", "-c", hookCommand("PreToolUse")), edit));
        // The session's server answering the prompt hook over its socket: the server's JVM, logged too.
        Process server = start(ClaudeUser.graphiti("mcp", "serve"));
        Path socket = project.resolve(".graphiti/run/prompt.sock");
        for (int i = 0; i < 600 && !Files.exists(socket); i++) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(socket), "the server answers the prompt hook at " + socket);
        assertEquals(0, run(List.of("sh", "-c", hookCommand("UserPromptSubmit")), hook.formatted("UserPromptSubmit",
                ",\"prompt\":\"which script do we deploy with?\"")));
        assertEquals(0, run(List.of("sh", "-c", hookCommand("PreToolUse")), edit.replace("\"s1\"", "\"s2\"")));
        assertEquals(0, run(List.of("sh", "-c", hookCommand("SessionStart")), hook.formatted("SessionStart",
                ",\"source\":\"resume\"")));
        server.getOutputStream().close();
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        // The Stop hook's capture runs detached: give it time to finish its log.
        Thread.sleep(5_000);

        List<Path> files;
        try (Stream<Path> listed = Files.list(logs)) {
            files = listed.toList();
        }
        assertTrue(files.size() >= 10, "a class log per JVM: " + files);
        List<String> offending = new ArrayList<>();
        int graphitiClasses = 0;
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                // The server holds its (idle) background embedding; the model and onnxruntime stay out.
                if (line.contains("ai.onnxruntime") || line.contains("dev.graphiti.embed.E5Encoder")) {
                    offending.add(file.getFileName() + ": " + line);
                }
                if (line.contains("dev.graphiti.cli.")) {
                    graphitiClasses++;
                }
            }
        }
        assertTrue(graphitiClasses > 0, "the logs are graphiti's");
        assertFalse(!offending.isEmpty(), String.join("\n", offending.subList(0, Math.min(10, offending.size()))));
    }
}
