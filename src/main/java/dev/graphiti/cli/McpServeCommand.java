package dev.graphiti.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `graphiti mcp serve`: runs the MCP server on stdio (for Claude Code) or streamable HTTP. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the MCP server (stdio by default, or streamable HTTP at /mcp).")
final class McpServeCommand implements Callable<Integer> {

    private final Invocation invocation;

    @Spec
    CommandSpec spec;

    @Option(names = "--transport", defaultValue = "stdio",
            description = "stdio or http (default: ${DEFAULT-VALUE}).")
    ServeRequest.Transport transport;

    @Option(names = "--host", defaultValue = ServeRequest.DEFAULT_HOST, description = "HTTP bind address (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = ServeRequest.DEFAULT_PORT, description = "HTTP port (default: ${DEFAULT-VALUE}).")
    int port;

    McpServeCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public Integer call() throws Exception {
        return serve(invocation, new ServeRequest(transport, host, port, invocation.workingDirectory()),
                spec.commandLine().getErr());
    }

    static int serve(Invocation invocation, ServeRequest request, PrintWriter err) throws Exception {
        var launcher = invocation.environment().serverLauncher();
        if (launcher.isEmpty()) {
            err.println("graphiti: `mcp serve` runs only from the graphiti launcher (java -jar graphiti.jar mcp serve).");
            return Failures.FAILURE;
        }
        return launcher.get().serve(request);
    }
}
