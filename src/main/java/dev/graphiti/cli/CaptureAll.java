package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.ingest.transcript.AgentLog;
import dev.graphiti.ingest.transcript.Backfill;
import dev.graphiti.ingest.transcript.BackfillProgress;
import dev.graphiti.ingest.transcript.BackfillReport;
import dev.graphiti.service.CaptureService;
import dev.graphiti.service.SessionLogs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * `graphiti capture --all`: every session log each agent kept for this project (Claude Code's transcripts; Codex's,
 * Qwen Code's, Gemini CLI's, Copilot CLI's and opencode's where their folder exists) (the folders of its work tree and of
 * directories under it) into this graph; with --all-projects every project's, each into the graph `capture` run
 * in that project's directory would use (the global graph with --global). A project folder whose directory is gone
 * is named and passed over. What was captured before, by the Stop hook or an earlier run, is not read again.
 */
final class CaptureAll {

    /** The session logs of one agent that one graph takes, and the directory they belong to. */
    record Batch(AgentLog agent, Path directory, GraphLocation location, List<Path> transcripts) {
    }

    /** A project folder not taken in, and why. */
    record Skipped(Path folder, String reason) {
    }

    private final CommandContext context;

    CaptureAll(CommandContext context) {
        this.context = context;
    }

    /** Backfills the logs of {@code agents}: Claude Code's always when named, another's where it keeps sessions. */
    int run(boolean allProjects, List<AgentLog> agents) {
        SessionLogs logs = CaptureCommand.sessionLogs(context);
        List<Skipped> skipped = new ArrayList<>();
        List<Batch> batches = new ArrayList<>();
        for (AgentLog agent : agents) {
            if (agent != AgentLog.CLAUDE && !logs.present(agent) && agents.size() > 1) {
                continue;
            }
            try {
                batches.addAll(allProjects ? everyProject(logs, agent, skipped) : List.of(thisProject(logs, agent)));
            } catch (IOException e) {
                if (agents.size() == 1) {
                    throw new GraphException("cannot list the session logs under " + logs.folder(agent) + ": "
                            + e.getMessage(), e);
                }
                // one agent's unreadable store (a damaged database) does not keep the others' sessions out
                skipped.add(new Skipped(logs.folder(agent), "cannot list " + agent.title() + "'s session logs: "
                        + e.getMessage()));
            }
        }
        CaptureService service = new CaptureService(context.graphs(), context.clock(),
                context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES));
        ProgressBar bar = ProgressBar.forTerminal(context, "sessions");
        bar.start(batches.stream().mapToInt(batch -> batch.transcripts().size()).sum());
        BackfillProgress progress = new BackfillProgress() {
            private int added;

            @Override
            public void advanced(Backfill.Outcome outcome) {
                added += outcome.capture().itemsAdded();
                bar.advance(1, added + (added == 1 ? " item" : " items") + " added");
                outcome.problem().ifPresent(problem -> context.warn("passed over " + outcome.transcript() + ": " + problem));
            }
        };
        Map<Batch, BackfillReport> reports = new LinkedHashMap<>();
        try {
            for (Batch batch : batches) {
                reports.put(batch, batch.transcripts().isEmpty() ? BackfillReport.EMPTY
                        : service.backfill(batch.location(), batch.agent(), batch.transcripts(), progress));
            }
        } finally {
            bar.finish();
        }
        print(reports, skipped, logs, allProjects);
        return 0;
    }

    private Batch thisProject(SessionLogs logs, AgentLog agent) throws IOException {
        GraphLocation location = context.location();
        Path root = location.workTree().map(GitWorkTree::root).orElse(context.directory());
        return new Batch(agent, root, location, logs.ofProject(agent, root));
    }

    /** Each project folder's (or rollout's) logs of the agent, grouped by the graph they go to. */
    private List<Batch> everyProject(SessionLogs logs, AgentLog agent, List<Skipped> skipped) throws IOException {
        Optional<GraphLocation> global = context.requestedScope().filter(scope -> scope == Scope.global)
                .map(scope -> context.location());
        Map<Path, Batch> batches = new LinkedHashMap<>();
        ScopeResolver resolver = new ScopeResolver(context.home());
        for (SessionLogs.Group folder : logs.all(agent)) {
            List<Path> files = folder.logs();
            Optional<Path> directory = folder.workingDirectory();
            GraphLocation location;
            if (global.isPresent()) {
                location = global.get();
            } else if (directory.isEmpty() || !Files.isDirectory(directory.get())) {
                skipped.add(new Skipped(folder.folder(), directory.map(dir -> dir + " no longer exists")
                        .orElse("its transcripts do not say which directory they ran in")));
                continue;
            } else {
                try {
                    location = resolver.resolve(directory.get(), context.requestedScope());
                } catch (InvalidInputException e) {
                    skipped.add(new Skipped(folder.folder(), e.getMessage()));
                    continue;
                }
            }
            Path key = location.database();
            Path owner = global.isPresent() ? context.home() : location.workTree().map(GitWorkTree::root).orElse(directory.get());
            Batch batch = batches.computeIfAbsent(key, k -> new Batch(agent, owner, location, new ArrayList<>()));
            batch.transcripts().addAll(files);
        }
        return List.copyOf(batches.values());
    }

    private void print(Map<Batch, BackfillReport> reports, List<Skipped> skipped, SessionLogs logs, boolean allProjects) {
        context.answer(new CaptureAllAnswer(reports, skipped), () -> text(reports, skipped, logs, allProjects));
    }

    private void text(Map<Batch, BackfillReport> reports, List<Skipped> skipped, SessionLogs logs, boolean allProjects) {
        BackfillReport total = CaptureAllAnswer.total(reports);
        PrintWriter out = context.out();
        if (context.quiet()) {
            out.println(total.itemsAdded());
            return;
        }
        if (total.transcripts() == 0 && skipped.isEmpty()) {
            reports.keySet().stream().map(Batch::agent).distinct().forEach(agent -> out.println("no " + agent.title()
                    + " sessions " + (allProjects ? "" : "of " + reports.keySet().iterator().next().directory() + " ")
                    + "under " + logs.folder(agent)));
            return;
        }
        reports.forEach((batch, report) -> out.println(batch.directory() + " (" + batch.location().scope() + " graph"
                + (batch.agent() == AgentLog.CLAUDE ? "" : ", " + batch.agent().title()) + "): " + sentence(report)));
        if (reports.size() > 1) {
            out.println("in all: " + sentence(total));
        }
        skipped.forEach(skip -> out.println("passed over " + skip.folder() + ": " + skip.reason()));
    }

    private static String sentence(BackfillReport report) {
        StringBuilder text = new StringBuilder();
        text.append(report.transcripts()).append(report.transcripts() == 1 ? " transcript" : " transcripts");
        text.append(" (").append(report.read()).append(" with new turns, ").append(report.unchanged())
                .append(" already captured");
        if (report.unreadable() > 0) {
            text.append(", ").append(report.unreadable()).append(" unreadable");
        }
        text.append("): read ").append(report.turnsRead()).append(report.turnsRead() == 1 ? " turn" : " turns")
                .append(", added ").append(report.itemsAdded()).append(report.itemsAdded() == 1 ? " item" : " items");
        if (report.duplicates() > 0) {
            text.append(" (").append(report.duplicates()).append(" already known)");
        }
        if (report.malformedLines() > 0) {
            text.append("; passed over ").append(report.malformedLines())
                    .append(report.malformedLines() == 1 ? " malformed line" : " malformed lines");
        }
        return text.toString();
    }
}
