package dev.graphiti.store.jdbc;

/** Where the stores' SQL for the ingest ledger differs: what each engine plans best, or spells its own way. */
public interface LedgerDialect {

    /** One row whose first column is true when a commit with sha ?1 or change key ?2 was judged. */
    String judged();

    /** Inserts a judged commit (sha, change_key, skip_reason, item_id, judged_at), nothing when it is there. */
    String recordCommit();
}
