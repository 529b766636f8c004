package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A deterministic overview: counts by kind, most mentioned entities, latest decisions, in a few sentences.
 * With a topic, only the items a search for it finds. (With llm.endpoint set, the summarize command has a
 * language model retell it as prose: {@link SummaryPrompt}.)
 */
public final class Summarizer {

    static final int TOPIC_ITEMS = 200;
    static final int TOP_ENTITIES = 10;
    static final int DECISIONS = 5;

    private final ItemRepository repository;
    private final Ranking ranking;
    private final Scope scope;

    public Summarizer(ItemRepository repository, Ranking ranking, Scope scope) {
        this.repository = repository;
        this.ranking = ranking;
        this.scope = scope;
    }

    public Summary summarize(Optional<String> topic) {
        if (topic.isPresent() && !topic.get().isBlank()) {
            return ofTopic(topic.get().strip());
        }
        GraphStats stats = repository.stats(ItemFilter.current(), TOP_ENTITIES);
        ItemFilter decisions = new ItemFilter(Set.of(Kind.decision), Optional.empty(), Optional.empty(), Optional.empty(), false);
        List<KnowledgeItem> recent = repository.list(decisions, DECISIONS);
        return new Summary(scope, Optional.empty(), stats.items(), stats.byKind(),
                prose(Optional.empty(), stats.items(), stats.byKind(), stats.topEntities(), recent),
                stats.topEntities(), recent);
    }

    private Summary ofTopic(String topic) {
        List<KnowledgeItem> items = ranking.search(new SearchQuery(topic, ItemFilter.current(), TOPIC_ITEMS, false))
                .stream().map(SearchHit::item).toList();
        Map<Kind, Integer> byKind = new EnumMap<>(Kind.class);
        Map<Entity, Integer> mentions = new HashMap<>();
        for (KnowledgeItem item : items) {
            byKind.merge(item.kind(), 1, Integer::sum);
            item.entities().forEach(entity -> mentions.merge(entity, 1, Integer::sum));
        }
        List<GraphStats.EntityCount> top = mentions.entrySet().stream()
                .sorted(Map.Entry.<Entity, Integer>comparingByValue().reversed()
                        .thenComparing(e -> e.getKey().name()))
                .limit(TOP_ENTITIES)
                .map(e -> new GraphStats.EntityCount(e.getKey().name(), e.getKey().type(), e.getValue()))
                .toList();
        List<KnowledgeItem> decisions = items.stream().filter(item -> item.kind() == Kind.decision)
                .sorted(Comparator.comparing(KnowledgeItem::createdAt).reversed()).limit(DECISIONS).toList();
        return new Summary(scope, Optional.of(topic), items.size(), byKind,
                prose(Optional.of(topic), items.size(), byKind, top, decisions), top, decisions);
    }

    static String prose(Optional<String> topic, int count, Map<Kind, Integer> byKind, List<GraphStats.EntityCount> top,
                        List<KnowledgeItem> decisions) {
        String subject = topic.map(t -> "On \"" + t + "\" the graph holds ").orElse("The graph holds ");
        if (count == 0) {
            return subject + "no items.";
        }
        List<String> parts = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            Integer n = byKind.get(kind);
            if (n != null) {
                parts.add(n + " " + plural(kind, n));
            }
        }
        StringBuilder text = new StringBuilder(subject).append(count).append(count == 1 ? " item: " : " items: ")
                .append(String.join(", ", parts)).append('.');
        if (!top.isEmpty()) {
            text.append(" Most mentioned: ").append(top.stream().limit(5)
                    .map(e -> e.name() + " (" + e.count() + ")").collect(Collectors.joining(", "))).append('.');
        }
        if (!decisions.isEmpty()) {
            text.append(" Latest decision: ").append(decisions.get(0).title()).append('.');
        }
        return text.toString();
    }

    private static String plural(Kind kind, int n) {
        if (n == 1) {
            return kind.name();
        }
        return switch (kind) {
            case architecture -> "architecture notes";
            case bugfix -> "bug fixes";
            default -> kind.name() + "s";
        };
    }
}
