package dev.graphiti.tools;

import dev.graphiti.protocol.RequestContext;
import dev.graphiti.protocol.ToolResult;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CLI as the tools see it: adds the global options a call needs (-C for the session's project,
 * --format json, the scope), runs the command through the configured runner, and renders the outcome.
 */
public final class CliGateway {

    private final CliRunner runner;
    private final ProjectDirectory projects;
    private final ResultRenderer renderer;

    public CliGateway(CliRunner runner, ProjectDirectory projects, ResultRenderer renderer) {
        this.runner = runner;
        this.projects = projects;
        this.renderer = renderer;
    }

    public CliRunner runner() {
        return runner;
    }

    public ResultRenderer renderer() {
        return renderer;
    }

    /** Runs {@code command} (subcommand and its options) for the call and renders its JSON output. */
    ToolResult call(List<String> command, JsonObject arguments, RequestContext context, ResultShape shape) {
        return renderer.render(command.get(0), run(command, arguments, context), shape);
    }

    /** Runs {@code command} for the call and returns the outcome, its messages in the tool's argument names. */
    CliOutcome run(List<String> command, JsonObject arguments, RequestContext context) {
        Path directory = directory(arguments, context);
        CliOutcome outcome = runner.run(new CliCall(argv(command, arguments, directory), directory,
                context == null ? null : context::isCancelled));
        return command instanceof CliArguments built && !outcome.succeeded()
                ? outcome.withStderr(built.inToolTerms(outcome.stderr())) : outcome;
    }

    /** Runs {@code command} in a directory resolved earlier, with no request to follow (background work). */
    CliOutcome runIn(List<String> command, JsonObject arguments, Path directory) {
        return runner.run(new CliCall(argv(command, arguments, directory), directory));
    }

    /** The project directory of a call. */
    Path directory(JsonObject arguments, RequestContext context) {
        return projects.resolve(arguments, context);
    }

    /** The full argument list: global options first, then the command. */
    static List<String> argv(List<String> command, JsonObject arguments, Path directory) {
        List<String> argv = new ArrayList<>(List.of("-C", directory.toString(), "--format", "json"));
        if (arguments.get("scope") instanceof JsonString scope) {
            argv.add(switch (scope.getString()) {
                case "global" -> "--global";
                case "project" -> "--project";
                default -> throw new IllegalArgumentException("scope must be project or global");
            });
        }
        argv.addAll(command);
        return argv;
    }
}
