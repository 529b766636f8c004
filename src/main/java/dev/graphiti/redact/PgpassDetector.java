package dev.graphiti.redact;

import java.util.function.Consumer;

/**
 * A line of PostgreSQL's password file ({@code ~/.pgpass}, {@code PGPASSFILE}): {@code host:port:database:user:password},
 * where {@code *} matches anything and {@code \:} is a colon inside a field. Only the password goes. A line of five
 * colon-separated words is common (times, ratios), so the host must read as one (a letter or a dot, or {@code *}) and
 * the port as one (digits or {@code *}), and the line must hold nothing else.
 */
final class PgpassDetector implements Detector {

    private static final int FIELDS = 5;

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            line(text, start, end, findings);
            start = end + 1;
        }
    }

    private static void line(String text, int start, int end, Consumer<Finding> findings) {
        while (start < end && (text.charAt(start) == ' ' || text.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        int[] cuts = new int[FIELDS - 1];
        int found = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '#' && i == start) {
                return;
            }
            if (c == '\\') {
                i++; // an escaped colon or backslash belongs to its field
            } else if (c == ':') {
                if (found == cuts.length) {
                    return;
                }
                cuts[found++] = i;
            }
        }
        if (found != cuts.length || end - cuts[3] < 2) {
            return;
        }
        String host = text.substring(start, cuts[0]);
        String port = text.substring(cuts[0] + 1, cuts[1]);
        String password = text.substring(cuts[3] + 1, end);
        boolean hostLike = host.equals("*") || host.chars().anyMatch(ch -> Character.isLetter(ch) || ch == '.');
        boolean portLike = port.equals("*") || !port.isEmpty() && port.length() <= 5 && port.chars().allMatch(Character::isDigit);
        if (hostLike && portLike && cuts[2] - cuts[1] > 1 && cuts[3] - cuts[2] > 1 && !StandIns.isStandIn(password)) {
            findings.accept(new Finding(cuts[3] + 1, end, SecretKind.SECRET_ASSIGNMENT));
        }
    }
}
