package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.ingest.memory.AgentHomes;
import dev.graphiti.ingest.memory.MemoryFiles;
import dev.graphiti.ingest.memory.MemoryImport;
import dev.graphiti.service.CaptureService;
import dev.graphiti.service.SessionLogs;
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
        SessionLogs.Homes homes = SessionLogs.Homes.of(claude, context.invocation().environment().variables(),
                context.locations().userHome(), context.directory());
        MemoryFiles files = new MemoryFiles(new AgentHomes(claude, homes.codex(), homes.gemini(), homes.qwen(),
                context.locations().userHome().resolve(".config/opencode")), context.locations().userHome(), within);
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
        List<MemoryAnswer.Imported> imported = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        plan.forEach((location, found) -> {
            refused.addAll(found.refused());
            notes.addAll(found.notes());
            // a graph that does not exist holds nothing to retire: no file, no graph made for nothing
            if (!found.files().isEmpty() || context.graphs().exists(location)) {
                MemoryAnswer.Imported one = new MemoryAnswer.Imported(location.scope(), service.importMemory(location, found.files(), found.unread()));
                imported.add(one);
                refused.addAll(one.outcome().refused());
            }
        });
        refused.forEach(context::warn);
        notes.forEach(context::warn);
        MemoryAnswer answer = new MemoryAnswer(imported, refused, notes);
        context.answer(answer, () -> text(answer));
        return 0;
    }

    private void text(MemoryAnswer answer) {
        PrintWriter out = context.out();
        List<MemoryImport.FileReport> reports = answer.reports();
        int added = answer.added();
        int updated = answer.updated();
        int retired = answer.retired();
        if (context.quiet()) {
            out.println(added + updated + retired);
            return;
        }
        if (reports.isEmpty() && retired == 0) {
            out.println("no memory files found (CLAUDE.md, AGENTS.md, GEMINI.md, QWEN.md; looked in the project and its"
                    + " subfolders, their .claude/, " + context.locations().claude() + ", its projects/<project>/memory/ or"
                    + " the folder autoMemoryDirectory names, and the Codex, Gemini CLI, Qwen Code and opencode homes)");
            return;
        }
        for (MemoryAnswer.Imported one : answer.imported()) {
            for (MemoryImport.FileReport report : one.outcome().files()) {
                StringBuilder line = new StringBuilder(report.file().path().toString()).append(" (")
                        .append(one.scope()).append(" graph): ").append(report.chunks()).append(report.chunks() == 1 ? " part; added " : " parts; added ")
                        .append(report.added()).append(", updated ").append(report.updated()).append(", unchanged ")
                        .append(report.unchanged());
                if (report.duplicates() > 0) {
                    line.append(", ").append(report.duplicates()).append(" already known");
                }
                if (report.retired() > 0) {
                    line.append("; ").append(report.retired()).append(" no longer in the file, retired");
                }
                out.println(line);
            }
            for (MemoryImport.GoneFile file : one.outcome().gone()) {
                out.println("memory:" + file.label() + " (" + one.scope() + " graph): the file is gone; " + file.retired()
                        + (file.retired() == 1 ? " item" : " items") + " retired");
            }
        }
    }
}
