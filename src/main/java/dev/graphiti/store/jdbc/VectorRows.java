package dev.graphiti.store.jdbc;

import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.VectorStore.ItemVectors;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** The rows of {@code item_vectors} a batch of embedded items becomes: one per passage, the same in both stores. */
public final class VectorRows {

    private VectorRows() {
    }

    /**
     * Adds a row per passage to {@code insert}'s batch and runs it. The store's statement takes (seq, chunk, scale,
     * vector, seq): the item's seq a second time for its check that the item was not deleted meanwhile.
     */
    public static void insert(PreparedStatement insert, List<ItemVectors> items) throws SQLException {
        for (ItemVectors item : items) {
            for (int chunk = 0; chunk < item.passages().size(); chunk++) {
                QuantizedVector vector = item.passages().get(chunk);
                insert.setLong(1, item.seq());
                insert.setInt(2, chunk);
                insert.setFloat(3, vector.scale());
                insert.setBytes(4, vector.values());
                insert.setLong(5, item.seq());
                insert.addBatch();
            }
        }
        insert.executeBatch();
    }
}
