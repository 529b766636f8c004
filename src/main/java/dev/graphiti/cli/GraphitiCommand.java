package dev.graphiti.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The root `graphiti` command: global options and the subcommands. The global options are inherited, so
 * they work before or after the subcommand (`graphiti --format json search q` = `graphiti search q --format json`);
 * picocli sets them on this object wherever they appear.
 */
@Command(name = "graphiti",
        mixinStandardHelpOptions = true,
        versionProvider = GraphitiVersion.class,
        description = "A knowledge graph memory for coding agents.")
final class GraphitiCommand implements Runnable {

    /** The subcommands, in the order help lists them; {@link Cli} registers those a command line needs. */
    static final List<Class<?>> SUBCOMMANDS = List.of(AddCommand.class, SearchCommand.class, ListCommand.class,
            ShowCommand.class, DeleteCommand.class, SummarizeCommand.class, CompactCommand.class, HealthCommand.class,
            ConfigCommand.class, ContextCommand.class, RecallCommand.class, IndexCommand.class, CaptureCommand.class, EmbedCommand.class, MigrateCommand.class, ExportCommand.class,
            ImportCommand.class, UiCommand.class, Mcp.class);

    /** This call's: a model {@link CommandLines} lends out again is handed each call's invocation. */
    Invocation invocation;

    @Spec
    CommandSpec spec;

    @Option(names = "-C", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Act as if started in DIR.")
    String directory;

    @Option(names = {"-g", "--global"}, scope = ScopeType.INHERIT, description = "Use the global graph.")
    boolean global;

    @Option(names = {"-p", "--project"}, scope = ScopeType.INHERIT,
            description = "Use the project graph (the git work tree's); an error outside git.")
    boolean project;

    @Option(names = "--format", paramLabel = "FORMAT", scope = ScopeType.INHERIT, defaultValue = "text",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = {"-q", "--quiet"}, scope = ScopeType.INHERIT, description = "Print only what was asked for.")
    boolean quiet;

    /** The MCP server's runner passes it to read a command's counts; hidden from help, as no person needs it. */
    @Option(names = "--json-progress", scope = ScopeType.INHERIT, hidden = true,
            description = "Report a long command's progress on stderr as JSON lines (the MCP server's tasks read them).")
    boolean jsonProgress;

    GraphitiCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    /** Whether the global --format asks for JSON, for a command anywhere below the root. */
    static boolean json(CommandSpec spec) {
        return ((GraphitiCommand) spec.root().userObject()).format == OutputFormat.json;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    @Command(name = "mcp", mixinStandardHelpOptions = true, description = "Serve or install the MCP server.",
            subcommands = {McpServeCommand.class, McpInstallCommand.class, McpUninstallCommand.class,
                    McpKeepTranscriptsCommand.class})
    static final class Mcp implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getErr());
        }
    }
}
