package dev.graphiti.cli;

import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.store.KeptConnections;
import dev.graphiti.toon.TokenCounter;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One run of the CLI: its environment, the directory it was started in, its standard input, and what the
 * runs of one {@link Cli} share: the token counter, the database connections a server keeps open, and the
 * server's semantic search (its embedding model and vectors in memory; one-shot commands have none), and who takes
 * a command's {@link Answer} as a value instead of its JSON on stdout (the in-process runner; nobody for a process).
 */
record Invocation(CliEnvironment environment, Path workingDirectory, InputStream stdin, Supplier<TokenCounter> tokens,
                  Optional<KeptConnections> connections, Optional<SemanticSearch> semantics,
                  Optional<Consumer<Answer>> answers) {
}
