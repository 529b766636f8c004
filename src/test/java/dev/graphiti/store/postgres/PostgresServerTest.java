package dev.graphiti.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The fixture itself: a real PostgreSQL 15 that starts on loopback, stems English, and is gone after close. */
class PostgresServerTest {

    @Test
    void startsARealPostgreSqlFifteenAndStopsIt() throws Exception {
        var bin = PostgresServer.binaries();
        org.junit.jupiter.api.Assumptions.assumeTrue(bin.isPresent(), "no PostgreSQL binaries");
        PostgresServer server = PostgresServer.start(bin.get());
        String url;
        try {
            url = server.newDatabase();
            try (Connection connection = DriverManager.getConnection(url);
                 ResultSet row = connection.createStatement().executeQuery(
                         "SELECT current_setting('server_version_num')::int, to_tsvector('english', 'The databases were running'),"
                                 + " inet_server_addr()::text")) {
                assertTrue(row.next());
                assertEquals(15, row.getInt(1) / 10000);
                assertEquals("'databas':2 'run':4", row.getString(2));
                assertEquals("127.0.0.1/32", row.getString(3));
            }
        } finally {
            server.close();
        }
        assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());
        assertFalse(Files.exists(server.directory()), "the data directory is removed");
    }
}
