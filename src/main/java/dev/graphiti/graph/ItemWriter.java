package dev.graphiti.graph;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The writes (and the reads that decide them) available inside one transaction. */
public interface ItemWriter {

    Optional<KnowledgeItem> get(String id);

    /** A current (not superseded) item with this content fingerprint. */
    Optional<KnowledgeItem> findCurrentByFingerprint(String fingerprint);

    /** Current items of this kind whose normalized title is {@code titleKey}. */
    List<KnowledgeItem> findCurrentByTitleKey(Kind kind, String titleKey);

    /**
     * What an add of {@code kind} with {@code fingerprint} decides by ({@link AddCandidates}): the item it replaces, if
     * any, and whether {@code newId} is taken too. The same as asking one by one, which this does; a store where each
     * question is a round trip to a server asks them at once.
     */
    default AddCandidates addCandidates(Kind kind, Fingerprint fingerprint, Optional<String> replaced, String newId) {
        Optional<KnowledgeItem> old = replaced.flatMap(this::get);
        Optional<KnowledgeItem> same = findCurrentByFingerprint(fingerprint.contentHash());
        return new AddCandidates(same, same.isPresent() ? List.of() : findCurrentByTitleKey(kind, fingerprint.titleKey()),
                old, get(newId).isPresent());
    }

    /** Stores a new item; {@code place} is where in a conversation it was said, when it was. */
    void insert(KnowledgeItem item, Fingerprint fingerprint, Optional<ThreadPosition> place);

    /** Marks {@code oldId} as replaced by {@code newId} from {@code at} on. */
    void supersede(String oldId, String newId, Instant at);

    /**
     * Marks {@code id} as ended by {@code ending} from {@code at} on, unless it is replaced or ended already (the first
     * ending stands); whether it marked it.
     */
    boolean end(String id, Ending ending, Instant at);

    /** Clears the replacement mark of items replaced by {@code newId} (when that item goes away). */
    void reinstate(String newId);

    void delete(Collection<String> ids);

    /** Replaces tags and entities (compact unions them into the surviving item). */
    void updateTagsAndEntities(String id, List<String> tags, List<Entity> entities);

    /** Sets which item {@code id} replaced (compact re-points a chain at its survivor). */
    void setSupersedes(String id, Optional<String> supersedes);

    void addProvenance(String id, Provenance provenance);

    /** Adds {@code anchors} to item {@code id}, keeping those it has (compact unions a duplicate's into the survivor). */
    void addAnchors(String id, List<Anchor> anchors);

    /**
     * Records a rename git made, so {@link ItemRepository#anchoredTo} follows it; seen again (a later index), its time is
     * kept, or taken when it had none.
     */
    void renamed(PathRename rename);

    List<Provenance> provenanceOf(String id);

    /** Points every supersession reference to {@code fromId} at {@code toId} instead. */
    void repoint(String fromId, String toId);

    /**
     * Groups of current items that may be duplicates: the same content fingerprint, or the same kind and
     * normalized title. Compact decides which really are.
     */
    List<List<KnowledgeItem>> duplicateCandidates();

    /** Items another item has replaced; for compact. */
    List<KnowledgeItem> superseded();
}
