package dev.graphiti.store.sqlite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The versioned schema: migration N brings PRAGMA user_version from N-1 to N. New migrations are appended,
 * never edited, so any older database upgrades in place.
 */
final class Migrations {

    static final List<String> SCRIPTS = List.of("V1__items.sql", "V2__ingest.sql", "V3__covering_indexes.sql",
            "V4__thread_position.sql", "V5__vectors.sql", "V6__review_queue.sql", "V7__flag.sql", "V8__anchors.sql",
            "V9__validity.sql", "V10__occasion.sql", "V11__rename_time.sql");

    static int latest() {
        return SCRIPTS.size();
    }

    private Migrations() {
    }

    /** Upgrades inside the caller's write transaction; fails on a database newer than this program. */
    static void upgrade(Connection connection, java.nio.file.Path database) throws SQLException {
        int version = version(connection);
        if (version > latest()) {
            throw new SchemaTooNewException(database, version, latest());
        }
        try (Statement statement = connection.createStatement()) {
            for (int next = version + 1; next <= latest(); next++) {
                for (String sql : statements(read(SCRIPTS.get(next - 1)))) {
                    statement.execute(sql);
                }
                statement.execute("PRAGMA user_version = " + next);
            }
        }
    }

    static int version(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             var rows = statement.executeQuery("PRAGMA user_version")) {
            return rows.next() ? rows.getInt(1) : 0;
        }
    }

    /**
     * Fails on an SQLite database some other program made (no schema version, tables of its own): those are not
     * graphiti's to add to. Reading the version also surfaces "not a database" before anything is written.
     */
    static void requireGraph(Connection connection, java.nio.file.Path database) throws SQLException {
        if (version(connection) == 0) {
            try (Statement statement = connection.createStatement();
                 var rows = statement.executeQuery("SELECT 1 FROM sqlite_schema LIMIT 1")) {
                if (rows.next()) {
                    throw new NotAGraphException(database);
                }
            }
        }
    }

    private static String read(String script) {
        try (InputStream in = Migrations.class.getResourceAsStream(script)) {
            if (in == null) {
                throw new IllegalStateException("migration " + script + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read migration " + script, e);
        }
    }

    /** Splits a script on statement ends, keeping trigger bodies (BEGIN ... END;) whole. */
    static List<String> statements(String script) {
        var result = new java.util.ArrayList<String>();
        StringBuilder current = new StringBuilder();
        boolean inTrigger = false;
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("--") || trimmed.isEmpty()) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.toUpperCase().startsWith("CREATE TRIGGER")) {
                inTrigger = true;
            }
            boolean ends = inTrigger ? trimmed.equalsIgnoreCase("END;") : trimmed.endsWith(";");
            if (ends) {
                result.add(current.toString());
                current.setLength(0);
                inTrigger = false;
            }
        }
        return result;
    }

    /** A database graphiti will not upgrade; its message says why and what to do. */
    abstract static class Refusal extends SQLException {
        Refusal(String message) {
            super(message);
        }
    }

    /** The file was written by a newer graphiti; refuse rather than guess. */
    static final class SchemaTooNewException extends Refusal {
        SchemaTooNewException(java.nio.file.Path database, int found, int known) {
            super(database + " has schema version " + found + " but this graphiti knows only up to " + known
                    + "; upgrade graphiti");
        }
    }

    /** An SQLite file with tables of another program's; never add graphiti's beside them. */
    static final class NotAGraphException extends Refusal {
        NotAGraphException(java.nio.file.Path database) {
            super(database + " is an SQLite database but not a graphiti graph (it holds another program's tables); nothing"
                    + " was changed. Move it aside and graphiti starts a new graph there");
        }
    }
}
