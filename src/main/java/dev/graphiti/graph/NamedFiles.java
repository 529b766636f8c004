package dev.graphiti.graph;

import java.util.List;
import java.util.Locale;

/**
 * The files a prompt or query names ({@code billing/invoice.py}, {@code metrics.log}), lower-cased, and which of them an
 * item is anchored to: a file named by its path matches an anchor with that path or a path ending in it; one named by
 * its file name alone, any anchor with that file name. An item anchored to the file a prompt names is about that
 * prompt's work whatever words they share.
 */
public final class NamedFiles {

    private NamedFiles() {
    }

    /** The files {@code text} names, as {@link ConcreteNames#in} reads them: paths and names with an extension. */
    public static List<String> in(String text) {
        return ConcreteNames.in(text).stream().filter(NamedFiles::fileLike).toList();
    }

    /** The file names of {@code files} (the last segment of each), for {@link ItemRepository#anchoredToNames}. */
    public static List<String> names(List<String> files) {
        return files.stream().map(file -> file.substring(file.lastIndexOf('/') + 1)).distinct().toList();
    }

    /** Those of {@code files} the item has a file anchor for. */
    public static List<String> anchored(List<String> files, KnowledgeItem item) {
        if (files.isEmpty() || item.anchors().isEmpty()) {
            return List.of();
        }
        return files.stream().filter(file -> item.anchors().stream().anyMatch(anchor -> anchor.kind() == Anchor.Kind.file
                && matches(file, anchor.value().toLowerCase(Locale.ROOT)))).toList();
    }

    private static boolean matches(String named, String anchored) {
        return anchored.equals(named) || anchored.endsWith("/" + named) || named.endsWith("/" + anchored);
    }

    private static boolean fileLike(String name) {
        if (name.startsWith("-") || name.endsWith("()") || name.contains("@") || name.contains(":")) {
            return false;
        }
        String last = name.substring(name.lastIndexOf('/') + 1);
        return !last.isEmpty() && ProjectPaths.shaped(name);
    }
}
