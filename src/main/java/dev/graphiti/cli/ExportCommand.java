package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.exchange.ExchangeFormat;
import dev.graphiti.service.Exchange;
import dev.graphiti.service.ExportReport;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `graphiti export PATH`: the graph's items to a file or folder in one of the exchange formats. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write the graph's items to PATH: json (every item and field, for a backup or another graph),"
                + " markdown (a folder of notes with front matter, e.g. an Obsidian vault) or memory (the reference MCP"
                + " memory server's memory.jsonl).")
final class ExportCommand extends GraphSubcommand {

    @Parameters(index = "0", paramLabel = "PATH", description = "The file to write (a folder for markdown).")
    String path;

    @Option(names = "--as", paramLabel = "FORMAT", defaultValue = "json",
            description = "json, markdown or memory (default: ${DEFAULT-VALUE}).")
    String as;

    @Option(names = "--force", description = "Replace an existing file, or write notes into a folder that has files.")
    boolean force;

    @Override
    public Integer call() {
        CommandContext context = context();
        ExchangeFormat format = ExchangeFormat.parse(as);
        Path target = context.directory().resolve(path).normalize();
        ExportReport report = new Exchange(context.graphs(), context.clock(),
                context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES))
                .exportTo(context.location(), target, format, force, ExchangeBar.of(context, "exporting"));
        if (context.json()) {
            JsonShapes.print(context.out(), JsonShapes.JSON.createObjectBuilder().add("format", format.name())
                    .add("path", report.to().toString()).add("items", report.items()).add("written", report.written()));
        } else if (!context.quiet()) {
            String unit = format == ExchangeFormat.markdown ? "notes" : "lines";
            context.out().println(String.format(Locale.ROOT, "exported %,d items to %s (%s: %,d %s)", report.items(),
                    report.to(), format, report.written(), unit));
        }
        return 0;
    }
}
