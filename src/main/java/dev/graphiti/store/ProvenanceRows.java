package dev.graphiti.store;

import dev.graphiti.graph.Provenance;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Reads the provenance recorded on an item. */
final class ProvenanceRows {

    private ProvenanceRows() {
    }

    static List<Provenance> of(Connection connection, String id) throws SQLException {
        String sql = "SELECT p.former_id, p.relation, p.title, p.source, p.created_at, p.recorded_at FROM provenance p "
                + "JOIN items i ON i.seq = p.seq WHERE i.id = ? ORDER BY p.created_at, p.rowid";
        List<Provenance> result = new ArrayList<>();
        try (PreparedStatement statement = ItemRows.prepare(connection, sql, List.of(id));
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                result.add(new Provenance(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                        Instant.ofEpochMilli(row.getLong(5)), Instant.ofEpochMilli(row.getLong(6))));
            }
        }
        return result;
    }
}
