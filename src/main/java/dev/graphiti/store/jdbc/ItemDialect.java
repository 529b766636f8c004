package dev.graphiti.store.jdbc;

import dev.graphiti.graph.Entity;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Where the stores' SQL for reading items differs: spelling, and what each engine plans or reads fastest. */
public interface ItemDialect {

    /** How the engine spells current items, briefs, a position in text and provenance's order. */
    Spelling spelling();

    /** Whether item {@code i} is held: flagged, and not tagged reviewed (KnowledgeItem#held). */
    String HELD = "(i.flag IS NOT NULL AND NOT EXISTS (SELECT 1 FROM item_tags r WHERE r.tag = '"
            + dev.graphiti.graph.KnowledgeItem.REVIEWED + "' AND r.seq = i.seq))";

    /** {@code column} is one of {@code values} (of SQL type {@code type}), as a condition and its parameters. */
    SqlFilter oneOf(Statements statements, String column, String type, Collection<?> values) throws SQLException;

    /** The entities of the items {@code seqs}, by seq, each item's ordered by name (an item without any: absent). */
    Map<Long, List<Entity>> entities(Statements statements, List<Long> seqs) throws SQLException;
}
