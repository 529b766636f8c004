package dev.graphiti.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Rows printed in aligned columns; the last column runs free so long titles do not pad every line. */
final class TextTable {

    private final List<String[]> rows = new ArrayList<>();
    private final java.util.Map<Integer, String> details = new java.util.HashMap<>();

    TextTable row(String... cells) {
        rows.add(cells);
        return this;
    }

    /** A free line printed under the last row (a search snippet), not part of the alignment. */
    TextTable detail(String line) {
        details.put(rows.size() - 1, line);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out) {
        int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < row.length - 1; c++) {
                widths[c] = Math.max(widths[c], Colour.width(row[c]));
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            String[] row = rows.get(r);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                line.append(row[c]);
                if (c < row.length - 1) {
                    line.append(" ".repeat(widths[c] - Colour.width(row[c]) + 2));
                }
            }
            out.println(line.toString().stripTrailing());
            if (details.containsKey(r)) {
                out.println(details.get(r));
            }
        }
    }
}
