package dev.graphiti.cli;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.install.FileChange;
import dev.graphiti.install.InstallException;
import dev.graphiti.install.TranscriptRetention;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * `graphiti mcp keep-transcripts [DAYS]`: sets Claude Code's cleanupPeriodDays in the user's settings.json, which
 * nothing else in graphiti changes (install and health only say how). The file keeps every other key and its
 * formatting, is backed up first and replaced atomically.
 */
@Command(name = "keep-transcripts", mixinStandardHelpOptions = true,
        description = "Make Claude Code keep session transcripts DAYS days (cleanupPeriodDays in its user settings.json;"
                + " default 365) instead of deleting them after 30, so graphiti can capture them.")
final class McpKeepTranscriptsCommand extends GraphSubcommand {

    @Parameters(arity = "0..1", paramLabel = "DAYS", defaultValue = "" + TranscriptRetention.SUGGESTED_DAYS,
            description = "How many days Claude Code keeps a transcript after its last write (at least 1; default ${DEFAULT-VALUE}).")
    int days;

    @Override
    public Integer call() {
        CommandContext context = context();
        Path claude = context.locations().claude();
        Path settings = TranscriptRetention.userSettings(claude);
        TranscriptRetention.Setting before = TranscriptRetention.read(List.of(settings));
        FileChange change;
        try {
            change = TranscriptRetention.keep(settings, days);
        } catch (InstallException e) {
            context.err().println("graphiti: " + e.getMessage());
            return Failures.FAILURE;
        }
        Optional<Path> project = GitWorkTree.containing(context.directory()).map(GitWorkTree::root);
        TranscriptRetention.Setting now = TranscriptRetention.read(TranscriptRetention.settingsFiles(claude, project));
        Optional<String> overridden = now.setIn().filter(file -> !file.equals(settings))
                .map(file -> file + " sets cleanupPeriodDays to " + now.days() + " for this project, which wins over"
                        + " the user's setting: change it there too");
        if (context.json()) {
            var json = JsonShapes.JSON.createObjectBuilder().add("settings", settings.toString())
                    .add("cleanup_period_days", days).add("previous", before.days()).add("status", change.status());
            change.backup().ifPresentOrElse(backup -> json.add("backup", backup.toString()), () -> json.addNull("backup"));
            overridden.ifPresentOrElse(note -> json.add("overridden", note), () -> json.addNull("overridden"));
            JsonShapes.print(context.out(), json);
        } else if (!context.quiet()) {
            context.out().println(change.status().equals("unchanged")
                    ? "Claude Code keeps transcripts " + days + " days already (" + settings + ")."
                    : "Claude Code now keeps transcripts " + days + " days (cleanupPeriodDays in " + settings + "; was "
                    + before.days() + (before.setIn().isPresent() ? "" : ", its default") + ")"
                    + change.backup().map(backup -> "; the previous file is in " + backup).orElse("") + ".");
            overridden.ifPresent(note -> context.out().println("Note: " + note + "."));
        }
        return 0;
    }
}
