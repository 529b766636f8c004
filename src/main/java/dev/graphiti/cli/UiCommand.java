package dev.graphiti.cli;

import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `graphiti ui`: the explorer page for this graph, on loopback, until Ctrl-C. The launcher builds and serves it (see
 * assembly.GraphitiProcess#ui); the command only resolves the graph and checks the port.
 */
@Command(name = "ui", mixinStandardHelpOptions = true,
        description = "Serve the explorer (search, lists, an item's entities, chain and provenance, and a review queue"
                + " with undo) at http://127.0.0.1:PORT/ until Ctrl-C. Only this machine can reach it.")
final class UiCommand extends GraphSubcommand {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "7878",
            description = "The port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Override
    public Integer call() throws Exception {
        CommandContext context = context();
        var launcher = context.invocation().environment().serverLauncher()
                .orElseThrow(() -> new GraphException("`graphiti ui` runs from the graphiti program (graphiti.jar), not inside a server"));
        if (port < 0 || port > 65_535) {
            throw new InvalidInputException("--port must be between 0 and 65535");
        }
        context.err().flush();
        return launcher.serveExplorer(new ExplorerRequest(context.location(), port, context.invocation().workingDirectory()));
    }
}
