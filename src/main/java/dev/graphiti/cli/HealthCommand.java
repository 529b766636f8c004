package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.HealthReport;
import dev.graphiti.service.HealthService;
import dev.graphiti.service.RetentionGuard;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `graphiti health`: database integrity, index, schema and size; overall ok, warn or fail; exit 1 when a check fails. */
@Command(name = "health", mixinStandardHelpOptions = true,
        description = "Check the graph database (integrity, full-text index, schema version, size). Overall ok, warn or fail; exit 1 on failure.")
final class HealthCommand extends GraphSubcommand {

    @Option(names = "--full", description = "Also check every index entry against its row and every item's words against "
            + "the full-text index (several seconds on a graph of 100k items).")
    @ToolParameter(name = "full", description = "slow, thorough")
    boolean full;

    @Override
    public Integer call() {
        CommandContext context = context();
        GraphLocation location = context.location();
        java.util.List<String> problems = new java.util.ArrayList<>(context.config().unreadable());
        ConfigKeys.ALL.forEach(key -> context.config().problem(key).ifPresent(problems::add));
        HealthService service = new HealthService(context.graphs(), context.invocation().semantics(), context.llm());
        HealthReport report = service.check(location, full ? HealthDepth.full : HealthDepth.quick, problems);
        Optional<RetentionGuard> retention = report.ok() ? Optional.of(service.retention(location,
                context.locations().claude(), location.workTree().map(GitWorkTree::root).orElse(context.directory()),
                context.clock())) : Optional.empty();
        if (retention.isPresent()) {
            report = report.with(retention.get().check());
        }
        HealthReport checked = report;
        context.answer(new HealthAnswer(checked, retention), () -> {
            TextTable table = new TextTable();
            checked.checks().forEach(check -> table.row(check.status().name(), check.name(), check.detail()));
            table.print(context.out());
            if (!context.quiet()) {
                context.out().println(verdict(checked));
            }
        });
        return report.ok() ? 0 : Failures.FAILURE;
    }

    /** The last line of the text report: a warning is not silence (it still exits 0). */
    private static String verdict(HealthReport report) {
        return switch (report.overall()) {
            case ok -> "healthy";
            case warn -> "warnings: " + String.join(", ", report.named(HealthReport.Status.warn))
                    + " (see above); nothing failed";
            case fail -> "UNHEALTHY: see the failed checks above";
        };
    }
}
