package dev.graphiti.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `graphiti mcp serve`: runs the MCP server on stdio (for Claude Code) or streamable HTTP. */
@Command(name = "serve", description = "Run the MCP server (stdio by default, or streamable HTTP at /mcp).")
final class McpServeCommand implements Callable<Integer> {

    private final Invocation invocation;

    @Spec
    CommandSpec spec;

    @Option(names = "--transport", defaultValue = "stdio",
            description = "stdio or http (default: ${DEFAULT-VALUE}).")
    ServeRequest.Transport transport;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "HTTP bind address (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "8000", description = "HTTP port (default: ${DEFAULT-VALUE}).")
    int port;

    McpServeCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public Integer call() throws Exception {
        var launcher = invocation.environment().serverLauncher();
        if (launcher.isEmpty()) {
            spec.commandLine().getErr().println(
                    "graphiti: `mcp serve` runs only from the graphiti launcher (java -jar graphiti.jar mcp serve).");
            return 1;
        }
        return launcher.get().serve(new ServeRequest(transport, host, port, invocation.workingDirectory()));
    }
}
