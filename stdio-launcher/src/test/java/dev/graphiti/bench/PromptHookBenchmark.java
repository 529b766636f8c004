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
 * scripts/bench-prompt-hook: what graphiti adds to every prompt in Claude Code, the UserPromptSubmit hook. The same
 * setup as scripts/bench-session-start (a git repository with generated items and its history indexed, `mcp install`
 * into a scratch HOME with its startup archive), plus a few decisions added with `graphiti add`; then the hook
 * exactly as registered, through sh, in the project, with the hook's JSON on stdin, for a prompt about one of those
 * decisions (its output is checked) and for an unrelated prompt (it must print nothing): first with no server (the
 * hook starts a JVM), then with the session's MCP server running as registered (the hook asks it over its socket;
 * the server's CPU is added to the hook's), back to back. Prints CPU and wall p50/p95 with the load average; also
 * the plain `java -jar graphiti.jar recall --prompt`, without the archive and the hook JVM options, and the plugin's
 * launcher with no server (with the archive its first run makes).
 */
public final class PromptHookBenchmark {

    static final String ABOUT_A_DECISION = "Should we move the user sessions out of Redis into Postgres?";
    static final String UNRELATED = "fix the typo in the README heading";

    private PromptHookBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path jar = Path.of(args.length > 2 ? args[2] : "stdio-launcher/target/graphiti.jar").toAbsolutePath();
        inScratch("graphiti-bench-prompt-hook", jar, bench -> run(bench, jar, count, runs));
    }

    /** What a benchmark does with a {@link SessionStartBenchmark} in a scratch directory. */
    @FunctionalInterface
    interface Body {
        void run(SessionStartBenchmark bench) throws Exception;
    }

    /** Runs {@code body} in a scratch directory named after {@code prefix}, removed afterwards. */
    static void inScratch(String prefix, Path jar, Body body) throws Exception {
        Path work = Files.createTempDirectory(prefix);
        try {
            body.run(new SessionStartBenchmark(jar, work));
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    /** The session's MCP server as registered, once it listens on the project's socket. */
    static Process serve(SessionStartBenchmark bench) throws Exception {
        Process server = bench.start(serverCommand(bench.home()));
        Path socket = bench.project().resolve(".graphiti/run/prompt.sock");
        for (int i = 0; i < 1200 && !Files.exists(socket); i++) {
            Thread.sleep(50);
        }
        if (!Files.exists(socket)) {
            throw new IllegalStateException("the server did not open " + socket);
        }
        return server;
    }

    private static void run(SessionStartBenchmark bench, Path jar, int count, int runs) throws Exception {
        bench.install(count);
        bench.graphiti("add", "--kind", "decision", "Sessions live in Redis, not in Postgres: logins must survive a"
                + " database failover and Redis expires idle sessions by itself");
        bench.graphiti("add", "--kind", "decision", "Money is stored as integer cents, never as double: rounding lost"
                + " cents in the cart total");
        String hook = bench.hookCommand("UserPromptSubmit");
        String plain = String.join(" ", SessionStartBenchmark.java(), "-jar", jar.toString(), "recall", "--prompt");
        System.out.printf("%,d generated items and 2 decisions in a git repository; %d runs per command; %d cores%n",
                count, runs, Runtime.getRuntime().availableProcessors());
        System.out.printf("UserPromptSubmit hook as registered: %s%n%n", hook);

        Path transcript = bench.home().resolve("transcript.jsonl");
        String about = bench.hookJson("UserPromptSubmit", transcript, ",\"prompt\":\"" + ABOUT_A_DECISION + "\"");
        String unrelated = bench.hookJson("UserPromptSubmit", transcript, ",\"prompt\":\"" + UNRELATED + "\"");
        // The same prompt of the same session is recalled once (two installs, one injection): forget the claims.
        Path claims = bench.home().resolve(".graphiti").resolve("hooks").resolve("prompt");
        SessionStartBenchmark.Step newPrompt = () -> {
            if (Files.isDirectory(claims)) {
                try (Stream<Path> files = Files.list(claims)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        Files.delete(file);
                    }
                }
            }
        };
        SessionStartBenchmark.Check recalled = out -> {
            if (!out.contains("logins must survive a database failover")) {
                throw new IllegalStateException("the decision was not recalled: " + out);
            }
        };
        SessionStartBenchmark.Check nothing = out -> {
            if (!out.isEmpty()) {
                throw new IllegalStateException("an unrelated prompt got: " + out);
            }
        };
        SessionStartBenchmark.Step none = () -> { };
        bench.measure("about a stored decision, no server: the hook starts a JVM (as registered)", hook, about, runs,
                recalled, newPrompt, none);
        bench.measure("unrelated prompt, no server: the hook starts a JVM (as registered)", hook, unrelated, runs,
                nothing, newPrompt, none);

        Process server = serve(bench);
        try {
            LongSupplier serverCpu = () -> server.toHandle().info().totalCpuDuration().orElseThrow().toNanos();
            bench.measure("about a stored decision, the session's server running (hook + server CPU)", hook, about,
                    runs, recalled, newPrompt, none, serverCpu);
            bench.measure("unrelated prompt, the session's server running (hook + server CPU)", hook, unrelated, runs,
                    nothing, newPrompt, none, serverCpu);
        } finally {
            server.getOutputStream().close();
            server.waitFor(60, TimeUnit.SECONDS);
        }
        bench.measure("about a stored decision, plain java -jar (no archive, default JVM options)", plain, about,
                runs, recalled, newPrompt, none);
        // The plugin's launcher, cold (no server; it ignores the install, which it would step aside for): its first
        // run, unmeasured, writes the hook's startup archive, which the measured runs map.
        Path launcher = Path.of("plugins", "graphiti", "bin", "graphiti").toAbsolutePath();
        String plugin = "GRAPHITI_PLUGIN_IGNORE_INSTALL=1 GRAPHITI_PROMPT_ASKED=1 GRAPHITI_JAR='" + jar + "' '" + launcher
                + "' recall --prompt";
        bench.measure("about a stored decision, the plugin's hook with no server (its archive made by the first run)",
                plugin, about, runs, recalled, newPrompt, none);
    }

    /** The MCP server's command line as `mcp install` registered it in ~/.claude.json (in its entry's environment). */
    static List<String> serverCommand(Path home) throws Exception {
        JsonObject entry = Json.createReader(new StringReader(Files.readString(home.resolve(".claude.json"))))
                .readObject().getJsonObject("mcpServers").getJsonObject("graphiti");
        return List.of("sh", "-c", "exec " + entry.getJsonObject("env").getString("GRAPHITI_COMMAND") + " mcp serve");
    }
}
