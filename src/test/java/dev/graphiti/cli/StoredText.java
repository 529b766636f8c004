package dev.graphiti.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * Everything a project's graph stores, as text: the bytes of the database files (graph.db, its write-ahead
 * log and shared memory) and the text of every column of every table, so a secret split across pages or
 * kept only in an index table is still found.
 */
final class StoredText {

    private StoredText() {
    }

    static String of(Path repo) throws IOException, SQLException {
        Path graph = repo.resolve(".graphiti");
        StringBuilder stored = new StringBuilder();
        eachCell(graph, (column, text) -> stored.append(text).append('\n'));
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (Stream<Path> files = Files.list(graph)) {
            for (Path file : files.sorted().toList()) {
                if (Files.isRegularFile(file)) {
                    raw.write(Files.readAllBytes(file));
                }
            }
        }
        return stored + "\n" + raw.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * Where a stretch of {@code secret} is stored ({@link #leaks}): "table.column" for each column holding one, and
     * "database files" when only the raw bytes do (a free page, the write-ahead log).
     */
    static List<String> holding(Path repo, String secret) throws IOException, SQLException {
        Set<String> where = new LinkedHashSet<>();
        eachCell(repo.resolve(".graphiti"), (column, text) -> {
            if (leaks(secret, text.toLowerCase(Locale.ROOT))) {
                where.add(column);
            }
        });
        if (where.isEmpty() && leaks(secret, of(repo).toLowerCase(Locale.ROOT))) {
            where.add("database files");
        }
        return List.copyOf(where);
    }

    /** Hands over the text of every non-empty cell of every table, with its "table.column". */
    private static void eachCell(Path graph, BiConsumer<String, String> cell) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + graph.resolve("graph.db"));
             Statement tables = db.createStatement();
             ResultSet names = tables.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
            List<String> all = new ArrayList<>();
            while (names.next()) {
                all.add(names.getString(1));
            }
            for (String table : all) {
                eachCell(db, table, cell);
            }
        }
    }

    private static void eachCell(Connection db, String table, BiConsumer<String, String> cell) {
        try (Statement rows = db.createStatement();
             ResultSet row = rows.executeQuery("SELECT * FROM \"" + table + "\"")) {
            int columns = row.getMetaData().getColumnCount();
            while (row.next()) {
                for (int c = 1; c <= columns; c++) {
                    Object value = row.getObject(c);
                    String text = value instanceof byte[] bytes ? new String(bytes, StandardCharsets.ISO_8859_1)
                            : value instanceof String string ? string : "";
                    if (!text.isEmpty()) {
                        cell.accept(table + "." + row.getMetaData().getColumnName(c), text);
                    }
                }
            }
        } catch (SQLException e) {
            // a virtual table of a module this driver lacks: its shadow tables are read instead
        }
    }

    /**
     * True when a stretch of the secret, half its length and at least 10 characters, is in the text, in any
     * case (the full-text index keeps lower-cased words). {@code lowerCaseText} is the stored text lower-cased.
     */
    static boolean leaks(String secret, String lowerCaseText) {
        String s = secret.toLowerCase(Locale.ROOT);
        String text = lowerCaseText;
        int window = Math.min(s.length(), Math.max(10, s.length() / 2));
        for (int i = 0; i + window <= s.length(); i++) {
            if (text.contains(s.substring(i, i + window))) {
                return true;
            }
        }
        return false;
    }
}
