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
 * knowledge anchored to them is read from `graphiti export` (every item with its anchors and marks), each anchor followed
 * through the renames git made after the item ({@link Renames}); then, for a sample
 * of those files and as many files with none, the hook's own command (`graphiti recall --file`, Claude Code's Edit
 * payload on stdin, a new session each) runs in this JVM through the CLI, as the server runs it for the hook's socket.
 * Prints the share of edits told something, of files with nothing told nothing, and the wall p50/p95 per edit, then
 * each file with none that was told something, with the items told and their file anchors (the cases to judge).
 * {@code FileHookBenchmark REPOSITORY [SAMPLE]}.
 */
public final class FileHookBenchmark {

    private FileHookBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(args[0]).toAbsolutePath();
        int sample = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        // A home of its own: the told-once lists of a run before (same session names) would silence this one.
        Path home = Files.createTempDirectory("graphiti-bench-home");
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("GRAPHITI_HOME", home.toString());
        Cli cli = new Cli(CliEnvironment.embedded(environment));
        Path export = Files.createTempFile("graphiti-export", ".jsonl");
        run(cli, repo, "", "export", export.toString(), "--force");
        Set<String> tracked = new LinkedHashSet<>(Arrays.asList(git(repo, "ls-files").split("\n")));
        Renames renames = Renames.of(git(repo, "log", "-M", "--diff-filter=R", "--name-status", "--format=%x01%at", "HEAD"));
        Map<String, Integer> carrying = new HashMap<>();
        Map<String, JsonObject> byId = new HashMap<>();
        for (String line : Files.readAllLines(export)) {
            JsonObject item = parse(line);
            if (item.containsKey("id")) {
                byId.put(item.getString("id"), item);
            }
            if (!item.containsKey("kind") || item.getString("kind").equals("commit") || item.containsKey("ended_by")
                    || item.containsKey("superseded_by") || !item.containsKey("anchors")) {
                continue;
            }
            long created = java.time.Instant.parse(item.getString("created_at")).getEpochSecond();
            for (JsonObject anchor : item.getJsonArray("anchors").getValuesAs(JsonObject.class)) {
                String file = anchor.getString("kind").equals("file")
                        ? renames.follow(anchor.getString("value"), created) : "";
                if (tracked.contains(file)) {
                    carrying.merge(file, 1, Integer::sum);
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
        List<String> wrong = new ArrayList<>();
        for (String file : without) {
            long start = System.nanoTime();
            String said = edit(cli, repo, file, "n-" + file);
            nanos.add(System.nanoTime() - start);
            if (said.isBlank()) {
                silent++;
            } else {
                wrong.add(file + ": " + told(said, byId));
            }
        }
        Collections.sort(nanos);
        System.out.printf("PreToolUse (in-process, the hook's command): %d tracked files carry current anchored knowledge;"
                        + " told for %d/%d edits of them (%.0f%%), nothing for %d/%d files with none; wall p50 %.1f ms,"
                        + " p95 %.1f ms%n", carrying.size(), told, with.size(), 100.0 * told / Math.max(1, with.size()),
                silent, without.size(), nanos.get(nanos.size() / 2) / 1e6, nanos.get(nanos.size() * 95 / 100) / 1e6);
        missed.stream().limit(10).forEach(file -> System.out.println("  told nothing: " + file));
        wrong.forEach(file -> System.out.println("  told on a file with none: " + file));
        try (var files = Files.walk(home)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /**
     * The renames on HEAD's history, read from git here (not from the graph): the rule the hook is held to is that an
     * item anchored to a path is about the file that path became by the renames after the item, so a decision anchored
     * to a file's old name is about the renamed file, and a file later made again at the old name is another file.
     */
    private record Renames(Map<String, List<Map.Entry<Long, String>>> from) {

        static Renames of(String log) {
            Map<String, List<Map.Entry<Long, String>>> from = new HashMap<>();
            long at = 0;
            for (String line : log.split("\n")) {
                if (line.startsWith("\u0001")) {
                    at = Long.parseLong(line.substring(1).strip());
                } else if (line.startsWith("R")) {
                    String[] parts = line.split("\t");
                    from.computeIfAbsent(parts[1], path -> new ArrayList<>()).add(Map.entry(at, parts[2]));
                }
            }
            from.values().forEach(list -> list.sort(Map.Entry.comparingByKey()));
            return new Renames(from);
        }

        /** Where {@code path}, as of {@code second}, is now: its first rename at or after then, and so on. */
        String follow(String path, long second) {
            for (int step = 0; step < 64; step++) {
                final long since = second;
                var next = from.getOrDefault(path, List.of()).stream().filter(rename -> rename.getKey() >= since)
                        .findFirst();
                if (next.isEmpty()) {
                    return path;
                }
                second = next.get().getKey();
                path = next.get().getValue();
            }
            return path;
        }
    }

    /** The items a hook's answer told, each with its kind, title and file anchors. */
    private static String told(String said, Map<String, JsonObject> byId) {
        List<String> items = new ArrayList<>();
        java.util.regex.Matcher line = java.util.regex.Pattern.compile("- \\[\\w+ ([^,]+), by").matcher(said);
        while (line.find()) {
            JsonObject item = byId.get(line.group(1));
            if (item == null) {
                items.add(line.group(1) + " (not exported)");
                continue;
            }
            List<String> files = item.getJsonArray("anchors").getValuesAs(JsonObject.class).stream()
                    .filter(anchor -> anchor.getString("kind").equals("file")).map(anchor -> anchor.getString("value"))
                    .toList();
            items.add("[" + item.getString("kind") + " " + item.getString("source", "") + "] "
                    + item.getString("title", "") + " anchors " + files);
        }
        return String.join(" | ", items);
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
