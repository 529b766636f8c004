package dev.graphiti.redact;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * A few blank-separated words of one line, read forward from or backward before a position: what the prose
 * detector looks at around a secret noun. Bounded (a handful of words of at most 256 characters each), so
 * each look costs O(1) whatever the text.
 */
final class Words {

    private static final int MAX_WORD = 256;
    /** Words that start a new clause rather than go on with a noun phrase. */
    private static final Set<String> CLAUSE_STARTS = Set.of("and", "to", "then", "for", "on", "at", "in", "before",
            "after", "if", "when", "or", "but", "until", "from", "via", "so", "while");

    private final String text;
    private final int[] starts;
    private final int[] ends;
    private final int count;
    /** Forward only: the text right after the start position is ':' or '=' ("key: X", "password=X"). */
    private final boolean linkAtStart;
    /** Forward only: the words read reach the end of the line. */
    private final boolean toLineEnd;

    private Words(String text, int[] starts, int[] ends, int count, boolean linkAtStart, boolean toLineEnd) {
        this.text = text;
        this.starts = starts;
        this.ends = ends;
        this.count = count;
        this.linkAtStart = linkAtStart;
        this.toLineEnd = toLineEnd;
    }

    static Words forward(String text, int from, int max) {
        int[] starts = new int[max];
        int[] ends = new int[max];
        int pos = from;
        boolean link = false;
        if (pos < text.length() && (text.charAt(pos) == ':' || text.charAt(pos) == '=')) {
            link = true;
            pos++;
            if (pos < text.length() && text.charAt(pos) == '=') {
                pos++;
            }
        }
        int n = 0;
        while (n < max) {
            while (pos < text.length() && isBlank(text.charAt(pos))) {
                pos++;
            }
            if (pos >= text.length() || isLineBreak(text.charAt(pos))) {
                break;
            }
            int start = pos;
            while (pos < text.length() && !Character.isWhitespace(text.charAt(pos)) && pos - start < MAX_WORD) {
                pos++;
            }
            starts[n] = start;
            ends[n++] = pos;
        }
        while (pos < text.length() && isBlank(text.charAt(pos))) {
            pos++;
        }
        return new Words(text, starts, ends, n, link, pos >= text.length() || isLineBreak(text.charAt(pos)));
    }

    /** Word 0 is the one nearest before {@code before}. */
    static Words backward(String text, int before, int max) {
        int[] starts = new int[max];
        int[] ends = new int[max];
        int pos = before;
        int n = 0;
        while (n < max) {
            while (pos > 0 && isBlank(text.charAt(pos - 1))) {
                pos--;
            }
            if (pos == 0 || isLineBreak(text.charAt(pos - 1))) {
                break;
            }
            int end = pos;
            while (pos > 0 && !Character.isWhitespace(text.charAt(pos - 1)) && end - pos < MAX_WORD) {
                pos--;
            }
            starts[n] = pos;
            ends[n++] = end;
        }
        return new Words(text, Arrays.copyOf(starts, n), Arrays.copyOf(ends, n), n, false, false);
    }

    int count() {
        return count;
    }

    int start(int i) {
        return starts[i];
    }

    String word(int i) {
        return text.substring(starts[i], ends[i]);
    }

    /** Word i lower-cased, without a trailing ':' so "office:" reads as "office". */
    String lower(int i) {
        String trimmed = trimmedWord(i);
        return (trimmed.isEmpty() ? word(i) : trimmed).toLowerCase(Locale.ROOT);
    }

    /** Whether word i ends with ':' or '=' (i = -1: whether the text at the start was one). */
    boolean attachedLink(int i) {
        if (i < 0) {
            return linkAtStart;
        }
        char last = text.charAt(ends[i] - 1);
        return last == ':' || last == '=';
    }

    /**
     * Forward only: whether a phrase ends with word i, so it is no modifier of what follows: punctuation
     * closes it, the line ends, or the next word starts a new clause ("... is butterfly and ...").
     */
    boolean endsPhrase(int i) {
        if (isClosing(text.charAt(ends[i] - 1))) {
            return true;
        }
        return i + 1 < count ? CLAUSE_STARTS.contains(lower(i + 1)) : toLineEnd;
    }

    /** Word i without the quotes, brackets and sentence punctuation around it. */
    String trimmed(int i) {
        return trimmedWord(i);
    }

    int trimmedStart(int i) {
        int s = starts[i];
        while (s < ends[i] && isOpening(text.charAt(s))) {
            s++;
        }
        return s;
    }

    private String trimmedWord(int i) {
        int s = trimmedStart(i);
        int e = ends[i];
        while (e > s && isClosing(text.charAt(e - 1))) {
            e--;
        }
        return text.substring(s, e);
    }

    private static boolean isOpening(char c) {
        return c == '(' || c == '"' || c == '\'' || c == '`' || c == '<' || c == '[' || c == '*';
    }

    private static boolean isClosing(char c) {
        return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == ')' || c == '"' || c == '\''
                || c == '`' || c == '>' || c == ']' || c == '*';
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isLineBreak(char c) {
        return c == '\n' || c == '\r';
    }
}
