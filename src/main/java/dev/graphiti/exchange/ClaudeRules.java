package dev.graphiti.exchange;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.KnowledgeItem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * `graphiti export --as claude-rules`: Claude Code's path-scoped rules, one file {@code graphiti-<name>-<hash>.md}
 * in .claude/rules per group of settled items anchored to the same files, with those files as its {@code paths} front
 * matter: Claude Code loads such a rule only when it works with a matching file (its rules loader reads the
 * front matter's {@code paths}, a YAML list or a comma-separated string of globs relative to the project). Items
 * anchored to no file get none. Exporting again writes only the files whose bytes change and deletes graphiti's rules
 * no group needs any more; a file graphiti did not write (no {@code graphiti-} name or no {@link GraphitiSection}
 * part) is never touched, and one whose name graphiti needs stops the export before anything is written.
 */
public final class ClaudeRules {

    static final String PREFIX = "graphiti-";
    /** Characters Claude Code's loader reads as glob or list syntax: a path with one cannot be given exactly. */
    private static final String GLOB_SYNTAX = "*?[]{}()!,\"\\";

    private final Path folder;

    public ClaudeRules(Path folder) {
        this.folder = folder;
    }

    /** Writes one rule per anchored group of {@code items} (already {@link SettledItems}); returns what changed. */
    public BridgeOutcome write(List<KnowledgeItem> items) {
        Map<List<String>, List<KnowledgeItem>> groups = new TreeMap<>((a, b) -> String.join("\n", a)
                .compareTo(String.join("\n", b)));
        for (KnowledgeItem item : items) {
            List<String> paths = item.anchors().stream().filter(anchor -> anchor.kind() == Anchor.Kind.file)
                    .map(Anchor::value).filter(ClaudeRules::expressible).distinct().sorted().toList();
            if (!paths.isEmpty()) {
                groups.computeIfAbsent(paths, key -> new ArrayList<>()).add(item);
            }
        }
        Map<Path, String> wanted = new LinkedHashMap<>();
        groups.forEach((paths, group) -> wanted.put(folder.resolve(name(paths)), rule(paths, group)));
        Map<Path, String> ours = ours();
        for (Path file : wanted.keySet()) {
            if (Files.exists(file) && !ours.containsKey(file)) {
                throw new InvalidInputException(file + " was not written by graphiti; rename or delete it, then export"
                        + " again (nothing was written)");
            }
        }
        List<Path> written = new ArrayList<>();
        int unchanged = 0;
        for (Map.Entry<Path, String> rule : wanted.entrySet()) {
            if (UserFile.write(rule.getKey(), Optional.ofNullable(ours.get(rule.getKey())), rule.getValue(), false)) {
                written.add(rule.getKey());
            } else {
                unchanged++;
            }
        }
        List<Path> removed = new ArrayList<>();
        for (Path stale : ours.keySet()) {
            if (!wanted.containsKey(stale)) {
                UserFile.delete(stale);
                removed.add(stale);
            }
        }
        int told = groups.values().stream().mapToInt(List::size).sum();
        return new BridgeOutcome(told, written, removed, unchanged);
    }

    /** Deletes every rule graphiti wrote, and the folder when that leaves it empty. */
    public BridgeOutcome remove() {
        List<Path> removed = new ArrayList<>(ours().keySet());
        removed.forEach(UserFile::delete);
        if (!removed.isEmpty()) {
            try (Stream<Path> rest = Files.list(folder)) {
                if (rest.findAny().isEmpty()) {
                    Files.delete(folder);
                }
            } catch (IOException e) {
                throw new GraphException("cannot list " + folder + " (" + e.getMessage() + ")", e);
            }
        }
        return new BridgeOutcome(0, List.of(), removed, 0);
    }

    /** The rules in the folder that graphiti wrote (a graphiti- name and graphiti's part), with their text. */
    private Map<Path, String> ours() {
        Map<Path, String> ours = new TreeMap<>();
        if (!Files.isDirectory(folder)) {
            return ours;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*.md")) {
            for (Path file : files) {
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    String text = Files.readString(file, StandardCharsets.UTF_8);
                    if (text.contains(GraphitiSection.BEGIN)) {
                        ours.put(file, text);
                    }
                }
            }
        } catch (IOException e) {
            throw new GraphException("cannot read " + folder + " (" + e.getMessage() + ")", e);
        }
        return ours;
    }

    private static boolean expressible(String path) {
        return path.chars().noneMatch(c -> GLOB_SYNTAX.indexOf(c) >= 0 || Character.isISOControl(c));
    }

    /** graphiti-&lt;the first file's name&gt;-&lt;8 hex digits of all the paths&gt;.md: stable for the same files. */
    static String name(List<String> paths) {
        String first = paths.get(0).substring(paths.get(0).lastIndexOf('/') + 1).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(String.join("\n", paths)
                    .getBytes(StandardCharsets.UTF_8));
            return PREFIX + (first.isEmpty() ? "" : first.substring(0, Math.min(40, first.length())) + "-")
                    + HexFormat.of().formatHex(hash, 0, 4) + ".md";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    static String rule(List<String> paths, List<KnowledgeItem> items) {
        StringBuilder text = new StringBuilder("---\npaths:\n");
        paths.forEach(path -> text.append("  - \"").append(path).append("\"\n"));
        return text.append("---\n").append(GraphitiSection.BEGIN).append('\n')
                .append("# Decisions and preferences for these files (graphiti)\n\n")
                .append("Written by `graphiti export --as claude-rules` from this project's graph, for the files above;")
                .append(" replaced at the next export: change the item in graphiti instead.\n\n")
                .append(SettledItems.bullets(items, "\n")).append(GraphitiSection.END).append('\n').toString();
    }
}
