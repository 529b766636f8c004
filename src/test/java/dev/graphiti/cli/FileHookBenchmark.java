package dev.graphiti.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The PreToolUse hook's hit rate on an indexed repository (scripts/bench-knowledge): which tracked files carry current
 * knowledge anchored to them is read from `graphiti export` (every item with its anchors and marks); then, for a sample
 * of those files and as many files with none, the hook's own command (`graphiti recall --file`, Claude Code's Edit
 * payload on stdin, a new session each) runs in this JVM through the CLI, as the server runs it for the hook's socket.
 * Prints the share of edits told something, of files with nothing told nothing, and the wall p50/p95 per edit.
 * {@code FileHookBenchmark REPOSITORY [SAMPLE]}.
 */
public final class FileHookBenchmark {

    private FileHookBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(args[0]).toAbsolutePath();
        int sample = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Cli cli = new Cli(CliEnvironment.embedded(System.getenv()));
        Path export = Files.createTempFile("graphiti-export", ".jsonl");
        run(cli, repo, "", "export", export.toString(), "--force");
        Set<String> tracked = new LinkedHashSet<>(Arrays.asList(git(repo, "ls-files").split("\n")));
        Map<String, Integer> carrying = new HashMap<>();
        for (String line : Files.readAllLines(export)) {
            JsonObject item = parse(line);
            if (!item.containsKey("kind") || item.getString("kind").equals("commit") || item.containsKey("ended_by")
                    || item.containsKey("superseded_by") || !item.containsKey("anchors")) {
                continue;
            }
            for (JsonObject anchor : item.getJsonArray("anchors").getValuesAs(JsonObject.class)) {
                if (anchor.getString("kind").equals("file") && tracked.contains(anchor.getString("value"))) {
                    carrying.merge(anchor.getString("value"), 1, Integer::sum);
                }
            }
        }
        Files.delete(export);
        List<String> with = new ArrayList<>(carrying.keySet());
        List<String> without = new ArrayList<>(tracked);
        without.removeAll(carrying.keySet());
        Random random = new Random(32);
        Collections.sort(with);
        Collections.sort(without);
        Collections.shuffle(with, random);
        Collections.shuffle(without, random);
        with = with.subList(0, Math.min(sample, with.size()));
        without = without.subList(0, Math.min(sample, without.size()));
        edit(cli, repo, without.get(0), "warm-up");
        List<Long> nanos = new ArrayList<>();
        int told = 0;
        List<String> missed = new ArrayList<>();
        for (String file : with) {
            long start = System.nanoTime();
            boolean said = !edit(cli, repo, file, "w-" + file).isBlank();
            nanos.add(System.nanoTime() - start);
            told += said ? 1 : 0;
            if (!said) {
                missed.add(file + " (" + carrying.get(file) + " anchored)");
            }
        }
        int silent = 0;
        for (String file : without) {
            long start = System.nanoTime();
            silent += edit(cli, repo, file, "n-" + file).isBlank() ? 1 : 0;
            nanos.add(System.nanoTime() - start);
        }
        Collections.sort(nanos);
        System.out.printf("PreToolUse (in-process, the hook's command): %d tracked files carry current anchored knowledge;"
                        + " told for %d/%d edits of them (%.0f%%), nothing for %d/%d files with none; wall p50 %.1f ms,"
                        + " p95 %.1f ms%n", carrying.size(), told, with.size(), 100.0 * told / Math.max(1, with.size()),
                silent, without.size(), nanos.get(nanos.size() / 2) / 1e6, nanos.get(nanos.size() * 95 / 100) / 1e6);
        missed.stream().limit(10).forEach(file -> System.out.println("  told nothing: " + file));
    }

    private static String edit(Cli cli, Path repo, String file, String session) {
        String payload = Json.createObjectBuilder().add("session_id", session).add("hook_event_name", "PreToolUse")
                .add("cwd", repo.toString()).add("tool_name", "Edit")
                .add("tool_input", Json.createObjectBuilder().add("file_path", repo.resolve(file).toString())).build()
                .toString();
        return run(cli, repo, payload, "recall", "--file");
    }

    private static String run(Cli cli, Path repo, String stdin, String... args) {
        StringWriter out = new StringWriter();
        int code = cli.run(List.of(args), repo, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(new StringWriter()));
        if (code != 0) {
            throw new IllegalStateException("graphiti " + String.join(" ", args) + " exited " + code);
        }
        return out.toString();
    }

    private static JsonObject parse(String line) {
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            return reader.readObject();
        }
    }

    private static String git(Path repo, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return out;
    }
}
