package dev.graphiti.bench;

import dev.graphiti.toon.TokenCounter;
import dev.graphiti.tools.bench.GraphGenerator;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * scripts/bench-session-start: what every Claude Code session pays for graphiti's hooks, each a fresh JVM.
 * Installs graphiti with `mcp install` into a scratch HOME (training its startup archive, as a user's install
 * does), in a real git repository with a generated graph and its history indexed, then runs the hook
 * commands exactly as registered in ~/.claude/settings.json, through sh, in the project, with the hook's
 * JSON on stdin: SessionStart (`context`) and Stop (`capture --async`, whose detached capture is awaited
 * between runs so it does not weigh on the next). Prints CPU (user+sys of the hook's process tree, from
 * bash's `times`) and wall, p50 and p95, with the load average next to them; also the plain
 * `java -jar graphiti.jar` command without the archive, for comparison.
 */
public final class SessionStartBenchmark {

    private static final Pattern TIMES = Pattern.compile("(\\d+)m([\\d.]+)s\\s+(\\d+)m([\\d.]+)s");
    private static final String SESSION = "5d0c7e2a-9b1f-4c3d-8e6a-2f4b1c9d7e05";

    private final Path jar;
    private final Path project;
    private final Path home;
    private final Path scratch;

    SessionStartBenchmark(Path jar, Path work) throws IOException {
        this.jar = jar;
        this.project = Files.createDirectories(work.resolve("project"));
        this.home = Files.createDirectories(work.resolve("home"));
        this.scratch = Files.createDirectories(work.resolve("runs"));
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Path jar = Path.of(args.length > 2 ? args[2] : "stdio-launcher/target/graphiti.jar").toAbsolutePath();
        Path work = Files.createTempDirectory("graphiti-bench-session-start");
        try {
            new SessionStartBenchmark(jar, work).run(count, runs);
        } finally {
            // The generated project, HOME and archive are the benchmark's own: leave nothing in the temp directory.
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    /** A git repository holding {@code count} generated items, its history indexed, graphiti installed in HOME. */
    void install(int count) throws Exception {
        ContextBenchmark.repository(project);
        new GraphGenerator().generate(project.resolve(".graphiti").resolve("graph.db"), count);
        graphiti("index");
        graphiti("mcp", "install");
    }

    Path home() {
        return home;
    }

    Path project() {
        return project;
    }

    private void run(int count, int runs) throws Exception {
        install(count);
        Path transcript = home.resolve(".claude").resolve("projects").resolve("bench").resolve(SESSION + ".jsonl");
        String context = hookCommand("SessionStart");
        String capture = hookCommand("Stop");
        String plain = String.join(" ", java(), "-jar", jar.toString());
        System.out.printf("%,d items in a git repository, history indexed; %d cold runs per command; %d cores%n",
                count, runs, Runtime.getRuntime().availableProcessors());
        System.out.printf("SessionStart hook as registered: %s%n%n", context);

        String start = hookJson("SessionStart", transcript, ",\"source\":\"startup\"");
        String stop = hookJson("Stop", transcript, ",\"stop_hook_active\":false");
        TokenCounter counter = new TokenCounter();
        Step none = () -> { };
        // Each measured start is a new session's: the hook prints the context once per session start.
        Path claims = home.resolve(".graphiti").resolve("hooks").resolve("session-start");
        Step newSession = () -> {
            if (Files.isDirectory(claims)) {
                try (Stream<Path> files = Files.list(claims)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        Files.delete(file);
                    }
                }
            }
        };
        measure("context (SessionStart hook, as registered)", context, start, runs, out -> checkContext(out, counter),
                newSession, none);
        measure("context, plain java -jar (no startup archive)", plain + " context", start, runs,
                out -> checkContext(out, counter), none, none);
        var captures = new Captures(transcript, home.resolve(".graphiti").resolve("logs").resolve("capture.log"));
        measure("capture --async (Stop hook, as registered; the hook's own process)", capture, stop, runs, out -> { },
                captures::next, captures::await);
        measure("capture --async, plain java -jar (no startup archive)", plain + " capture --async", stop, runs,
                out -> { }, captures::next, captures::await);
    }

    @FunctionalInterface
    interface Check {
        void check(String stdout) throws Exception;
    }

    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    /** Runs {@code command} cold {@code runs} times (after one unmeasured run) and prints its CPU and wall. */
    void measure(String label, String command, String stdin, int runs, Check check, Step before, Step after)
            throws Exception {
        measure(label, command, stdin, runs, check, before, after, () -> 0);
    }

    /**
     * As above, adding to each run's CPU what {@code otherCpuNanos} (a process the hook asks, e.g. the session's
     * server) spent meanwhile.
     */
    void measure(String label, String command, String stdin, int runs, Check check, Step before, Step after,
                 LongSupplier otherCpuNanos) throws Exception {
        long[] cpu = new long[runs];
        long[] wall = new long[runs];
        String loadBefore = Measurement.load();
        for (int i = -1; i < runs; i++) {
            before.run();
            long other = otherCpuNanos.getAsLong();
            Ran ran = hook(command, stdin);
            other = otherCpuNanos.getAsLong() - other;
            check.check(ran.out());
            if (i >= 0) {
                cpu[i] = ran.cpuNanos() + other;
                wall[i] = ran.wallNanos();
            }
        }
        after.run();
        Latencies cpus = new Latencies(cpu);
        Latencies walls = new Latencies(wall);
        System.out.printf("%s%n  CPU p50 %.0f ms, p95 %.0f ms; wall p50 %.0f ms, p95 %.0f ms; load %s -> %s%n", label,
                cpus.p50(), cpus.percentileMillis(95), walls.p50(), walls.percentileMillis(95), loadBefore,
                Measurement.load());
    }

    private record Ran(String out, long cpuNanos, long wallNanos) {
    }

    /** One hook run as Claude Code starts it (sh -c, in the project, JSON on stdin), timed by bash. */
    private Ran hook(String command, String stdin) throws Exception {
        Path in = scratch.resolve("stdin.json");
        Path out = scratch.resolve("stdout");
        Path err = scratch.resolve("stderr");
        Path times = scratch.resolve("times");
        Files.writeString(in, stdin);
        var builder = new ProcessBuilder("bash", "-c",
                "sh -c \"$1\" < \"$2\" > \"$3\" 2> \"$4\"; code=$?; times > \"$5\"; exit $code",
                "hook", command, in.toString(), out.toString(), err.toString(), times.toString())
                .directory(project.toFile()).redirectErrorStream(true);
        environment(builder.environment());
        long start = System.nanoTime();
        Process process = builder.start();
        process.getOutputStream().close();
        process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("hook failed (" + command + "): " + Files.readString(err));
        }
        long wall = System.nanoTime() - start;
        // times prints the shell's own user/sys, then its children's: the hook's processes.
        List<String> lines = Files.readAllLines(times);
        Matcher children = TIMES.matcher(lines.get(1));
        if (!children.find()) {
            throw new IllegalStateException("cannot read bash's times: " + lines);
        }
        long cpu = seconds(children.group(1), children.group(2)) + seconds(children.group(3), children.group(4));
        return new Ran(Files.readString(out), cpu, wall);
    }

    private static long seconds(String minutes, String seconds) {
        return (long) ((Long.parseLong(minutes) * 60 + Double.parseDouble(seconds)) * 1e9);
    }

    /** The context must be there and within its budget as o200k (times the safety factor) counts it. */
    private static void checkContext(String out, TokenCounter counter) {
        int tokens = counter.count(out).claude();
        if (out.isBlank() || tokens > 8192) {
            throw new IllegalStateException("context of " + tokens + " tokens (budget 8192): " + out);
        }
    }

    /** The transcript the Stop hooks capture, and the log their detached captures append a line to. */
    private static final class Captures {
        private final Path transcript;
        private final Path log;
        private int started;

        Captures(Path transcript, Path log) throws IOException {
            this.transcript = transcript;
            this.log = log;
            Files.createDirectories(transcript.getParent());
            Files.writeString(transcript, "");
            for (int turn = 0; turn < 200; turn++) {
                appendTurn(transcript, turn);
            }
        }

        /** Waits for the previous run's capture, then adds a turn for the next Stop hook to capture. */
        void next() throws Exception {
            await();
            appendTurn(transcript, 200 + started++);
        }

        /** Waits until every started capture has logged its line, so none runs during a measured hook. */
        void await() throws Exception {
            long lines = 0;
            for (int i = 0; i < 600; i++) {
                lines = Files.isRegularFile(log) ? Files.readAllLines(log).size() : 0;
                if (lines >= started) {
                    return;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
            throw new IllegalStateException("the background capture logged " + lines + " of " + started + " runs");
        }
    }

    private static void appendTurn(Path transcript, int turn) throws IOException {
        String user = "Turn " + turn + ": the cache in src/main/java/dev/app/cache/CacheIndex.java serves stale"
                + " entries after a schema change; can we fix the eviction order?";
        String assistant = "We decided to evict by schema version first, because stale entries outlived migrations"
                + " (turn " + turn + "). Root cause: CacheIndex.evict() compared timestamps only. I will always"
                + " run the migration tests before touching the cache.";
        Files.writeString(transcript, line("user", "\"" + user + "\"") + line("assistant",
                "[{\"type\":\"text\",\"text\":\"" + assistant + "\"}]"), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    private static String line(String role, String content) {
        return "{\"parentUuid\":null,\"isSidechain\":false,\"type\":\"" + role + "\",\"sessionId\":\"" + SESSION
                + "\",\"message\":{\"role\":\"" + role + "\",\"content\":" + content
                + "},\"uuid\":\"x\",\"timestamp\":\"2026-11-22T11:00:00.000Z\"}\n";
    }

    String hookJson(String event, Path transcript, String extra) {
        return "{\"session_id\":\"" + SESSION + "\",\"transcript_path\":" + Json.createValue(transcript.toString())
                + ",\"cwd\":" + Json.createValue(project.toString()) + ",\"permission_mode\":\"default\","
                + "\"hook_event_name\":\"" + event + "\"" + extra + "}";
    }

    /** The command of graphiti's hook for an event, as `mcp install` wrote it into ~/.claude/settings.json. */
    String hookCommand(String event) throws IOException {
        JsonObject settings = Json.createReader(new StringReader(
                Files.readString(home.resolve(".claude").resolve("settings.json")))).readObject();
        return settings.getJsonObject("hooks").getJsonArray(event).getJsonObject(0).getJsonArray("hooks")
                .getJsonObject(0).getString("command");
    }

    /** Starts {@code command} in the project as this benchmark's user, its stdin left open (a server's). */
    Process start(List<String> command) throws IOException {
        var builder = new ProcessBuilder(command).directory(project.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        environment(builder.environment());
        return builder.start();
    }

    String graphiti(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar.toString()));
        command.addAll(Arrays.asList(args));
        var builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
        environment(builder.environment());
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IllegalStateException("graphiti " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    private void environment(Map<String, String> environment) {
        environment.put("HOME", home.toString());
        environment.remove("GRAPHITI_HOME");
        environment.remove("CLAUDE_CONFIG_DIR");
        environment.remove("GRAPHITI_PROJECT_ROOT");
        environment.remove("JAVA_TOOL_OPTIONS");
        environment.remove("CLAUDE_PROJECT_DIR");
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
