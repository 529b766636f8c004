package dev.graphiti.cli;

import dev.graphiti.config.Config;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.ingest.IngestState;
import dev.graphiti.store.GraphDatabase;
import dev.graphiti.store.NativeLibrary;
import dev.graphiti.store.SqliteStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What a subcommand works with, resolved once from the global options and the invocation: the directory,
 * the graphiti home, the settings, the graph's location, and (opened on demand) its database.
 */
final class CommandContext {

    private final GraphitiCommand root;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Clock clock = Clock.systemUTC();
    private Config config;

    CommandContext(CommandSpec spec) {
        this((GraphitiCommand) spec.root().userObject(), spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** A context without picocli: the root's global options as they are, output on {@code out} and {@code err}. */
    CommandContext(GraphitiCommand root, PrintWriter out, PrintWriter err) {
        this.root = root;
        this.out = out;
        this.err = err;
    }

    PrintWriter out() {
        return out;
    }

    PrintWriter err() {
        return err;
    }

    boolean json() {
        return root.format == OutputFormat.json;
    }

    boolean quiet() {
        return root.quiet;
    }

    /** Colour for text output: only at a terminal, and not under NO_COLOR. */
    Colour colour() {
        return Colour.of(root.invocation.environment());
    }

    Invocation invocation() {
        return root.invocation;
    }

    Clock clock() {
        return clock;
    }

    /** The directory the command acts in: the invocation's, or -C DIR resolved against it. */
    Path directory() {
        Path base = root.invocation.workingDirectory();
        if (root.directory == null) {
            return base;
        }
        Path dir = base.resolve(root.directory).normalize();
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException("-C " + root.directory + ": no such directory");
        }
        return dir;
    }

    /** GRAPHITI_HOME, or ~/.graphiti. */
    Path home() {
        var variables = root.invocation.environment().variables();
        String home = variables.get("GRAPHITI_HOME");
        if (home != null && !home.isBlank()) {
            return root.invocation.workingDirectory().resolve(home).normalize();
        }
        String user = variables.getOrDefault("HOME", System.getProperty("user.home"));
        return Path.of(user).resolve(".graphiti");
    }

    /** The configured language model, or empty when llm.endpoint is not set. */
    Optional<dev.graphiti.llm.LlmSettings> llm() {
        return dev.graphiti.llm.LlmSettings.of(config().get(ConfigKeys.LLM_ENDPOINT), config().get(ConfigKeys.LLM_MODEL),
                config().get(ConfigKeys.LLM_API_KEY));
    }

    /** The settings, loaded once; a line of the file that cannot be read is named on stderr and keeps its default. */
    Config config() {
        if (config == null) {
            config = Config.load(home());
            if (!quiet()) {
                config.unreadable().forEach(problem -> err().println("graphiti: warning: " + problem));
            }
        }
        return config;
    }

    GraphLocation location() {
        if (root.global && root.project) {
            throw new InvalidInputException("--global and --project exclude each other; give one");
        }
        Optional<Scope> requested = root.global ? Optional.of(Scope.global)
                : root.project ? Optional.of(Scope.project) : Optional.empty();
        return new ScopeResolver(home()).resolve(directory(), requested);
    }

    /** Opens the graph's database, creating it (and keeping it out of git) on first use. */
    Graph openGraph() {
        GraphLocation location = location();
        location.workTree().ifPresent(tree -> {
            try {
                tree.exclude("/" + ScopeResolver.PROJECT_DIRECTORY + "/");
            } catch (IOException e) {
                if (!quiet()) {
                    err().println("graphiti: warning: could not add .graphiti/ to " + tree.commonDir()
                            + "/info/exclude (" + e.getMessage() + ")");
                }
            }
        });
        GraphDatabase database = store().openWithIngest(location.database(), location.scope());
        // Told on opening and again on closing, after the command's writes committed.
        Runnable tell = () -> invocation().semantics().ifPresent(semantics -> semantics.opened(location.database(), location.scope()));
        tell.run();
        return new Graph(location, database.items(), database.ingest(), database.vectors(), tell);
    }

    /** Opens what git indexing and capture remember, in the same database file as the graph. */
    IngestState openIngest() {
        return store().openIngest(location().database());
    }

    /**
     * The store the configured busy wait asks for. In the program's own process SQLite's native library is
     * first pointed at the copy kept in this home's cache (see {@link NativeLibrary}), unless the user chose one.
     */
    private SqliteStore store() {
        if (invocation().environment().ownProcess() && System.getProperty(NativeLibrary.PATH_PROPERTY) == null) {
            NativeLibrary.keptIn(home().resolve("cache")).ifPresent(library -> {
                System.setProperty(NativeLibrary.PATH_PROPERTY, library.getParent().toString());
                System.setProperty(NativeLibrary.NAME_PROPERTY, library.getFileName().toString());
            });
        }
        Duration wait = Duration.ofMillis(config().getInt(ConfigKeys.STORE_BUSY_TIMEOUT_MS));
        return new SqliteStore(Duration.ofSeconds(5), wait, invocation().connections());
    }

    ItemService items(Graph graph) {
        return new ItemService(graph.repository(), graph.location().scope(), Redactions.standard(),
                new EntityExtractor(), new ItemIds(), clock, config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES));
    }

    /**
     * An open graph; close it when the command is done. Its ingest state shares the connection, for reading;
     * indexing and capture write theirs through {@link #openIngest}, a connection of its own.
     */
    record Graph(GraphLocation location, ItemRepository repository, IngestState ingest, VectorStore vectors,
                 Runnable closed) implements AutoCloseable {
        @Override
        public void close() {
            closed.run();
            vectors.close();
            ingest.close();
            repository.close();
        }
    }
}
