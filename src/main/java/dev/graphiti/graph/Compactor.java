package dev.graphiti.graph;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Merges duplicates that slipped past add (same content, or same kind and title with mostly the same words)
 * into the oldest of them, and collapses supersession chains into their current item. Nothing is lost
 * without a trace: tags and entities are unioned, and every removed item is recorded as provenance
 * (id, relation, title, source, date) on the item that absorbed it.
 */
public final class Compactor {

    /** Looser than add's threshold: compact is run deliberately and reports what it merges. */
    static final double MERGE_SIMILARITY = 0.8;

    private final ItemRepository repository;
    private final Clock clock;

    public Compactor(ItemRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    public CompactReport compact(boolean dryRun) {
        return compact(dryRun, CompactProgress.NONE);
    }

    /** Compacts, telling {@code progress} of each item folded (a dry run folds none). */
    public CompactReport compact(boolean dryRun, CompactProgress progress) {
        long before = repository.sizeOnDisk();
        Instant now = clock.instant();
        int[] counts = repository.write(writer -> {
            Plan plan = plan(writer);
            if (!dryRun) {
                apply(writer, plan, now, progress);
            }
            return new int[] {plan.merges.size(), plan.collapses.size()};
        });
        if (!dryRun && counts[0] + counts[1] > 0) {
            repository.reclaimSpace();
        }
        long after = dryRun ? before : repository.sizeOnDisk();
        return new CompactReport(dryRun, counts[0], counts[1], counts[0] + counts[1], before, after);
    }

    /** A removal: {@code removed} folds into {@code into}. */
    private record Fold(KnowledgeItem removed, String into) {
    }

    private record Plan(List<Fold> merges, List<Fold> collapses) {
    }

    private static Plan plan(ItemWriter writer) {
        List<Fold> merges = new ArrayList<>();
        Set<String> gone = new HashSet<>();
        for (List<KnowledgeItem> group : writer.duplicateCandidates()) {
            List<KnowledgeItem> live = group.stream().filter(item -> !gone.contains(item.id())).toList();
            if (live.size() < 2) {
                continue;
            }
            KnowledgeItem survivor = live.get(0);
            for (KnowledgeItem other : live.subList(1, live.size())) {
                boolean sameContent = Fingerprint.normalize(other.content()).equals(Fingerprint.normalize(survivor.content()));
                if (sameContent || Fingerprint.similarity(other.content(), survivor.content()) >= MERGE_SIMILARITY) {
                    merges.add(new Fold(other, survivor.id()));
                    gone.add(other.id());
                }
            }
        }
        List<KnowledgeItem> superseded = writer.superseded();
        Map<String, KnowledgeItem> byId = new HashMap<>();
        superseded.forEach(item -> byId.put(item.id(), item));
        List<Fold> collapses = new ArrayList<>();
        for (KnowledgeItem item : superseded) {
            String head = item.supersededBy().orElseThrow();
            Set<String> seen = new LinkedHashSet<>();
            while (byId.containsKey(head) && seen.add(head)) {
                head = byId.get(head).supersededBy().orElseThrow();
            }
            collapses.add(new Fold(item, head));
        }
        return new Plan(merges, collapses);
    }

    private static void apply(ItemWriter writer, Plan plan, Instant now, CompactProgress progress) {
        int total = plan.merges.size() + plan.collapses.size();
        int folded = 0;
        if (total > 0) {
            progress.advanced(0, total);
        }
        for (Fold merge : plan.merges) {
            KnowledgeItem survivor = writer.get(merge.into()).orElseThrow();
            Set<String> tags = new LinkedHashSet<>(survivor.tags());
            tags.addAll(merge.removed().tags());
            Set<Entity> entities = new LinkedHashSet<>(survivor.entities());
            entities.addAll(merge.removed().entities());
            writer.updateTagsAndEntities(survivor.id(), new ArrayList<>(tags), new ArrayList<>(entities));
            fold(writer, merge, Provenance.MERGED, now);
            progress.advanced(++folded, total);
        }
        for (Fold collapse : plan.collapses) {
            if (writer.get(collapse.into()).isPresent()) {
                fold(writer, collapse, Provenance.SUPERSEDED, now);
                writer.setSupersedes(collapse.into(), Optional.empty());
            }
            progress.advanced(++folded, total);
        }
    }

    private static void fold(ItemWriter writer, Fold fold, String relation, Instant now) {
        KnowledgeItem removed = fold.removed();
        for (Provenance earlier : writer.provenanceOf(removed.id())) {
            writer.addProvenance(fold.into(), earlier);
        }
        writer.addProvenance(fold.into(), new Provenance(removed.id(), relation, removed.title(), removed.source(),
                removed.createdAt(), now));
        writer.addAnchors(fold.into(), removed.anchors()); // the code it was about stays found through the survivor
        writer.repoint(removed.id(), fold.into());
        writer.delete(List.of(removed.id()));
    }
}
