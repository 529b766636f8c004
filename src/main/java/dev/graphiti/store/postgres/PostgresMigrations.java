package dev.graphiti.store.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Graphs on PostgreSQL and their versioned schema. The schema {@code graphiti} holds the register, one row per
 * graph (its name, number, schema version and text search configuration); each graph lives in a schema of its own,
 * {@code graphiti_g<number>}, so it has its own full-text index, its own storage order and its own locks. Migration
 * N brings a graph from N-1 to N; new ones are appended, never edited. Creating and upgrading run in one
 * transaction under a database-wide advisory lock, so servers starting together never race (DDL is transactional).
 */
final class PostgresMigrations {

    static final List<String> SCRIPTS = List.of("V1__graph.sql", "V2__review_queue.sql", "V3__flag.sql",
            "V4__anchors.sql", "V5__validity.sql", "V6__occasion.sql", "V7__rename_time.sql");

    private PostgresMigrations() {
    }

    static int latest() {
        return SCRIPTS.size();
    }

    /** A graph's place in the database. */
    record GraphSchema(int number, String schema, String language, int version) {
    }

    /** The graph named {@code name}, made (in {@code language}) or upgraded to the latest schema first when needed. */
    static GraphSchema open(Connection connection, String name, String language) throws SQLException {
        Optional<GraphSchema> known = find(connection, name);
        if (known.isPresent() && known.get().version() == latest()) {
            return known.get();
        }
        connection.setAutoCommit(false);
        try {
            try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_xact_lock(?, 0)")) {
                lock.setInt(1, Retries.LOCK_SPACE);
                lock.execute();
            }
            Retries.execute(connection, "CREATE SCHEMA IF NOT EXISTS graphiti");
            Retries.execute(connection, "CREATE TABLE IF NOT EXISTS graphiti.graphs (number int GENERATED ALWAYS AS "
                    + "IDENTITY PRIMARY KEY, name text NOT NULL UNIQUE, schema_version int NOT NULL, language regconfig "
                    + "NOT NULL, created_at bigint NOT NULL)");
            GraphSchema graph = find(connection, name).orElse(null);
            if (graph == null) {
                graph = register(connection, name, language);
            }
            if (graph.version() > latest()) {
                throw new SchemaTooNewException(name, graph.version(), latest());
            }
            Retries.execute(connection, "SET LOCAL search_path TO " + graph.schema());
            for (int next = graph.version() + 1; next <= latest(); next++) {
                Retries.execute(connection, read(SCRIPTS.get(next - 1)).replace("${language}", graph.language()));
            }
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE graphiti.graphs SET schema_version = ? WHERE number = ?")) {
                update.setInt(1, latest());
                update.setInt(2, graph.number());
                update.executeUpdate();
            }
            connection.commit();
            return new GraphSchema(graph.number(), graph.schema(), graph.language(), latest());
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private static GraphSchema register(Connection connection, String name, String language) throws SQLException {
        String configuration;
        try (PreparedStatement check = connection.prepareStatement("SELECT ?::regconfig::text")) {
            check.setString(1, language);
            try (ResultSet row = check.executeQuery()) {
                row.next();
                configuration = row.getString(1);
            }
        } catch (SQLException e) {
            throw new UnknownLanguageException(language, e);
        }
        int number;
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO graphiti.graphs (name, schema_version, "
                + "language, created_at) VALUES (?, 0, ?::regconfig, ?) RETURNING number")) {
            insert.setString(1, name);
            insert.setString(2, configuration);
            insert.setLong(3, System.currentTimeMillis());
            try (ResultSet row = insert.executeQuery()) {
                row.next();
                number = row.getInt(1);
            }
        }
        GraphSchema graph = new GraphSchema(number, schemaOf(number), configuration, 0);
        Retries.execute(connection, "CREATE SCHEMA " + graph.schema());
        return graph;
    }

    /** The graph as registered, or empty when it is not (or no graph was ever made in this database). */
    static Optional<GraphSchema> find(Connection connection, String name) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT number, schema_version, language::text FROM graphiti.graphs WHERE name = ?")) {
            select.setString(1, name);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new GraphSchema(row.getInt(1), schemaOf(row.getInt(1)), row.getString(3),
                        row.getInt(2))) : Optional.empty();
            }
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState()) || "3F000".equals(e.getSQLState())) {
                if (!connection.getAutoCommit()) {
                    throw e; // inside the creating transaction the register exists; anything else is real
                }
                return Optional.empty();
            }
            throw e;
        }
    }

    private static String schemaOf(int number) {
        return "graphiti_g" + number;
    }

    private static String read(String script) {
        try (InputStream in = PostgresMigrations.class.getResourceAsStream(script)) {
            if (in == null) {
                throw new IllegalStateException("migration " + script + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read migration " + script, e);
        }
    }

    /** A graph graphiti will not open; its message says why and what to do. */
    abstract static class Refusal extends SQLException {
        Refusal(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Written by a newer graphiti; refuse rather than guess. */
    static final class SchemaTooNewException extends Refusal {
        SchemaTooNewException(String graph, int found, int known) {
            super("the graph " + graph + " has PostgreSQL schema version " + found + " but this graphiti knows only up to "
                    + known + "; upgrade graphiti", null);
        }
    }

    /** The configured text search configuration does not exist on this server. */
    static final class UnknownLanguageException extends Refusal {
        UnknownLanguageException(String language, SQLException cause) {
            super("the text search language '" + language + "' (graphiti.store.language) is not a text search "
                    + "configuration of this PostgreSQL server (see \\dF in psql: english, german, simple, ...)", cause);
        }
    }
}
