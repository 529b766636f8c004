package dev.graphiti.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * scripts/bench-hooks: the PreToolUse hook (the items anchored to a file about to be read or edited) and the
 * SessionStart hook, as `mcp install` registers them, with and without the session's server running. The setup of
 * scripts/bench-session-start (a git repository with generated items, history indexed, `mcp install` into a scratch
 * HOME with its startup archive) plus a decision naming src/shop/SessionStore.java; then each hook through sh, in the
 * project, its JSON on stdin: an Edit of that file (the decision must come back) and of a file nothing names (nothing
 * may), and a session start (the brief must come back), first cold (the hook starts a JVM), then with the server
 * running (the hook asks it over its socket; the server's CPU is added to the hook's). Prints CPU and wall p50/p95
 * with the load average. A jar from before the PreToolUse hook has none: its rows say so.
 */
public final class HooksBenchmark {

    static final String DECISION = "SessionStore.java keeps sessions in Redis with a 30 minute TTL; Postgres was"
            + " rejected for session storage because of write amplification.";

    private HooksBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path jar = Path.of(args.length > 2 ? args[2] : "stdio-launcher/target/graphiti.jar").toAbsolutePath();
        PromptHookBenchmark.inScratch("graphiti-bench-hooks", jar, bench -> run(bench, jar, count, runs));
    }

    private static void run(SessionStartBenchmark bench, Path jar, int count, int runs) throws Exception {
        bench.install(count);
        bench.graphiti("add", "--kind", "decision", DECISION);
        String file = hookCommand(bench, "PreToolUse");
        String start = bench.hookCommand("SessionStart");
        System.out.printf("%s; %,d generated items and a decision naming src/shop/SessionStore.java; %d runs per"
                + " command; %d cores%n", jar, count, runs, Runtime.getRuntime().availableProcessors());
        Path transcript = bench.home().resolve("transcript.jsonl");
        String anchored = edit(bench, transcript, "src/shop/SessionStore.java");
        String unanchored = edit(bench, transcript, "src/shop/Cart.java");
        String started = bench.hookJson("SessionStart", transcript, ",\"source\":\"startup\"");
        Path hooks = bench.home().resolve(".graphiti").resolve("hooks");
        // Each measured run is a new session's: an item is told once a session, the brief once a session start.
        SessionStartBenchmark.Step newSession = () -> {
            forget(hooks.resolve("told"));
            forget(hooks.resolve("session-start"));
        };
        SessionStartBenchmark.Step none = () -> { };
        SessionStartBenchmark.Check told = out -> {
            if (!out.contains("write amplification")) {
                throw new IllegalStateException("the anchored decision was not told: " + out);
            }
        };
        SessionStartBenchmark.Check nothing = out -> {
            if (!out.isEmpty()) {
                throw new IllegalStateException("a file nothing names got: " + out);
            }
        };
        SessionStartBenchmark.Check brief = out -> {
            if (!out.contains("# graphiti: what is known")) {
                throw new IllegalStateException("no brief: " + out);
            }
        };
        measureAll(bench, file, start, anchored, unanchored, started, runs, told, nothing, brief, newSession, none,
                "no server: the hook starts a JVM", () -> 0);
        Process server = PromptHookBenchmark.serve(bench);
        try {
            measureAll(bench, file, start, anchored, unanchored, started, runs, told, nothing, brief, newSession, none,
                    "the session's server running (hook + server CPU)",
                    () -> server.toHandle().info().totalCpuDuration().orElseThrow().toNanos());
        } finally {
            server.getOutputStream().close();
            server.waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static void measureAll(SessionStartBenchmark bench, String file, String start, String anchored,
                                   String unanchored, String started, int runs, SessionStartBenchmark.Check told,
                                   SessionStartBenchmark.Check nothing, SessionStartBenchmark.Check brief,
                                   SessionStartBenchmark.Step newSession, SessionStartBenchmark.Step none, String how,
                                   LongSupplier serverCpu) throws Exception {
        if (file == null) {
            System.out.println("PreToolUse: not registered by this jar");
        } else {
            bench.measure("PreToolUse, Edit of an anchored file, " + how, file, anchored, runs, told, newSession, none,
                    serverCpu);
            bench.measure("PreToolUse, Edit of a file nothing names, " + how, file, unanchored, runs, nothing,
                    newSession, none, serverCpu);
        }
        bench.measure("SessionStart, " + how, start, started, runs, brief, newSession, none, serverCpu);
    }

    private static String edit(SessionStartBenchmark bench, Path transcript, String file) {
        return bench.hookJson("PreToolUse", transcript, ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":"
                + jakarta.json.Json.createValue(bench.project().resolve(file).toString())
                + ",\"old_string\":\"a\",\"new_string\":\"b\"},\"tool_use_id\":\"toolu_01\"");
    }

    private static String hookCommand(SessionStartBenchmark bench, String event) throws IOException {
        try {
            return bench.hookCommand(event);
        } catch (NullPointerException notRegistered) {
            return null;
        }
    }

    private static void forget(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.delete(file);
            }
        } catch (NoSuchFileException none) {
            // nothing told yet
        }
    }
}
