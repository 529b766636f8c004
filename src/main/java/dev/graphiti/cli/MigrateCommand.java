package dev.graphiti.cli;

import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.service.Migration;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `graphiti migrate --to postgresql|sqlite`: copies the graph between its SQLite file and the PostgreSQL database the
 * operator configured (graphiti.store.url), resumably, and verifies the copy.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        description = "Copy the graph between its SQLite file and the configured PostgreSQL database (graphiti.store.url),"
                + " then verify the copy. Resumable: run it again after an interruption.")
final class MigrateCommand extends GraphSubcommand {

    @Option(names = "--to", required = true, paramLabel = "postgresql|sqlite",
            description = "Where to copy the graph: postgresql (from its SQLite file) or sqlite (from PostgreSQL).")
    String to;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "500",
            description = "Items per transaction (default 500).")
    int batch;

    @Override
    public Integer call() {
        CommandContext context = context();
        Migration.Target target;
        try {
            target = Migration.Target.valueOf(to.strip().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--to must be postgresql or sqlite, not " + to);
        }
        if (batch < 1 || batch > 10_000) {
            throw new InvalidInputException("--batch must be between 1 and 10000");
        }
        Migration.Report report = new Migration(context.graphs()).run(context.location(), target, batch,
                BarProgress.ofItems(context));
        if (context.json()) {
            var differences = JsonShapes.JSON.createArrayBuilder();
            report.differences().forEach(differences::add);
            JsonShapes.print(context.out(), JsonShapes.JSON.createObjectBuilder().add("from", report.from())
                    .add("to", report.to()).add("items", report.items()).add("copied", report.copied())
                    .add("present", report.present()).add("verified", report.verified()).add("differences", differences)
                    .add("seconds", Math.round(report.seconds() * 100) / 100.0));
        } else if (!context.quiet()) {
            context.out().println(String.format(Locale.ROOT, "Copied %d of %d items from %s to %s in %.1f s (%d there already); %s",
                    report.copied(), report.items(), report.from(), report.to(), report.seconds(), report.present(),
                    report.verified() ? "every item verified." : "NOT verified: " + String.join(", ", report.differences())));
        }
        return report.verified() ? 0 : 1;
    }
}
