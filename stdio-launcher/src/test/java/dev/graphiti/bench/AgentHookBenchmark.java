package dev.graphiti.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.File;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * scripts/bench-agent-hooks: the session-start and prompt hooks `mcp install --client` gives Gemini CLI, Qwen Code,
 * Copilot CLI and Cursor, each run exactly as registered in that agent's file (through sh, in the project, with that
 * agent's own payload on stdin), with the session's MCP server running as registered (the prompt hook asks it over
 * its socket; the server's CPU is added to the hook's; the session-start hook starts its JVM). The same setup as
 * scripts/bench-prompt-hook (generated items, history indexed, the startup archive). opencode's plugin runs the very
 * commands Claude Code's hooks run, so Claude Code's figures (scripts/bench-prompt-hook, bench-session-start) are its.
 */
public final class AgentHookBenchmark {

    private AgentHookBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path jar = Path.of(args.length > 2 ? args[2] : "stdio-launcher/target/graphiti.jar").toAbsolutePath();
        Path work = Files.createTempDirectory("graphiti-bench-agent-hooks");
        try {
            run(new SessionStartBenchmark(jar, work), count, runs);
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    /** One agent's two hooks as its file holds them, and the payloads it sends them. */
    private record Agent(String name, String sessionStart, String startPayload, String prompt, String promptPayload) {
    }

    private static void run(SessionStartBenchmark bench, int count, int runs) throws Exception {
        bench.install(count);
        bench.graphiti("mcp", "install", "--client", "gemini,qwen,copilot,cursor");
        bench.graphiti("add", "--kind", "decision", "Sessions live in Redis, not in Postgres: logins must survive a"
                + " database failover and Redis expires idle sessions by itself");
        Path home = bench.home();
        String cwd = Json.createValue(bench.project().toString()).toString();
        String prompt = Json.createValue(PromptHookBenchmark.ABOUT_A_DECISION).toString();
        String session = "\"session_id\":\"5d0c7e2a-9b1f-4c3d-8e6a-2f4b1c9d7e05\",";
        String geminiBase = "{" + session + "\"transcript_path\":\"/tmp/chat.jsonl\",\"cwd\":" + cwd
                + ",\"timestamp\":\"2026-11-28T22:14:57.471Z\",";
        String qwenBase = geminiBase + "\"permission_mode\":\"default\",";
        String copilotBase = "{" + session + "\"timestamp\":\"2026-11-28T22:14:35.646Z\",\"cwd\":" + cwd + ",";
        List<Agent> agents = List.of(
                new Agent("Gemini CLI", grouped(home.resolve(".gemini/settings.json"), "SessionStart"),
                        geminiBase + "\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}",
                        grouped(home.resolve(".gemini/settings.json"), "BeforeAgent"),
                        geminiBase + "\"hook_event_name\":\"BeforeAgent\",\"prompt\":" + prompt + "}"),
                new Agent("Qwen Code", grouped(home.resolve(".qwen/settings.json"), "SessionStart"),
                        qwenBase + "\"hook_event_name\":\"SessionStart\",\"source\":\"startup\",\"model\":\"qwen3\"}",
                        grouped(home.resolve(".qwen/settings.json"), "UserPromptSubmit"),
                        qwenBase + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":" + prompt + "}"),
                new Agent("Copilot CLI", flat(home.resolve(".copilot/hooks/graphiti.json"), "SessionStart"),
                        copilotBase + "\"hook_event_name\":\"SessionStart\",\"source\":\"new\"}",
                        flat(home.resolve(".copilot/hooks/graphiti.json"), "UserPromptSubmit"),
                        copilotBase + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":" + prompt + "}"),
                new Agent("Cursor", flat(home.resolve(".cursor/hooks.json"), "sessionStart"),
                        "{" + session + "\"is_background_agent\":false,\"composer_mode\":\"agent\","
                                + "\"hook_event_name\":\"sessionStart\",\"workspace_roots\":[" + cwd + "]}", null, null));
        System.out.printf("%,d generated items and a decision in a git repository; %d runs per hook; %d cores%n%n",
                count, runs, Runtime.getRuntime().availableProcessors());

        SessionStartBenchmark.Step forget = () -> {
            for (String kind : List.of("session-start", "prompt")) {
                Path claims = home.resolve(".graphiti").resolve("hooks").resolve(kind);
                if (Files.isDirectory(claims)) {
                    try (Stream<Path> files = Files.list(claims)) {
                        for (Path file : (Iterable<Path>) files::iterator) {
                            Files.delete(file);
                        }
                    }
                }
            }
        };
        SessionStartBenchmark.Check recalled = out -> {
            if (!out.contains("logins must survive a database failover")) {
                throw new IllegalStateException("the decision was not recalled: " + out);
            }
        };
        SessionStartBenchmark.Check context = out -> {
            if (!out.contains("graphiti: what is known about")) {
                throw new IllegalStateException("no context: " + out);
            }
        };
        SessionStartBenchmark.Step none = () -> { };
        Process server = bench.start(PromptHookBenchmark.serverCommand(home));
        try {
            Path socket = bench.project().resolve(".graphiti/run/prompt.sock");
            for (int i = 0; i < 1200 && !Files.exists(socket); i++) {
                Thread.sleep(50);
            }
            if (!Files.exists(socket)) {
                throw new IllegalStateException("the server did not open " + socket);
            }
            LongSupplier serverCpu = () -> server.toHandle().info().totalCpuDuration().orElseThrow().toNanos();
            for (Agent agent : agents) {
                bench.measure(agent.name() + ": session-start hook (as registered; it starts a JVM)", agent.sessionStart(),
                        agent.startPayload(), runs, context, forget, none);
                if (agent.prompt() != null) {
                    bench.measure(agent.name() + ": prompt hook, the session's server running (hook + server CPU)",
                            agent.prompt(), agent.promptPayload(), runs, recalled, forget, none, serverCpu);
                }
            }
        } finally {
            server.getOutputStream().close();
            server.waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static JsonObject read(Path file) throws Exception {
        try (var reader = Json.createReader(new StringReader(Files.readString(file)))) {
            return reader.readObject();
        }
    }

    /** graphiti's hook (the last) of {@code event} in a file of Claude Code's nested shape (Gemini CLI, Qwen Code). */
    private static String grouped(Path file, String event) throws Exception {
        var groups = read(file).getJsonObject("hooks").getJsonArray(event);
        return groups.getJsonObject(groups.size() - 1).getJsonArray("hooks").getJsonObject(0).getString("command");
    }

    /** graphiti's hook of {@code event} in a flat hooks file (Copilot CLI's `bash`, Cursor's `command`). */
    private static String flat(Path file, String event) throws Exception {
        var hooks = read(file).getJsonObject("hooks").getJsonArray(event);
        JsonObject hook = hooks.getJsonObject(hooks.size() - 1);
        return hook.containsKey("bash") ? hook.getString("bash") : hook.getString("command");
    }
}
