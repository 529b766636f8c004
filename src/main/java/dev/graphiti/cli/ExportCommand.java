package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.exchange.ExchangeFormat;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.service.Exchange;
import dev.graphiti.service.ExportReport;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/** `graphiti export PATH`: the graph's items to a file or folder in one of the exchange formats. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write the graph's items to PATH: json (every item and field, for a backup or another graph),"
                + " markdown (a folder of notes with front matter, e.g. an Obsidian vault) or memory (the reference MCP"
                + " memory server's memory.jsonl).")
final class ExportCommand extends GraphSubcommand {

    @Parameters(index = "0", arity = "0..1", paramLabel = "PATH", description = "The file to write (a folder for markdown"
            + " and claude-rules; for agents-md and claude-rules the project's AGENTS.md and .claude/rules when absent).")
    String path;

    @Option(names = "--as", paramLabel = "FORMAT", defaultValue = "json",
            description = "json, markdown, memory, or into the agents' own files: agents-md (graphiti's marked part of"
                    + " AGENTS.md) or claude-rules (Claude Code's .claude/rules/graphiti-*.md, scoped to the items'"
                    + " files); default: ${DEFAULT-VALUE}.")
    String as;

    @Option(names = "--remove", description = "With agents-md or claude-rules: take out what an export wrote there.")
    boolean remove;

    @Option(names = "--force", description = "Replace an existing file, or write notes into a folder that has files.")
    boolean force;

    @Override
    public Integer call() {
        CommandContext context = context();
        Optional<ExportBridge.Target> bridge = ExportBridge.Target.parse(as);
        if (bridge.isPresent()) {
            return new ExportBridge(context, bridge.get()).run(Optional.ofNullable(path), remove);
        }
        if (remove) {
            throw new ParameterException(spec.commandLine(), "--remove goes with --as agents-md or claude-rules");
        }
        if (path == null) {
            throw new ParameterException(spec.commandLine(), "give the PATH to export to");
        }
        ExchangeFormat format;
        try {
            format = ExchangeFormat.parse(as);
        } catch (InvalidInputException e) {
            throw new InvalidInputException("unknown format '" + as + "'; use one of " + ExchangeFormat.names()
                    + ", agents-md, claude-rules");
        }
        Path target = context.directory().resolve(path).normalize();
        ExportReport report = new Exchange(context.graphs(), context.clock(),
                context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES))
                .exportTo(context.location(), target, format, force, ExchangeBar.of(context, "exporting"));
        context.answer(new ExportAnswer(format, report), () -> {
            if (!context.quiet()) {
                String unit = format == ExchangeFormat.markdown ? "notes" : "lines";
                context.out().println(String.format(Locale.ROOT, "exported %,d items to %s (%s: %,d %s)", report.items(),
                        report.to(), format, report.written(), unit));
            }
        });
        return 0;
    }
}
