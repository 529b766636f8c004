package dev.graphiti.install;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What `--client` names: Claude Code ("claude") and the {@link Agent}s, a comma-separated list of them, or
 * "all": every one found on this machine, each with the reason it counts as found or was skipped.
 */
public record Clients(List<String> chosen, Map<String, String> found, Map<String, String> skipped) {

    public static final String CLAUDE = "claude";
    public static final String ALL = "all";

    public Clients {
        chosen = List.copyOf(chosen);
        found = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(found));
        skipped = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(skipped));
    }

    /** Every name --client takes besides "all". */
    public static List<String> names() {
        List<String> names = new ArrayList<>(List.of(CLAUDE));
        Arrays.stream(Agent.values()).map(Agent::id).forEach(names::add);
        return names;
    }

    public static Clients parse(List<String> given, Map<String, String> variables) throws InstallException {
        List<String> chosen = new ArrayList<>();
        Map<String, String> found = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        for (String name : given) {
            String id = name.trim().toLowerCase(java.util.Locale.ROOT);
            if (id.equals(ALL)) {
                for (String each : names()) {
                    Optional<String> why = foundOn(each, variables);
                    if (why.isPresent()) {
                        found.put(each, why.get());
                        if (!chosen.contains(each)) {
                            chosen.add(each);
                        }
                    } else {
                        skipped.put(each, "not found (" + where(each, variables) + ")");
                    }
                }
            } else if (names().contains(id)) {
                if (!chosen.contains(id)) {
                    chosen.add(id);
                }
            } else {
                throw new InstallException("unknown client '" + name + "'; use one or more of " + String.join(", ", names())
                        + " (comma-separated), or all");
            }
        }
        return new Clients(chosen, found, skipped);
    }

    private static Optional<String> foundOn(String id, Map<String, String> variables) {
        if (!id.equals(CLAUDE)) {
            return Agent.named(id).orElseThrow().foundOn(variables);
        }
        Path dir = Path.of(variables.getOrDefault("HOME", System.getProperty("user.home"))).resolve(".claude");
        if (Files.isDirectory(dir)) {
            return Optional.of(dir + " exists");
        }
        for (String entry : variables.getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!entry.isBlank() && Files.isExecutable(Path.of(entry, "claude"))) {
                return Optional.of("`claude` is on PATH (" + Path.of(entry, "claude") + ")");
            }
        }
        return Optional.empty();
    }

    private static String where(String id, Map<String, String> variables) {
        if (id.equals(CLAUDE)) {
            return "no ~/.claude, no `claude` on PATH";
        }
        Agent agent = Agent.named(id).orElseThrow();
        return "no " + agent.userDirectory(variables) + ", no `" + agent.executable() + "` on PATH";
    }

    /** The JSON `--format json` prints for several clients: each client's report, and what was skipped and why. */
    public static String toJson(String action, Map<String, InstallReport> reports, Map<String, String> failed,
                                Map<String, String> skipped) {
        StringBuilder out = new StringBuilder("{\"action\":").append(JsonWriter.quote(action)).append(",\"clients\":{");
        out.append(String.join(",", reports.entrySet().stream()
                .map(e -> JsonWriter.quote(e.getKey()) + ":" + e.getValue().toJson()).toList()));
        out.append("},\"failed\":").append(JsonWriter.write(object(failed), JsonStyle.COMPACT, ""));
        out.append(",\"skipped\":").append(JsonWriter.write(object(skipped), JsonStyle.COMPACT, "")).append('}');
        return out.toString();
    }

    private static Json object(Map<String, String> values) {
        Map<String, Json> members = new LinkedHashMap<>();
        values.forEach((k, v) -> members.put(k, Json.string(v)));
        return new Json.JObject(members);
    }
}
