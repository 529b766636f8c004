package dev.graphiti.exchange;

import dev.graphiti.graph.InvalidInputException;
import java.util.Optional;

/**
 * The part of a user's file graphiti writes: from a line {@value #BEGIN} to a line {@value #END}. Everything outside
 * it is the user's and is kept byte for byte; an import of the file leaves the part out, so what graphiti exported is
 * never read back as new items (a loop).
 */
public final class GraphitiSection {

    public static final String BEGIN = "<!-- graphiti:begin -->";
    public static final String END = "<!-- graphiti:end -->";

    /** Where the part lies in a text: from its begin marker to the end of its end marker's line. */
    record Span(int start, int end) {
    }

    private GraphitiSection() {
    }

    /** {@code text} without graphiti's part; a begin marker without its end takes the rest of the text with it. */
    public static String without(String text) {
        StringBuilder kept = new StringBuilder();
        int from = 0;
        for (int begin = text.indexOf(BEGIN); begin >= 0; begin = text.indexOf(BEGIN, from)) {
            kept.append(text, from, begin);
            int end = text.indexOf(END, begin);
            if (end < 0) {
                return kept.toString();
            }
            from = end + END.length();
        }
        return kept.append(text.substring(from)).toString();
    }

    /** What is wrong with the markers in {@code text} (see {@link #find}), naming {@code file}; empty when nothing. */
    public static Optional<String> problem(String text, String file) {
        try {
            find(text, file);
            return Optional.empty();
        } catch (InvalidInputException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * The one part in {@code text}, if any; markers out of order, a marker alone or two parts are refused, naming
     * {@code file}, since no edit could then be sure to leave the user's text as it was.
     */
    static Optional<Span> find(String text, String file) {
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        if (begin < 0 && end < 0) {
            return Optional.empty();
        }
        if (end < 0) {
            throw malformed(file, "has " + BEGIN + " without its " + END);
        }
        if (begin < 0 || end < begin) {
            throw malformed(file, "has " + END + " without a " + BEGIN + " before it");
        }
        if (text.indexOf(BEGIN, begin + 1) >= 0 || text.indexOf(END, end + 1) >= 0) {
            throw malformed(file, "has graphiti's markers more than once");
        }
        int stop = end + END.length();
        if (text.startsWith("\r\n", stop)) {
            stop += 2;
        } else if (text.startsWith("\n", stop)) {
            stop += 1;
        }
        return Optional.of(new Span(begin, stop));
    }

    /**
     * {@code text} with {@code section} (its lines, each ending with a line break) in place of its part, or after the
     * text when it has none: following a blank line, or on the next line when the text does not end with a line break.
     */
    static String replaced(String text, String section, String file) {
        Optional<Span> span = find(text, file);
        if (span.isPresent()) {
            return text.substring(0, span.get().start()) + section + text.substring(span.get().end());
        }
        return text.isEmpty() ? section : text + newline(text) + section;
    }

    /**
     * {@code text} without its part and the one line break {@link #replaced} put before it, so a text the part was
     * added to comes back byte for byte.
     */
    static String removed(String text, String file) {
        Optional<Span> span = find(text, file);
        if (span.isEmpty()) {
            return text;
        }
        String before = text.substring(0, span.get().start());
        if (before.endsWith("\r\n")) {
            before = before.substring(0, before.length() - 2);
        } else if (before.endsWith("\n")) {
            before = before.substring(0, before.length() - 1);
        }
        return before + text.substring(span.get().end());
    }

    /** The line break a text uses: CRLF when it has one, else LF. */
    static String newline(String text) {
        return text.contains("\r\n") ? "\r\n" : "\n";
    }

    private static InvalidInputException malformed(String file, String what) {
        return new InvalidInputException(file + " " + what + "; fix or delete the markers by hand (nothing was written)");
    }
}
