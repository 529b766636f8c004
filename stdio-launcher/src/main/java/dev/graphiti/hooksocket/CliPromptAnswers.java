package dev.graphiti.hooksocket;

import dev.graphiti.cli.Cli;
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

    /**
     * How long after it starts an answer may still claim its prompt or tell its items: well inside the client's 2 s
     * (graphiti-prompt-hook's curl --max-time), so a late answer leaves both to the cold command the client runs then.
     */
    static final long CLAIM_MILLIS = 1500;

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
    public byte[] answer(String hook, byte[] hookJson) {
        List<String> command = COMMANDS.get(hook);
        long claimUntil = System.currentTimeMillis() + CLAIM_MILLIS;
        boolean claims = command.get(0).equals("recall");
        if (claims) {
            command = new ArrayList<>(command);
            command.addAll(List.of("--claim-until", Long.toString(claimUntil)));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.run(command, directory, new ByteArrayInputStream(hookJson), new PrintWriter(out), new PrintWriter(err));
        // What the cold hook would have said on its stderr goes to the server's log.
        err.toString().lines().filter(line -> !line.isBlank())
                .forEach(line -> notices.accept(hook.substring(1) + " hook: " + line.replaceFirst("^graphiti: ", "")));
        if (claims && out.getBuffer().isEmpty() && System.currentTimeMillis() > claimUntil) {
            throw new LateAnswer(hook); // it may have said nothing only because it was late: the cold command decides
        }
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
