package dev.graphiti.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Secrets in tables whose cells are split by {@code |}: a row that names a secret in one cell and gives it in
 * the next ({@code | DB password | hunter22 |}, {@code apiKey |e9e0f0...}), and the cells of a Markdown
 * table's column whose header names a secret ({@code | service | user | password |}).
 *
 * <p>A value is one word in its cell (a sentence describing a field is left alone), and not a reference
 * or a type ({@code | password | string | yes |}). A password may be an ordinary word in a Markdown row;
 * on a line with a single {@code |} and none leading, as a shell pipeline has, it must look chosen (a
 * digit, a symbol, an inner capital). A name that only says key needs key material.
 */
final class TableDetector implements Detector {

    private static final Set<String> PASSWORD_WORDS = Set.of("password", "passwd", "pwd", "pass", "passphrase",
            "passcode");
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.\\- ]{0,40}+");
    private static final Pattern SEPARATOR_CELL = Pattern.compile(":?-{3,}+:?");

    /** A cell's trimmed span of the text. */
    private record Cell(int start, int end) {
        String in(String text) {
            return text.substring(start, end);
        }
    }

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        int bar = text.indexOf('|');
        if (bar < 0) {
            return;
        }
        List<Cell> previous = null;
        List<Integer> secretColumns = List.of();
        int lineStart = text.lastIndexOf('\n', bar) + 1;
        while (lineStart < text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = text.length();
            }
            int firstBar = text.indexOf('|', lineStart);
            if (firstBar < 0 || firstBar >= lineEnd) {
                previous = null;
                secretColumns = List.of();
                if (firstBar < 0) {
                    return;
                }
                lineStart = text.lastIndexOf('\n', firstBar) + 1;
                continue;
            }
            List<Cell> cells = cells(text, lineStart, lineEnd);
            boolean leading = text.substring(lineStart, firstBar).isBlank();
            if (isSeparator(text, cells)) {
                secretColumns = previous == null ? List.of() : secretColumns(text, previous);
            } else if (!isHeader(text, lineEnd)) {
                for (int column : secretColumns) {
                    if (column < cells.size()) {
                        check(text, cells.get(column), name(text, previous.get(column)), true, findings);
                    }
                }
                for (int i = 0; i + 1 < cells.size(); i++) {
                    String name = name(text, cells.get(i));
                    if (name != null && !secretColumns.contains(i + 1)) {
                        check(text, cells.get(i + 1), name, leading || cells.size() > 2, findings);
                    }
                }
            }
            if (!isSeparator(text, cells)) {
                previous = isHeader(text, lineEnd) ? cells : previous;
            }
            lineStart = lineEnd + 1;
        }
    }

    /** The cells between the bars of one line, trimmed; a leading or trailing empty cell is dropped. */
    private static List<Cell> cells(String text, int lineStart, int lineEnd) {
        List<Cell> cells = new ArrayList<>();
        int from = lineStart;
        while (from <= lineEnd) {
            int to = text.indexOf('|', from);
            if (to < 0 || to > lineEnd) {
                to = lineEnd;
            }
            int s = from;
            int e = to;
            while (s < e && Character.isWhitespace(text.charAt(s))) {
                s++;
            }
            while (e > s && Character.isWhitespace(text.charAt(e - 1))) {
                e--;
            }
            boolean edge = from == lineStart || to == lineEnd;
            if (!(edge && s == e)) {
                cells.add(new Cell(s, e));
            }
            from = to + 1;
        }
        return cells;
    }

    private static boolean isSeparator(String text, List<Cell> cells) {
        return !cells.isEmpty() && cells.stream().allMatch(c -> SEPARATOR_CELL.matcher(c.in(text)).matches());
    }

    /** The line after this one is a separator row: this one is a header. */
    private static boolean isHeader(String text, int lineEnd) {
        if (lineEnd >= text.length()) {
            return false;
        }
        int nextEnd = text.indexOf('\n', lineEnd + 1);
        nextEnd = nextEnd < 0 ? text.length() : nextEnd;
        List<Cell> next = cells(text, lineEnd + 1, nextEnd);
        return text.substring(lineEnd + 1, nextEnd).indexOf('|') >= 0 && isSeparator(text, next);
    }

    private static List<Integer> secretColumns(String text, List<Cell> header) {
        List<Integer> columns = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            if (name(text, header.get(i)) != null) {
                columns.add(i);
            }
        }
        return columns;
    }

    /** The cell's text when it names a secret (backticks and bold marks dropped), else null. */
    private static String name(String text, Cell cell) {
        String name = strip(cell.in(text)).replace("*", "");
        if (!NAME.matcher(name).matches() || name.split(" ").length > 4) {
            return null;
        }
        return SecretNames.isSecretName(name) || SecretNames.isKeyName(name) ? name : null;
    }

    private static void check(String text, Cell cell, String name, boolean tableRow, Consumer<Finding> findings) {
        String raw = cell.in(text);
        String value = strip(raw);
        if (value.isEmpty() || value.indexOf(' ') >= 0 || value.startsWith("[REDACTED:") || StandIns.isStandIn(value)) {
            return;
        }
        List<String> words = SecretNames.words(name);
        String last = words.get(words.size() - 1);
        boolean ok;
        if (PASSWORD_WORDS.contains(last) || last.endsWith("password")) {
            ok = ProseSecretDetector.isPassword(value, tableRow, true);
        } else if (SecretNames.isSecretName(name)) {
            ok = RandomTokens.isKeyMaterial(value) || ProseSecretDetector.isPassword(value, false, true);
        } else {
            ok = RandomTokens.isKeyMaterial(value);
        }
        if (ok) {
            int start = cell.start() + raw.indexOf(value);
            findings.accept(new Finding(start, start + value.length(), SecretKind.SECRET_ASSIGNMENT));
        }
    }

    /** Backticks or quotes around a cell's value. */
    private static String strip(String cell) {
        if (cell.length() >= 2 && (cell.charAt(0) == '`' || cell.charAt(0) == '"' || cell.charAt(0) == '\'')
                && cell.charAt(cell.length() - 1) == cell.charAt(0)) {
            return cell.substring(1, cell.length() - 1).strip();
        }
        return cell;
    }
}
