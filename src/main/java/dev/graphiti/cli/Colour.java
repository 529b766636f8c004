package dev.graphiti.cli;

import java.util.regex.Pattern;

/**
 * Terminal colour for text output: on only when a person is at a terminal, NO_COLOR is unset
 * (https://no-color.org) and TERM is not "dumb". Off, every method returns its text unchanged.
 */
record Colour(boolean enabled) {

    private static final Pattern ESCAPES = Pattern.compile("\u001b\\[[0-9;]*m");

    static Colour of(CliEnvironment environment) {
        String noColor = environment.variables().get("NO_COLOR");
        return new Colour(environment.interactive() && (noColor == null || noColor.isEmpty())
                && !"dumb".equals(environment.variables().get("TERM")));
    }

    /** Item ids, as git colours commit ids. */
    String id(String text) {
        return paint("33", text);
    }

    /** Secondary lines: snippets. */
    String dim(String text) {
        return paint("2", text);
    }

    private String paint(String code, String text) {
        return enabled ? "\u001b[" + code + "m" + text + "\u001b[0m" : text;
    }

    /** How many columns {@code text} takes on screen: its code points without colour escapes. */
    static int width(String text) {
        String plain = text.indexOf('\u001b') < 0 ? text : ESCAPES.matcher(text).replaceAll("");
        return plain.codePointCount(0, plain.length());
    }
}
