package dev.graphiti.redact;

import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whole PEM/OpenSSH/PGP private-key blocks, from the BEGIN line to the matching END line, also when the
 * line breaks are written as {@code \n} escapes inside a JSON string (cloud service-account files).
 * A block whose END line is missing (a truncated paste) is redacted through its last base64 line.
 */
final class PrivateKeyBlockDetector implements Detector {

    /** A key block longer than this is not a key; past it we stop looking for the END line. */
    private static final int MAX_BLOCK = 64 * 1024;

    private static final Pattern BEGIN =
            Pattern.compile("-----BEGIN ([A-Z0-9]{1,20}+ ){0,3}PRIVATE KEY(?: BLOCK)?-----");
    private static final Pattern END =
            Pattern.compile("-----END ([A-Z0-9]{1,20}+ ){0,3}PRIVATE KEY(?: BLOCK)?-----");
    /**
     * One whole line of a key body: base64 (16 characters or more, or padded, so a one-word line of prose
     * does not pass), or an RFC 1421 / PGP header such as {@code Proc-Type: 4,ENCRYPTED}.
     */
    private static final Pattern BODY_LINE = Pattern.compile("[ \\t]*+(?:[A-Za-z0-9+/]{16,4096}+={0,2}+"
            + "|[A-Za-z0-9+/]{1,15}+={1,2}+|[A-Za-z-]{1,40}+: [^\\r\\n\\\\]{0,200}+)[ \\t]*+(?=[\\r\\n\\\\]|$)");

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        Matcher begin = BEGIN.matcher(text);
        EndLines ends = new EndLines(END.matcher(text));
        int from = 0;
        while (from < text.length() && begin.find(from)) {
            int bodyStart = begin.end();
            int limit = Math.min(text.length(), bodyStart + MAX_BLOCK);
            int end = ends.firstEndWithin(bodyStart, limit);
            if (end < 0) {
                end = truncatedBodyEnd(text, bodyStart, limit);
            }
            findings.accept(new Finding(begin.start(), end, SecretKind.PRIVATE_KEY));
            from = end;
        }
    }

    /**
     * The END lines, searched forward only once: BEGIN lines come in increasing order, so remembering the
     * next END keeps a text full of unterminated BEGIN lines linear instead of scanning 64 KiB per line.
     */
    private static final class EndLines {
        private final Matcher end;
        private int start = -1;
        private int stop = -1;

        EndLines(Matcher end) {
            this.end = end;
        }

        int firstEndWithin(int from, int limit) {
            if (start < from && start != Integer.MAX_VALUE) {
                if (end.find(from)) {
                    start = end.start();
                    stop = end.end();
                } else {
                    start = Integer.MAX_VALUE;
                }
            }
            return start != Integer.MAX_VALUE && stop <= limit ? stop : -1;
        }
    }

    /** Without an END line: the body lines that follow the BEGIN line, up to the first line that is prose. */
    private static int truncatedBodyEnd(String text, int bodyStart, int limit) {
        int last = bodyStart;
        int pos = bodyStart;
        Matcher line = BODY_LINE.matcher(text);
        while (pos < limit) {
            int next = lineBreakLength(text, pos);
            if (next == 0) {
                break;
            }
            int lineStart = pos + next;
            line.region(lineStart, limit);
            if (!line.lookingAt() || line.end() == lineStart) {
                break;
            }
            last = line.end();
            pos = line.end();
        }
        return last;
    }

    /** Length of the line break at pos: a real one, or a {@code \n} escape as written inside JSON strings. */
    private static int lineBreakLength(String text, int pos) {
        if (text.startsWith("\r\n", pos) || text.startsWith("\\r\\n", pos)) {
            return text.charAt(pos) == '\r' ? 2 : 4;
        }
        if (text.startsWith("\n", pos) || text.startsWith("\\n", pos)) {
            return text.charAt(pos) == '\n' ? 1 : 2;
        }
        return 0;
    }
}
