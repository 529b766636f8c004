package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.SkipReason;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexReport;
import dev.graphiti.ingest.git.IndexRequest;
import dev.graphiti.service.IndexService;
import java.io.PrintWriter;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `graphiti index`: turns the project's git history into items, incrementally. */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = "Turn git history into items: commits since the last run (or --full, or --since REF);"
                + " skips bots, dependency bumps, releases, empty merges and trivial changes.")
final class IndexCommand extends GraphSubcommand {

    @Option(names = "--full", description = "Walk the whole history (commits indexed before are not stored again).")
    boolean full;

    @Option(names = "--since", paramLabel = "REF", description = "Walk only the commits after REF (a sha, tag or branch).")
    String since;

    @Override
    public Integer call() {
        CommandContext context = context();
        IndexRequest request;
        try {
            request = new IndexRequest(full, since);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(e.getMessage());
        }
        CommitsLine line = new CommitsLine(context.err());
        IndexReport report;
        try {
            report = new IndexService(context.graphs(), context.clock(),
                    context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES)).index(context.location(), request,
                    progress(context, line));
        } finally {
            line.end(); // a failure's message starts on a line of its own, not after the counts
        }
        print(context, report);
        return 0;
    }

    /** A progress line on stderr when a person watches a terminal, JSON lines when asked for; nothing otherwise. */
    private static IndexProgress progress(CommandContext context, CommitsLine line) {
        ProgressLines lines = ProgressLines.of(context, "commits");
        if (lines != null) {
            return lines::at;
        }
        if (!context.invocation().environment().interactive() || context.quiet() || context.json()) {
            return IndexProgress.NONE;
        }
        return line;
    }

    /** "indexing commits: 120/300", redrawn in place; ended with a newline when done or when indexing stops. */
    private static final class CommitsLine implements IndexProgress {

        private final PrintWriter err;
        private boolean open;

        CommitsLine(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void advanced(int walked, int total) {
            err.print("\rindexing commits: " + walked + "/" + total);
            open = walked != total;
            if (!open) {
                err.println();
            }
            err.flush();
        }

        void end() {
            if (open) {
                err.println();
                err.flush();
                open = false;
            }
        }
    }

    private static void print(CommandContext context, IndexReport report) {
        context.answer(new IndexAnswer(report), () -> text(context, report));
    }

    private static void text(CommandContext context, IndexReport report) {
        PrintWriter out = context.out();
        if (context.quiet()) {
            out.println(report.commitsIndexed());
            return;
        }
        if (report.head() == null) {
            out.println("nothing to index: the repository has no commits yet");
            return;
        }
        String reasons = report.skippedBy().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(entry -> entry.getValue() + " " + label(entry.getKey())).collect(Collectors.joining(", "));
        out.println("indexed " + report.commitsIndexed() + (report.commitsIndexed() == 1 ? " commit" : " commits")
                + (report.skipped() > 0 ? ", skipped " + report.skipped() + " (" + reasons + ")" : "")
                + (report.duplicates() > 0 ? ", " + report.duplicates() + " already in the graph" : "")
                + (report.markedStale() > 0 ? ", marked " + report.markedStale() + " stale (reverted, files gone, restated)" : "")
                + "; HEAD " + report.head().substring(0, 12) + " is indexed");
        if (report.diffsUnread() > 0) {
            context.err().println("graphiti: warning: git could not read the diff of " + report.diffsUnread()
                    + (report.diffsUnread() == 1 ? " commit" : " commits") + " (objects missing, e.g. a partial clone"
                    + " whose remote is unreachable); indexed without their file lists");
        }
    }

    private static String label(SkipReason reason) {
        return reason.name().replace('_', ' ');
    }
}
