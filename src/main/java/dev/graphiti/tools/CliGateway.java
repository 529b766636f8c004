package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.tools.ProjectDirectory.Place;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The CLI as the tools see it: adds the global options a call needs (-C for the session's project,
 * --format json, the scope), runs the command through the configured runner, and renders the outcome.
 */
public final class CliGateway {

    /** How long a task's command may run (a tool call's command: the runner's timeout, 60 s by default). */
    static final Duration TASK_TIMEOUT = Duration.ofHours(1);

    private final CliRunner runner;
    private final ProjectDirectory projects;
    private final ResultRenderer renderer;
    private final LongCommands longCommands;

    public CliGateway(CliRunner runner, ProjectDirectory projects, ResultRenderer renderer) {
        this(runner, projects, renderer, RunnerLimits.defaultLongCommands());
    }

    /** @param longCommands how many imports, exports, indexing runs, captures and compactions run at once */
    public CliGateway(CliRunner runner, ProjectDirectory projects, ResultRenderer renderer, int longCommands) {
        this.runner = runner;
        this.projects = projects;
        this.renderer = renderer;
        this.longCommands = new LongCommands(longCommands);
    }

    public CliRunner runner() {
        return runner;
    }

    public ResultRenderer renderer() {
        return renderer;
    }

    /** Runs {@code command} (subcommand and its options) for the call and renders its JSON output. */
    ToolResult call(List<String> command, JsonObject arguments, RequestContext context, ResultShape shape) {
        return renderer.render(command.get(0), run(command, arguments, context), shape, row -> java.util.Optional.empty(),
                context != null && context.rendersApps());
    }

    /** Runs {@code command} for the call and returns the outcome, its messages in the tool's argument names. */
    CliOutcome run(List<String> command, JsonObject arguments, RequestContext context) {
        return run(command, arguments, place(arguments, context), context);
    }

    /**
     * Runs {@code command}, a long job (a full index, a transcript backfill, a compaction, an embedding backfill), as a
     * task where the client accepts tasks: the call is answered with the task's handle and the command may run
     * {@link #TASK_TIMEOUT}; otherwise it runs in the call, within the call's timeout. Either way the command reports
     * its counts (--json-progress) and they become the request's progress: the task's, or progress notifications when
     * the call asked for them. The project and arguments are checked first, so a bad call is answered at once.
     */
    ToolResult longJob(List<String> command, JsonObject arguments, RequestContext context, ResultShape shape) throws Exception {
        Place place = place(arguments, context);
        argv(command, arguments, place);
        if (context == null) { // no request to report to (a direct call)
            return call(command, arguments, null, shape);
        }
        String job = "graphiti " + String.join(" ", command);
        return context.asTask(() -> {
            Duration timeout = null;
            if (context.inTask()) {
                timeout = TASK_TIMEOUT;
                context.progress(0, null, "running " + job);
            }
            Consumer<JobProgress> progress = counts -> context.progress(counts.done(), (double) counts.total(),
                    job + ": " + counts.text());
            return renderer.render(command.get(0), run(command, arguments, place, context, timeout, progress), shape);
        });
    }

    /** Runs {@code command} for the call in a place resolved earlier. */
    CliOutcome run(List<String> command, JsonObject arguments, Place place, RequestContext context) {
        return run(command, arguments, place, context, null, null);
    }

    private CliOutcome run(List<String> command, JsonObject arguments, Place place, RequestContext context, Duration timeout,
                           Consumer<JobProgress> progress) {
        List<String> argv = argv(command, arguments, place);
        if (progress != null) {
            argv.add(0, "--json-progress");
        }
        CliOutcome outcome;
        try (var permit = longCommands.enter(command.get(0))) {
            outcome = runner.run(new CliCall(argv, place.directory(), context == null ? null : context::isCancelled, timeout,
                    progress));
        }
        return command instanceof CliArguments built && !outcome.succeeded()
                ? outcome.withStderr(built.inToolTerms(outcome.stderr())) : outcome;
    }

    /** Runs {@code command} in a place resolved earlier, with no request to follow (background work). */
    CliOutcome runIn(List<String> command, JsonObject arguments, Place place) {
        return runner.run(new CliCall(argv(command, arguments, place), place.directory()));
    }

    /** The project directory of a call, within the directories the server may reach. */
    Place place(JsonObject arguments, RequestContext context) {
        return projects.resolve(arguments, context);
    }

    ProjectDirectory projects() {
        return projects;
    }

    /**
     * The full argument list: global options first, then the command. A call with no project runs on the global
     * graph, whatever git work tree the server's own directory belongs to.
     */
    static List<String> argv(List<String> command, JsonObject arguments, Place place) {
        List<String> argv = new ArrayList<>(List.of("-C", place.directory().toString(), "--format", "json"));
        Optional<String> scope = ScopeArgument.of(arguments).option();
        if (place.noProject().isPresent()) {
            if (scope.filter("--project"::equals).isPresent()) {
                throw new IllegalArgumentException(place.noProject().get());
            }
            scope = Optional.of("--global");
        }
        scope.ifPresent(argv::add);
        argv.addAll(command);
        return argv;
    }
}
