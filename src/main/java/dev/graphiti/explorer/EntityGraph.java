package dev.graphiti.explorer;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.KnowledgeItem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Entities and the items linking them, for the explorer's graph view: the entities the given items mention most (one
 * of them the focus, when there is one), and a link between two of them for every item that mentions both, carrying
 * the newest of those items. Entity names are matched ignoring case, as an entity's page matches them.
 */
record EntityGraph(List<Node> nodes, List<Link> links, int itemsRead) {

    /** How many linking items a link carries; its weight counts them all. */
    static final int ITEMS_PER_LINK = 5;

    EntityGraph {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
    }

    /** An entity: its name and type as first seen, and how many of the items read mention it. */
    record Node(String name, String type, int items) {
    }

    /** Two entities that items mention together: how many items, and the newest {@value #ITEMS_PER_LINK} of them. */
    record Link(String from, String to, int weight, List<KnowledgeItem> items) {

        Link {
            items = List.copyOf(items);
        }
    }

    /**
     * The graph of {@code items} (newest first) with at most {@code maxNodes} entities, the most mentioned, and
     * {@code focus} among them when given.
     */
    static EntityGraph of(List<KnowledgeItem> items, Optional<String> focus, int maxNodes) {
        Map<String, Node> counted = new LinkedHashMap<>();
        for (KnowledgeItem item : items) {
            for (Entity entity : distinct(item)) {
                counted.merge(key(entity.name()), new Node(entity.name(), entity.type(), 1),
                        (old, one) -> new Node(old.name(), old.type(), old.items() + 1));
            }
        }
        Optional<String> focusKey = focus.map(EntityGraph::key).filter(counted::containsKey);
        List<Node> chosen = new ArrayList<>();
        focusKey.map(counted::get).ifPresent(chosen::add);
        counted.entrySet().stream()
                .filter(entry -> focusKey.map(key -> !key.equals(entry.getKey())).orElse(true))
                .map(Map.Entry::getValue)
                .sorted(Comparator.comparingInt(Node::items).reversed().thenComparing(Node::name))
                .limit(Math.max(0, maxNodes - chosen.size()))
                .forEach(chosen::add);
        Map<String, Node> kept = new HashMap<>();
        chosen.forEach(node -> kept.put(key(node.name()), node));

        Map<String, List<KnowledgeItem>> linking = new LinkedHashMap<>();
        Map<String, String[]> ends = new HashMap<>();
        for (KnowledgeItem item : items) {
            List<Node> mentioned = distinct(item).stream().map(entity -> kept.get(key(entity.name())))
                    .filter(java.util.Objects::nonNull).toList();
            for (int i = 0; i < mentioned.size(); i++) {
                for (int j = i + 1; j < mentioned.size(); j++) {
                    Node a = mentioned.get(i);
                    Node b = mentioned.get(j);
                    if (key(a.name()).compareTo(key(b.name())) > 0) {
                        Node swap = a;
                        a = b;
                        b = swap;
                    }
                    String pair = key(a.name()) + "\u0000" + key(b.name());
                    ends.putIfAbsent(pair, new String[] {a.name(), b.name()});
                    linking.computeIfAbsent(pair, p -> new ArrayList<>()).add(item);
                }
            }
        }
        List<Link> links = linking.entrySet().stream().map(entry -> {
            List<KnowledgeItem> both = entry.getValue();
            String[] pair = ends.get(entry.getKey());
            return new Link(pair[0], pair[1], both.size(), both.subList(0, Math.min(ITEMS_PER_LINK, both.size())));
        }).sorted(Comparator.comparingInt(Link::weight).reversed()).toList();
        return new EntityGraph(chosen, links, items.size());
    }

    private static List<Entity> distinct(KnowledgeItem item) {
        Map<String, Entity> seen = new LinkedHashMap<>();
        item.entities().forEach(entity -> seen.putIfAbsent(key(entity.name()), entity));
        return List.copyOf(seen.values());
    }

    private static String key(String name) {
        return name.strip().toLowerCase(Locale.ROOT);
    }
}
