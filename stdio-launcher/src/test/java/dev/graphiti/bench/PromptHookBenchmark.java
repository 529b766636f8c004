package dev.graphiti.bench;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.toon.TokenCounter;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * scripts/bench-prompt-hook: what graphiti adds to every prompt in Claude Code, the UserPromptSubmit hook
 * (`graphiti recall --prompt`) as a fresh JVM. The same setup as scripts/bench-session-start (a git repository
 * with generated items and its history indexed, `mcp install` into a scratch HOME with its startup archive), plus
 * a few decisions added with `graphiti add`; then the hook exactly as registered, through sh, in the project,
 * with the hook's JSON on stdin, for a prompt about one of those decisions (its output is checked) and for an
 * unrelated prompt (it must print nothing). Prints CPU and wall p50/p95 with the load average; also the plain
 * `java -jar graphiti.jar recall --prompt` without the archive and hook JVM options, and the same command run
 * in a warm JVM (the in-process CLI an MCP server runs tools with): what asking the session's running server
 * would cost instead of a cold process.
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
        Path work = Files.createTempDirectory("graphiti-bench-prompt-hook");
        try {
            run(new SessionStartBenchmark(jar, work), jar, count, runs);
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    private static void run(SessionStartBenchmark bench, Path jar, int count, int runs) throws Exception {
        bench.install(count);
        bench.graphiti("add", "--kind", "decision", "Sessions live in Redis, not in Postgres: logins must survive a"
                + " database failover and Redis expires idle sessions by itself");
        bench.graphiti("add", "--kind", "decision", "Money is stored as integer cents, never as double: rounding lost"
                + " cents in the cart total");
        String hook = bench.hookCommand("UserPromptSubmit");
        String plain = String.join(" ", SessionStartBenchmark.java(), "-jar", jar.toString(), "recall", "--prompt");
        System.out.printf("%,d generated items and 2 decisions in a git repository; %d cold runs per command; %d cores%n",
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
        bench.measure("recall --prompt, a prompt about a stored decision (hook as registered)", hook, about, runs,
                recalled, newPrompt, none);
        bench.measure("recall --prompt, an unrelated prompt (hook as registered)", hook, unrelated, runs, nothing,
                newPrompt, none);
        bench.measure("recall --prompt, about a decision, plain java -jar (no archive, default JVM options)", plain,
                about, runs, recalled, newPrompt, none);
        warm(bench, about, recalled, newPrompt);
    }

    /** The hook's command in this (warm) JVM, as a running server would answer it: 200 runs after 200 unmeasured. */
    private static void warm(SessionStartBenchmark bench, String stdin, SessionStartBenchmark.Check check,
                             SessionStartBenchmark.Step before) throws Exception {
        Map<String, String> variables = new HashMap<>(System.getenv());
        variables.put("HOME", bench.home().toString());
        variables.remove("GRAPHITI_HOME");
        int runs = 200;
        long[] wall = new long[runs];
        try (Cli cli = new Cli(CliEnvironment.embedded(variables), new TokenCounter())) {
            for (int i = -runs; i < runs; i++) {
                before.run();
                StringWriter out = new StringWriter();
                long start = System.nanoTime();
                int code = cli.run(List.of("recall", "--prompt"), bench.project(),
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out),
                        new PrintWriter(new StringWriter()));
                if (i >= 0) {
                    wall[i] = System.nanoTime() - start;
                }
                if (code != 0) {
                    throw new IllegalStateException("recall --prompt exited " + code);
                }
                check.check(out.toString());
            }
        }
        Latencies walls = new Latencies(wall);
        System.out.printf("recall --prompt about a decision in a warm JVM (in-process CLI, as a running server)%n"
                + "  wall p50 %.1f ms, p95 %.1f ms; load %s%n", walls.p50(), walls.percentileMillis(95), Measurement.load());
    }
}
