package dev.graphiti.tools.bench;

import static dev.graphiti.tools.ProjectFixture.git;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.tools.CliCall;
import dev.graphiti.tools.CliOutcome;
import dev.graphiti.tools.ContextResource;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.RunnerLimits;
import dev.graphiti.tools.ToolSettings;
import dev.graphiti.toon.ResponseEncoder;
import dev.graphiti.toon.TokenCounter;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonStructure;
import jakarta.json.stream.JsonGenerator;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * scripts/bench-tokens: generates a realistic project graph (default 10,000 items), then prints
 * (1) o200k tokens of search results of 10, 50 and 200 rows as pretty JSON, compact JSON and what
 * graphiti_search sends, and (2) the graphiti://context text's tokens against its budget (its latency:
 * scripts/bench-context, {@link dev.graphiti.bench.ContextBenchmark}).
 */
public final class TokenReport {

    private TokenReport() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        Path work = Files.createTempDirectory("graphiti-bench-tokens");
        Path project = Files.createDirectories(work.resolve("project"));
        Path home = Files.createDirectories(work.resolve("home"));
        git(project, "init", "-q", "-b", "main");
        Files.writeString(project.resolve("README.md"), "bench\n");
        git(project, "add", ".");
        git(project, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "Start");
        // Files in play, as a session would find them: two changed sources the generated items talk about.
        Path sources = Files.createDirectories(project.resolve("src/main/java/dev/app/storage"));
        Files.writeString(sources.resolve("StorageRepository.java"), "class StorageRepository {}\n");
        Files.writeString(sources.resolve("CacheIndex.java"), "class CacheIndex {}\n");

        long start = System.nanoTime();
        new GraphGenerator().generate(project.resolve(".graphiti").resolve("graph.db"), count);
        System.out.printf("generated %,d items in %.1f s (%s)%n%n", count, (System.nanoTime() - start) / 1e9, project);

        var settings = new ToolSettings(List.of(), new RunnerLimits(java.time.Duration.ofMinutes(5), 64 << 20), 4096, TokenCounter.DEFAULT_SAFETY_FACTOR,
                Optional.of(project), Optional.of(dev.graphiti.access.AllowedRoots.everywhere()), false);
        Map<String, String> env = Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString());
        try (var tools = GraphitiProcess.tools(settings, env, project)) {
            ResponseEncoder encoder = tools.gateway().renderer().encoder();
            TokenCounter counter = tools.counter().awaitReady();
            searchReport(tools, encoder, counter, project);
            contextReport(tools, counter);
        }
    }

    private static void searchReport(GraphitiTools tools, ResponseEncoder encoder, TokenCounter counter, Path project)
            throws Exception {
        var search = tools.tools().stream().filter(t -> t.descriptor().name().equals("graphiti_search")).findFirst()
                .orElseThrow();
        System.out.println("search results, o200k tokens (graphiti_search budget: 4096 Claude tokens per answer)");
        System.out.printf("%6s %12s %12s %18s %22s%n", "rows", "pretty JSON", "compact JSON", "sent, all rows",
                "sent by the tool");
        for (int limit : new int[] {10, 50, 200}) {
            CliOutcome raw = tools.gateway().runner().run(new CliCall(List.of("-C", project.toString(), "--format", "json",
                    "search", "--limit", String.valueOf(limit), "--", "cache entries"), project));
            if (!raw.succeeded()) {
                throw new IllegalStateException("search failed: " + raw.stderr());
            }
            JsonArray rows = raw.json().asJsonArray();
            int pretty = counter.count(pretty(rows)).o200k();
            int compact = counter.count(encoder.compactJson(rows)).o200k();
            var cheapest = encoder.encode(dev.graphiti.tools.ResultRenderer.flat(rows));
            ToolResult sent = search.call(Json.createObjectBuilder().add("query", "cache entries").add("limit", limit)
                    .build(), null);
            String sentText = sent.content().stream().map(TokenReport::text).reduce("", (a, b) -> a + b);
            int kept = sentRows(sentText, rows.size());
            System.out.printf("%6d %12d %12d %12d %-5s %12d (%d rows)%n", rows.size(), pretty, compact,
                    cheapest.tokens().o200k(), cheapest.format(), counter.count(sentText).o200k(), kept);
        }
        System.out.println();
    }

    /** The context text against its budget; its latency is scripts/bench-context's. */
    private static void contextReport(GraphitiTools tools, TokenCounter counter) {
        ContextResource context = (ContextResource) tools.resources().get(0);
        String text = context.read(null).get(0).text();
        var tokens = counter.count(text);
        // a read of an unindexed HEAD starts `index` in the background: let it end before the tools close under it
        while (context.indexing()) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        System.out.printf("graphiti://context: %d o200k tokens, %d Claude-estimated, budget 8192 (mcp.context_tokens), "
                + "%d lines%n", tokens.o200k(), tokens.claude(), text.split("\n").length);
    }

    /** The rows the tool sent: the trimming note's count, or all of them. */
    private static int sentRows(String text, int all) {
        var note = java.util.regex.Pattern.compile("showing (\\d+) of").matcher(text);
        return note.find() ? Integer.parseInt(note.group(1)) : all;
    }

    private static String text(Content content) {
        return content.json().getString("text", "");
    }

    private static String pretty(JsonStructure json) {
        StringWriter out = new StringWriter();
        try (var writer = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true)).createWriter(out)) {
            writer.write(json);
        }
        return out.toString();
    }
}
