package dev.graphiti.cli;

import dev.graphiti.config.Config;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.Locations;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.service.Graphs;
import dev.graphiti.service.Items;
import dev.graphiti.store.KeptConnections;
import dev.graphiti.store.Stores;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What a subcommand works with, resolved once from the global options and the invocation: the directory,
 * the graphiti home, the settings, the graph's location, and the services that open it.
 */
final class CommandContext {

    private final GlobalOptions root;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Clock clock = Clock.systemUTC();
    private Config config;
    private Graphs graphs;

    CommandContext(CommandSpec spec) {
        this((GraphitiCommand) spec.root().userObject(), spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** A context without picocli: the root's global options as they are, output on {@code out} and {@code err}. */
    CommandContext(GraphitiCommand root, PrintWriter out, PrintWriter err) {
        this.root = GlobalOptions.of(root);
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
        return root.format() == OutputFormat.json;
    }

    /**
     * Hands on what a typed operation answered: with --format json to the in-process caller as the value itself, or
     * printed as one line of JSON when nobody takes it (a process); as {@code text} otherwise.
     */
    void answer(Answer answer, Runnable text) {
        if (!json()) {
            text.run();
        } else if (root.invocation().answers().isPresent()) {
            root.invocation().answers().get().accept(answer);
        } else {
            JsonShapes.print(out, answer.json());
        }
    }

    boolean quiet() {
        return root.quiet();
    }

    /** Whether a long command reports its progress as JSON lines on stderr ({@link ProgressLines}). */
    boolean jsonProgress() {
        return root.jsonProgress();
    }

    /** Colour for text output: only at a terminal, and not under NO_COLOR. */
    Colour colour() {
        return Colour.of(root.invocation().environment());
    }

    Invocation invocation() {
        return root.invocation();
    }

    Clock clock() {
        return clock;
    }

    /** The directory the command acts in: the invocation's, or -C DIR resolved against it. */
    Path directory() {
        Path base = root.invocation().workingDirectory();
        if (root.directory() == null) {
            return base;
        }
        Path dir = base.resolve(root.directory()).normalize();
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException("-C " + root.directory() + ": no such directory");
        }
        return dir;
    }

    /** Where graphiti and Claude Code keep their files (see {@link Locations}). */
    Locations locations() {
        CliEnvironment environment = root.invocation().environment();
        return Locations.of(environment.variables(), environment.settings(), root.invocation().workingDirectory());
    }

    /** GRAPHITI_HOME, or ~/.graphiti. */
    Path home() {
        return locations().home();
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
        return new ScopeResolver(home()).resolve(directory(), requestedScope());
    }

    /** The scope --global or --project asks for; empty when neither is given (the directory decides). */
    Optional<Scope> requestedScope() {
        if (root.global() && root.project()) {
            throw new InvalidInputException("--global and --project exclude each other; give one");
        }
        return root.global() ? Optional.of(Scope.global) : root.project() ? Optional.of(Scope.project) : Optional.empty();
    }

    /**
     * Opens graphs with the configured busy wait. In the program's own process SQLite's native library is first
     * pointed at the copy kept in this home's cache, unless the user chose one.
     */
    Graphs graphs() {
        if (graphs == null) {
            graphs = graphs(invocation().connections(), invocation().semantics());
        }
        return graphs;
    }

    /**
     * Opens graphs as {@link #graphs()} does, for a command that serves until stopped (`graphiti ui`): with the
     * connections it keeps ({@code kept}, PostgreSQL's pooled) and its own semantic search.
     */
    Graphs graphs(Optional<KeptConnections> kept, Optional<SemanticSearch> semantics) {
        if (invocation().environment().ownProcess()) {
            Stores.loadNativeLibraryFrom(locations().cache());
        }
        Duration wait = Duration.ofMillis(config().getInt(ConfigKeys.STORE_BUSY_TIMEOUT_MS));
        return new Graphs(Stores.configured(invocation().environment().settings().store(), wait, kept), semantics, this::warn);
    }

    /** A problem that does not stop the command, on stderr unless --quiet. */
    void warn(String problem) {
        if (!quiet()) {
            err().println("graphiti: warning: " + problem);
        }
    }

    /** Adding, finding and deleting items, with the configured size limit. */
    Items items() {
        return new Items(graphs(), clock, config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES));
    }

    /**
     * The root's global options and invocation as this call gave them. Copied, because picocli's model is lent to the
     * next call once this one returns (CommandLines), while work this call started (a capture in the background) goes on.
     */
    private record GlobalOptions(Invocation invocation, OutputFormat format, boolean quiet, boolean jsonProgress,
                                 String directory, boolean global, boolean project) {
        static GlobalOptions of(GraphitiCommand root) {
            return new GlobalOptions(root.invocation, root.format, root.quiet, root.jsonProgress, root.directory,
                    root.global, root.project);
        }
    }
}
