package dev.graphiti.hooksocket;

import dev.graphiti.cli.Cli;
import dev.graphiti.hook.HookRun;
import jakarta.json.Json;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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

    /**
     * The prompt hook's own command once, its answer thrown away: the newest item's title as the prompt of a session
     * no agent has (its claim is pruned with the others), so what the user's first prompt runs (the hook's JSON in and
     * out, item rows, ranking, the prompt's claims) is loaded and run before the socket is offered. A recall that
     * found nothing left that to the first prompt, which then took two to three times a warm answer (issue 33).
     */
    @Override
    public void prepare() {
        StringWriter listed = new StringWriter();
        StringWriter ignored = new StringWriter();
        cli.run(List.of("list", "-l", "1", "--format", "json"), directory, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(listed), new PrintWriter(ignored));
        String prompt = "graphiti prepares the prompt hook";
        try (var reader = Json.createReader(new StringReader(listed.toString()))) {
            var items = reader.readArray();
            if (!items.isEmpty()) {
                prompt = items.getJsonObject(0).getString("title", prompt);
            }
        } catch (RuntimeException e) {
            // an empty graph or an answer that is not a list: the fixed prompt readies the rest
        }
        byte[] hookJson = Json.createObjectBuilder().add("session_id", "graphiti-prepare-" + UUID.randomUUID())
                .add("hook_event_name", "UserPromptSubmit").add("cwd", directory.toString()).add("prompt", prompt)
                .build().toString().getBytes(StandardCharsets.UTF_8);
        cli.run(COMMANDS.get("/recall"), directory, new ByteArrayInputStream(hookJson), new PrintWriter(ignored),
                new PrintWriter(ignored));
    }
}
