package dev.graphiti.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The root `graphiti` command: global options and the subcommands. */
@Command(name = "graphiti",
        mixinStandardHelpOptions = true,
        versionProvider = GraphitiVersion.class,
        description = "A knowledge graph memory for coding agents.",
        subcommands = GraphitiCommand.Mcp.class)
final class GraphitiCommand implements Runnable {

    final Invocation invocation;

    @Spec
    CommandSpec spec;

    GraphitiCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    @Command(name = "mcp", description = "Serve or install the MCP server.",
            subcommands = {McpServeCommand.class, McpInstallCommand.class, McpUninstallCommand.class})
    static final class Mcp implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getErr());
        }
    }
}
