package dev.graphiti.ingest.git;

import dev.graphiti.graph.IndexLedger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An index ledger held in memory: the walk logic's tests run against it (the SQLite one has its own). */
final class MemoryLedger implements IndexLedger {

    final Set<String> shas = new HashSet<>();
    final Set<String> keys = new HashSet<>();
    final Map<String, String> tips = new LinkedHashMap<>();
    final List<Judged> judged = new ArrayList<>();

    @Override
    public List<String> tips(int limit) {
        List<String> newestFirst = new ArrayList<>(tips.values());
        java.util.Collections.reverse(newestFirst);
        return newestFirst.subList(0, Math.min(limit, newestFirst.size()));
    }

    @Override
    public boolean judged(String sha, String changeKey) {
        return shas.contains(sha) || keys.contains(changeKey);
    }

    @Override
    public void record(List<Judged> commits) {
        for (Judged commit : commits) {
            shas.add(commit.sha());
            keys.add(commit.changeKey());
            judged.add(commit);
        }
    }

    @Override
    public Map<String, String> itemsOf(java.util.Collection<String> wanted) {
        Map<String, String> items = new java.util.HashMap<>();
        judged.stream().filter(commit -> commit.itemId() != null && wanted.contains(commit.sha()))
                .forEach(commit -> items.put(commit.sha(), commit.itemId()));
        return items;
    }

    @Override
    public void recordTip(String ref, String sha) {
        tips.remove(ref);
        tips.put(ref, sha);
    }
}
