package dev.graphiti.cli;

import dev.graphiti.access.FileAccess;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.exchange.ExchangeFormat;
import dev.graphiti.service.Exchange;
import dev.graphiti.service.ImportReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `graphiti import PATH`: items from a file or folder in one of the exchange formats, secrets redacted, repeats skipped. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Read items from PATH into the graph: a graphiti json export, a folder of Markdown notes (or one"
                + " note), or the reference MCP memory server's memory.jsonl. Secrets are redacted; importing the same"
                + " file again adds nothing.")
final class ImportCommand extends GraphSubcommand {

    @Parameters(index = "0", paramLabel = "PATH", description = "The file or folder to read.")
    String path;

    @Option(names = "--as", paramLabel = "FORMAT",
            description = "json, markdown or memory (default: told by PATH: a folder or .md is markdown, else its first line).")
    String as;

    @Option(names = "--within", paramLabel = "DIR", description = "Read only files under DIR (repeatable), links"
            + " resolved; a note of a folder that leads elsewhere is named and passed over. The MCP tools pass the"
            + " directories their server may reach.")
    List<Path> within = new ArrayList<>();

    @Override
    public Integer call() {
        CommandContext context = context();
        Optional<ExchangeFormat> format = Optional.ofNullable(as).map(ExchangeFormat::parse);
        Path source = context.directory().resolve(path).normalize();
        FileAccess access = FileAccess.within(within.stream().map(dir -> context.directory().resolve(dir)).toList());
        ImportReport report = new Exchange(context.graphs(), context.clock(),
                context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES))
                .importFrom(context.location(), source, format, access, ExchangeBar.of(context, "importing"));
        report.refused().forEach(context::warn);
        context.answer(new ImportAnswer(report), () -> text(context, report));
        return 0;
    }

    private static void text(CommandContext context, ImportReport report) {
        if (!context.quiet()) {
            context.out().println(String.format(Locale.ROOT, "imported %,d new items from %s (%s)", report.stored(),
                    report.from(), report.format()));
            List<String> notes = new ArrayList<>();
            if (report.replaced() > 0) {
                notes.add(String.format(Locale.ROOT, "%,d edited since their export, stored as new versions", report.replaced()));
            }
            if (report.present() > 0) {
                notes.add(String.format(Locale.ROOT, "%,d already imported", report.present()));
            }
            if (report.duplicates() > 0) {
                notes.add(String.format(Locale.ROOT, "%,d repeat current items", report.duplicates()));
            }
            if (report.redactions() > 0) {
                notes.add(report.redactions() + (report.redactions() == 1 ? " secret" : " secrets") + " redacted");
            }
            if (report.skipped() > 0) {
                notes.add(report.skipped() + " passed over (empty notes, unknown lines)");
            }
            if (!report.refused().isEmpty()) {
                notes.add(report.refused().size() + " refused (named above)");
            }
            if (!notes.isEmpty()) {
                context.out().println("  " + String.join("; ", notes));
            }
        }
    }
}
