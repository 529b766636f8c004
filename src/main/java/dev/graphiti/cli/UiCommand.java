package dev.graphiti.cli;

import dev.graphiti.config.Settings;
import dev.graphiti.explorer.Explorer;
import dev.graphiti.explorer.ExplorerServlet;
import dev.graphiti.explorer.PageAccess;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.service.Graphs;
import dev.graphiti.store.KeptConnections;
import dev.graphiti.service.ServerEmbedding;
import dev.graphiti.store.Stores;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `graphiti ui`: the explorer page for this graph, on loopback, until Ctrl-C. */
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
            throw new dev.graphiti.graph.InvalidInputException("--port must be between 0 and 65535");
        }
        var config = context.config();
        PrintStream log = new PrintStream(new WriterStream(context.err()), true);
        var variables = context.invocation().environment().variables();
        // The page ranks as the MCP server's graphiti_search does: by words and meaning, unless graphiti.semantic is off.
        boolean semantic = Settings.ofEnvironment(variables).onOff("graphiti.semantic", true);
        // Served until stopped, so the connections are kept (PostgreSQL's in a pool), as a server keeps them.
        try (KeptConnections kept = new KeptConnections()) {
            Optional<SemanticSearch> meaning = semantic ? Optional.of(ServerEmbedding.start(log, Stores.forEmbedding(kept, variables))) : Optional.empty();
            try {
                Graphs graphs = context.graphs(Optional.of(kept), meaning);
                Explorer explorer = Explorer.open(context.location(), config, graphs, meaning);
                return launcher.serveExplorer(new ExplorerServlet(explorer, PageAccess.loopback()), port, url -> {
                    context.err().println("graphiti: the explorer of the " + context.location().scope() + " graph ("
                            + graphs.where(context.location()) + ") is at " + url + " ; Ctrl-C stops it");
                    context.err().flush();
                });
            } finally {
                meaning.ifPresent(SemanticSearch::close);
            }
        }
    }

    /** The command's stderr as the stream the embedding's log wants. */
    private static final class WriterStream extends java.io.OutputStream {
        private final PrintWriter err;

        WriterStream(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void write(int b) {
            err.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            err.write(new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        public void flush() {
            err.flush();
        }
    }
}
