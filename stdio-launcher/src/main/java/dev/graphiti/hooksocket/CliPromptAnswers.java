package dev.graphiti.hooksocket;

import dev.graphiti.cli.Cli;
import dev.graphiti.hook.HookRun;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The hooks' cold commands (`graphiti recall --prompt`, `recall --file`, `context --session-start`) run in the
 * server's JVM for the project the server was started in: the same command the hook would start cold (same graph,
 * budget, redaction, once-per-prompt, once-per-session and once-per-start claims), with the classes loaded, the
 * code compiled, the server's token counter and the graph's connection kept open, and by meaning too with the
 * server's embedding model and vectors once the server has loaded them (the same ones its tools search with, never a
 * second model, and never loaded for a prompt: {@link LoadedModelOnly}). The request never names a directory or a
 * command.
 */
public final class CliPromptAnswers implements PromptAnswers {

    private static final Map<String, List<String>> COMMANDS = Map.of("/recall", List.of("recall", "--prompt"),
            "/file", List.of("recall", "--file"), "/context", List.of("context", "--session-start"));

    private final Cli cli;
    private final Path directory;
    private final Consumer<String> notices;

    /**
     * @param cli the server's CLI (assembly.GraphitiProcess builds one per process): its token counter, its kept
     *            connections and, once loaded, its model; the server closes it
     */
    public CliPromptAnswers(Cli cli, Path directory, Consumer<String> notices) {
        this.cli = cli.searchingWith(cli.semantics().map(LoadedModelOnly::new));
        this.directory = directory;
        this.notices = notices;
    }

    @Override
    public byte[] answer(String hook, byte[] hookJson, HookRun run) {
        List<String> command = new ArrayList<>(COMMANDS.get(hook));
        // claimed in the client's name: if this answer never reaches it, its cold command takes the claims over
        run.id().ifPresent(id -> command.addAll(List.of("--hook-run", id)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.run(command, directory, new ByteArrayInputStream(hookJson), new PrintWriter(out), new PrintWriter(err));
        // What the cold hook would have said on its stderr goes to the server's log.
        err.toString().lines().filter(line -> !line.isBlank())
                .forEach(line -> notices.accept(hook.substring(1) + " hook: " + line.replaceFirst("^graphiti: ", "")));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A recall that claims nothing (not the hook's form): its answer is thrown away. */
    @Override
    public void prepare() {
        StringWriter ignored = new StringWriter();
        cli.run(List.of("recall", "--tokens", "100", "graphiti prepares the prompt hook"), directory,
                new ByteArrayInputStream(new byte[0]), new PrintWriter(ignored), new PrintWriter(ignored));
    }
}
