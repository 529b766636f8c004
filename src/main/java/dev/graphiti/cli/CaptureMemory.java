package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.ingest.memory.MemoryFiles;
import dev.graphiti.ingest.memory.MemoryImport;
import dev.graphiti.service.CaptureService;
import jakarta.json.JsonArrayBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * `graphiti capture --memory`: imports what the user wrote for agents, each scope into its graph: the project's
 * CLAUDE.md files and Claude Code's auto-memory for it into the project graph, the user's ~/.claude/CLAUDE.md and
 * rules into the global graph. --project or --global takes only that scope's files.
 */
final class CaptureMemory {

    private final CommandContext context;
    private final List<Path> within;

    /** @param within the directories files may be read from (empty: anywhere the user's files lead) */
    CaptureMemory(CommandContext context, List<Path> within) {
        this.context = context;
        this.within = within;
    }

    int run() {
        Path claude = context.locations().claude();
        Optional<Scope> requested = context.requestedScope();
        GraphLocation here = context.location();
        Map<GraphLocation, MemoryFiles.Found> plan = new LinkedHashMap<>();
        MemoryFiles files = new MemoryFiles(claude, within);
        try {
            if (here.scope() == Scope.project) {
                plan.put(here, files.project(here.workTree().map(GitWorkTree::root).orElseThrow()));
            }
            if (requested.isEmpty() || requested.get() == Scope.global) {
                GraphLocation global = new ScopeResolver(context.home()).resolve(context.directory(), Optional.of(Scope.global));
                plan.put(global, files.user());
            }
        } catch (IOException e) {
            throw new GraphException("cannot look for memory files: " + e.getMessage(), e);
        }
        CaptureService service = new CaptureService(context.graphs(), context.clock(),
                context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES));
        List<MemoryImport.FileReport> reports = new ArrayList<>();
        Map<MemoryImport.FileReport, Scope> scopes = new LinkedHashMap<>();
        List<String> refused = new ArrayList<>();
        plan.forEach((location, found) -> {
            refused.addAll(found.refused());
            if (!found.files().isEmpty()) {
                for (MemoryImport.FileReport report : service.importMemory(location, found.files())) {
                    reports.add(report);
                    scopes.put(report, location.scope());
                }
            }
        });
        refused.forEach(context::warn);
        print(reports, scopes, refused);
        return 0;
    }

    private void print(List<MemoryImport.FileReport> reports, Map<MemoryImport.FileReport, Scope> scopes,
                       List<String> refused) {
        PrintWriter out = context.out();
        int added = reports.stream().mapToInt(MemoryImport.FileReport::added).sum();
        int updated = reports.stream().mapToInt(MemoryImport.FileReport::updated).sum();
        if (context.json()) {
            JsonArrayBuilder files = JsonShapes.JSON.createArrayBuilder();
            reports.forEach(report -> files.add(JsonShapes.JSON.createObjectBuilder()
                    .add("file", report.file().path().toString()).add("source", "memory:" + report.file().label())
                    .add("scope", scopes.get(report).name()).add("chunks", report.chunks()).add("added", report.added())
                    .add("updated", report.updated()).add("unchanged", report.unchanged())
                    .add("duplicates", report.duplicates()).add("gone", report.gone())));
            JsonShapes.print(out, JsonShapes.JSON.createObjectBuilder().add("files", files).add("items_added", added)
                    .add("items_updated", updated)
                    .add("unchanged", reports.stream().mapToInt(MemoryImport.FileReport::unchanged).sum())
                    .add("duplicates", reports.stream().mapToInt(MemoryImport.FileReport::duplicates).sum())
                    .add("refused", JsonShapes.JSON.createArrayBuilder(refused)));
            return;
        }
        if (context.quiet()) {
            out.println(added + updated);
            return;
        }
        if (reports.isEmpty()) {
            out.println("no CLAUDE.md or auto-memory files found (looked in the project root, its .claude/, "
                    + context.locations().claude() + " and its projects/<project>/memory/)");
            return;
        }
        for (MemoryImport.FileReport report : reports) {
            StringBuilder line = new StringBuilder(report.file().path().toString()).append(" (")
                    .append(scopes.get(report)).append(" graph): ").append(report.chunks()).append(" parts; added ")
                    .append(report.added()).append(", updated ").append(report.updated()).append(", unchanged ")
                    .append(report.unchanged());
            if (report.duplicates() > 0) {
                line.append(", ").append(report.duplicates()).append(" already known");
            }
            if (report.gone() > 0) {
                line.append("; ").append(report.gone()).append(" imported before are no longer in the file (kept)");
            }
            out.println(line);
        }
    }
}
