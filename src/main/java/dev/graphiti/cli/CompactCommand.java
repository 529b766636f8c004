package dev.graphiti.cli;

import dev.graphiti.graph.CompactProgress;
import dev.graphiti.graph.CompactReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `graphiti compact`: merges duplicates and collapses supersession chains, keeping provenance. */
@Command(name = "compact", mixinStandardHelpOptions = true,
        description = "Merge duplicate items and collapse superseded chains (recorded as provenance), then reclaim space.")
final class CompactCommand extends GraphSubcommand {

    @Option(names = {"-n", "--dry-run"}, description = "Only tell what would be done.")
    @ToolParameter(name = "dry_run", description = "only report")
    boolean dryRun;

    @Override
    public Integer call() {
        CommandContext context = context();
        ProgressLines lines = ProgressLines.of(context, "items");
        CompactReport report = context.items().compact(context.location(), dryRun,
                lines == null ? CompactProgress.NONE : lines::at);
        context.answer(new CompactAnswer(report), () -> {
            String verb = report.dryRun() ? "would merge " : "merged ";
            context.out().println(verb + report.merged() + " duplicate" + (report.merged() == 1 ? "" : "s")
                    + " and collapse" + (report.dryRun() ? " " : "d ") + report.superseded() + " superseded item"
                    + (report.superseded() == 1 ? "" : "s") + " (" + report.removed() + " removed)");
            if (!report.dryRun()) {
                context.out().println("database: " + report.bytesBefore() + " -> " + report.bytesAfter() + " bytes");
            }
        });
        return 0;
    }
}
