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
import java.util.List;
import java.util.Locale;
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
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + graph.resolve("graph.db"));
             Statement tables = db.createStatement();
             ResultSet names = tables.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
            List<String> all = new ArrayList<>();
            while (names.next()) {
                all.add(names.getString(1));
            }
            for (String table : all) {
                appendRows(db, table, stored);
            }
        }
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
     * "database files" when only the raw bytes do (a page not yet reached by a query, a free page, the log).
     */
    static List<String> holding(Path repo, String secret) throws IOException, SQLException {
        Path graph = repo.resolve(".graphiti");
        List<String> where = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + graph.resolve("graph.db"));
             Statement tables = db.createStatement();
             ResultSet names = tables.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
            List<String> all = new ArrayList<>();
            while (names.next()) {
                all.add(names.getString(1));
            }
            for (String table : all) {
                try (Statement rows = db.createStatement();
                     ResultSet row = rows.executeQuery("SELECT * FROM \"" + table + "\"")) {
                    int columns = row.getMetaData().getColumnCount();
                    while (row.next()) {
                        for (int c = 1; c <= columns; c++) {
                            String column = table + "." + row.getMetaData().getColumnName(c);
                            if (!where.contains(column) && leaks(secret, text(row.getObject(c)).toLowerCase(Locale.ROOT))) {
                                where.add(column);
                            }
                        }
                    }
                } catch (SQLException e) {
                    // a virtual table of a module this driver lacks: its shadow tables are read instead
                }
            }
        }
        if (where.isEmpty() && leaks(secret, of(repo).toLowerCase(Locale.ROOT))) {
            where.add("database files");
        }
        return where;
    }

    private static String text(Object value) {
        if (value instanceof String text) {
            return text;
        }
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.ISO_8859_1) : "";
    }

    private static void appendRows(Connection db, String table, StringBuilder stored) {
        try (Statement rows = db.createStatement();
             ResultSet row = rows.executeQuery("SELECT * FROM \"" + table + "\"")) {
            int columns = row.getMetaData().getColumnCount();
            while (row.next()) {
                for (int c = 1; c <= columns; c++) {
                    String text = text(row.getObject(c));
                    if (!text.isEmpty()) {
                        stored.append(text).append('\n');
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
