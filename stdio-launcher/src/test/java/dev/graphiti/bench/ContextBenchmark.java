package dev.graphiti.bench;

import static dev.graphiti.tools.ProjectFixture.git;

import com.sun.management.OperatingSystemMXBean;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.graph.ContextAssembler;
import dev.graphiti.graph.ContextSignals;
import dev.graphiti.graph.Scope;
import dev.graphiti.store.sqlite.SqliteStore;
import dev.graphiti.tools.CliCall;
import dev.graphiti.tools.ContextResource;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.RunnerLimits;
import dev.graphiti.tools.ToolSettings;
import dev.graphiti.tools.bench.GraphGenerator;
import dev.graphiti.toon.TokenCounter;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * scripts/bench-context: the graphiti://context read at 10,000 items, three ways, each with wall p50/p95,
 * CPU per read and the load average next to it (the machine may be shared):
 * (1) resources/read over stdio from a warm `graphiti mcp serve` (the launcher jar, a child process; the
 * path Claude Code takes), (2) the resource in this JVM (in-process CLI: parse, SQLite, git, assembly,
 * JSON), (3) the assembler alone on an open repository with fixed signals.
 * The project is a real git repository with commits touching the files the generated items talk about, a
 * modified and an untracked file, and its history indexed (the steady state of a session).
 */
public final class ContextBenchmark {

    private static final double TARGET_P95_MS = 20;

    private ContextBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int reads = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        Path jar = Path.of(args.length > 2 ? args[2] : "stdio-launcher/target/graphiti.jar").toAbsolutePath();
        Path work = Files.createTempDirectory("graphiti-bench-context");
        Path project = Files.createDirectories(work.resolve("project"));
        Path home = Files.createDirectories(work.resolve("home"));
        List<String> inPlay = repository(project);

        long start = System.nanoTime();
        new GraphGenerator().generate(project.resolve(".graphiti").resolve("graph.db"), count);
        System.out.printf("generated %,d items in %.1f s (%s); %d reads per measurement, target p95 <= %.0f ms%n%n",
                count, (System.nanoTime() - start) / 1e9, project, reads, TARGET_P95_MS);

        Map<String, String> env = Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString());
        var settings = new ToolSettings(List.of(), new RunnerLimits(Duration.ofMinutes(5), 64 << 20), 4096,
                TokenCounter.DEFAULT_SAFETY_FACTOR, Optional.of(project),
                Optional.of(dev.graphiti.access.AllowedRoots.everywhere()), false);
        try (var tools = GraphitiProcess.tools(settings, env, project)) {
            var indexed = tools.gateway().runner().run(new CliCall(List.of("-C", project.toString(), "index"), project));
            if (!indexed.succeeded()) {
                throw new IllegalStateException("graphiti index failed: " + indexed.stderr());
            }
            TokenCounter counter = tools.counter().awaitReady();
            overStdio(jar, project, home, reads);
            inProcess((ContextResource) tools.resources().get(0), reads);
            assemblerAlone(project, counter, inPlay, reads);
        }
    }

    /** resources/read graphiti://context against a warm `graphiti mcp serve` child process. */
    private static void overStdio(Path jar, Path project, Path home, int reads) throws Exception {
        List<String> command = List.of("env", "GRAPHITI_HOME=" + home, "HOME=" + home, "GRAPHITI_PROJECT_ROOT=" + project,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(), "mcp", "serve");
        Path log = Files.createTempFile("graphiti-bench-context", ".log");
        try (var server = new StdioPeer(command, log)) {
            McpPeer.requireSuccess(server.handshake());
            ProcessHandle child = ProcessHandle.current().children().reduce((a, b) -> b).orElseThrow();
            long[] id = {1};
            Measurement.Read read = () -> {
                JsonObject result = McpPeer.requireSuccess(server.request(Json.createObjectBuilder().add("jsonrpc", "2.0")
                        .add("id", id[0]++).add("method", "resources/read")
                        .add("params", Json.createObjectBuilder().add("uri", ContextResource.URI)).build()));
                return result.getJsonArray("contents").getJsonObject(0).getString("text").length();
            };
            LongSupplier serverCpu = () -> child.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
            new Measurement("resources/read over stdio, warm `graphiti mcp serve`", serverCpu, "server CPU")
                    .run(read, reads).print();
        }
    }

    /** The resource in this JVM: the in-process CLI (`graphiti context --format json`) and its parsing. */
    private static void inProcess(ContextResource resource, int reads) throws Exception {
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Measurement.Read read = () -> resource.read(null).get(0).text().length();
        new Measurement("ContextResource.read in this JVM (in-process CLI)", os::getProcessCpuTime, "process CPU")
                .run(read, reads).print();
        while (resource.indexing()) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    /** The assembler alone on an open repository: the queries, the budget and the text. */
    private static void assemblerAlone(Path project, TokenCounter counter, List<String> inPlay, int reads) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (var repository = SqliteStore.withDefaults().open(project.resolve(".graphiti").resolve("graph.db"), Scope.project)) {
            var assembler = new ContextAssembler(repository, piece -> counter.count(piece).claude());
            var signals = new ContextSignals("project", Optional.of("main"), Optional.empty(), inPlay);
            var once = assembler.assemble(signals, 8192);
            System.out.printf("the context at budget 8192: %d items in %d Claude-estimated tokens%n", once.items(),
                    once.tokens());
            Measurement.Read read = () -> assembler.assemble(signals, 8192).text().length();
            new Measurement("ContextAssembler.assemble alone (fixed signals, open repository)",
                    threads::getCurrentThreadCpuTime, "thread CPU").run(read, reads).print();
        }
    }

    /** A git repository whose commits touch files the generated items name; one file modified, one untracked. */
    static List<String> repository(Path project) throws IOException, InterruptedException {
        git(project, "init", "-q", "-b", "main");
        List<String> files = List.of("src/main/java/dev/app/storage/StorageRepository.java",
                "src/main/java/dev/app/cache/CacheIndex.java", "src/main/java/dev/app/search/SearchPlanner.java",
                "src/main/java/dev/app/http/HttpQueue.java");
        for (int i = 0; i < files.size(); i++) {
            Path file = project.resolve(files.get(i));
            Files.createDirectories(file.getParent());
            Files.writeString(file, "class " + file.getFileName().toString().replace(".java", "") + " {}\n");
            git(project, "add", ".");
            git(project, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m",
                    "Add " + file.getFileName() + "\n\nPart " + i + " of the storage work.");
        }
        Files.writeString(project.resolve(files.get(0)), "class StorageRepository { int size; }\n");
        Files.writeString(project.resolve(files.get(1)).resolveSibling("CacheEviction.java"), "class CacheEviction {}\n");
        return List.of(files.get(0), "src/main/java/dev/app/cache/CacheEviction.java");
    }
}
