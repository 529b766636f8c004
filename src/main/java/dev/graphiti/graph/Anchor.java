package dev.graphiti.graph;

import java.util.Locale;
import java.util.Objects;

/**
 * A piece of code an item is about: a repository path (relative to the work tree's root, '/'-separated), a symbol, a
 * config key or a command, and where the link came from: the files a commit {@code changed}, the files a session
 * {@code touched} around the captured turn, what the text {@code named}, or what the person adding it {@code given}.
 * Unlike an entity (a word the text mentions, for search), an anchor is checked: a path is a file of the project.
 */
public record Anchor(Kind kind, String value, Origin origin) {

    /** What the anchor names. */
    public enum Kind { file, symbol, key, command }

    /** Where the link came from, strongest first. */
    public enum Origin { given, changed, touched, named }

    public Anchor {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(origin, "origin");
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("an anchor's value must not be blank");
        }
    }

    /** The order an item keeps its anchors in: files first, then symbols, keys and commands, each by value. */
    public static final java.util.Comparator<Anchor> ORDER = java.util.Comparator.comparing(Anchor::kind)
            .thenComparing(Anchor::value);

    public static Anchor file(String path, Origin origin) {
        return new Anchor(Kind.file, path, origin);
    }

    /** What an anchor is looked up by besides its value: a file's name (invoice.py for billing/invoice.py), lower-cased. */
    public String name() {
        String lower = value.toLowerCase(Locale.ROOT);
        return kind == Kind.file ? lower.substring(lower.lastIndexOf('/') + 1) : lower;
    }
}
