package dev.graphiti.explorer;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Entities and the items linking them, for the explorer's graph view: the entities the given items weigh most (one of
 * them the focus, when there is one), and between them the links that say something: each entity's strongest few. Entity
 * names are matched ignoring case, as an entity's page matches them.
 */
public record EntityGraph(List<Node> nodes, List<Link> links, int itemsRead, int entities) {

    /** How many linking items a link carries; its weight counts them all. */
    static final int ITEMS_PER_LINK = 5;
    /** How many links each entity keeps, its strongest: with all of them, 36 of gson's entities drew 535 lines. */
    static final int LINKS_PER_NODE = 3;

    public EntityGraph {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
    }

    /**
     * An entity: its name and type as first seen, how many of the items read mention it, and how many of those are
     * knowledge rather than routine history (plain commits).
     */
    public record Node(String name, String type, int items, int knowledge) {
    }

    /**
     * Two entities that items mention together: how many items, the newest {@value #ITEMS_PER_LINK} of them, and the
     * lift: how many times more often than if the two were mentioned independently.
     */
    public record Link(String from, String to, int weight, double lift, List<KnowledgeItem> items) {

        public Link {
            items = List.copyOf(items);
        }
    }

    /**
     * The graph of {@code items} (newest first) with at most {@code maxNodes} entities, those mentioned by the most
     * items weighed by kind (a decision counts more than a plain commit: knowledge before routine history), and
     * {@code focus} among them when given. Each entity keeps its {@value #LINKS_PER_NODE} links of highest lift: a name
     * every item mentions (the project's own) links to everything by chance and so to nothing here; the focus keeps all
     * of its links, which are why the others are in its graph.
     */
    static EntityGraph of(List<KnowledgeItem> items, Optional<String> focus, int maxNodes) {
        Map<String, Node> counted = new LinkedHashMap<>();
        Map<String, Double> weighed = new HashMap<>();
        for (KnowledgeItem item : items) {
            int knowledge = item.kind() == Kind.commit ? 0 : 1;
            for (Entity entity : distinct(item)) {
                counted.merge(key(entity.name()), new Node(entity.name(), entity.type(), 1, knowledge),
                        (old, one) -> new Node(old.name(), old.type(), old.items() + 1, old.knowledge() + knowledge));
                weighed.merge(key(entity.name()), item.kind().priority(), Double::sum);
            }
        }
        Optional<String> focusKey = focus.map(EntityGraph::key).filter(counted::containsKey);
        List<Node> chosen = new ArrayList<>();
        focusKey.map(counted::get).ifPresent(chosen::add);
        counted.entrySet().stream()
                .filter(entry -> focusKey.map(key -> !key.equals(entry.getKey())).orElse(true))
                .sorted(Comparator.comparingDouble((Map.Entry<String, Node> entry) -> weighed.get(entry.getKey())).reversed()
                        .thenComparing(entry -> -entry.getValue().items()).thenComparing(entry -> entry.getValue().name()))
                .limit(Math.max(0, maxNodes - chosen.size()))
                .forEach(entry -> chosen.add(entry.getValue()));
        Map<String, Node> kept = new HashMap<>();
        chosen.forEach(node -> kept.put(key(node.name()), node));

        Map<String, List<KnowledgeItem>> linking = new LinkedHashMap<>();
        Map<String, Node[]> ends = new HashMap<>();
        for (KnowledgeItem item : items) {
            List<Node> mentioned = distinct(item).stream().map(entity -> kept.get(key(entity.name())))
                    .filter(Objects::nonNull).toList();
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
                    ends.putIfAbsent(pair, new Node[] {a, b});
                    linking.computeIfAbsent(pair, p -> new ArrayList<>()).add(item);
                }
            }
        }
        List<Link> all = linking.entrySet().stream().map(entry -> {
            List<KnowledgeItem> both = entry.getValue();
            Node[] pair = ends.get(entry.getKey());
            double lift = (double) both.size() * items.size() / ((double) pair[0].items() * pair[1].items());
            return new Link(pair[0].name(), pair[1].name(), both.size(), lift,
                    both.subList(0, Math.min(ITEMS_PER_LINK, both.size())));
        }).toList();
        return new EntityGraph(chosen, strongest(all, focusKey), items.size(), counted.size());
    }

    /** Each end's {@value #LINKS_PER_NODE} links of highest lift (then weight), and every link of the focus. */
    private static List<Link> strongest(List<Link> all, Optional<String> focusKey) {
        Comparator<Link> strength = Comparator.comparingDouble(Link::lift).reversed()
                .thenComparing(Comparator.comparingInt(Link::weight).reversed())
                .thenComparing(link -> key(link.from()) + "\u0000" + key(link.to()));
        Map<String, List<Link>> byEnd = new HashMap<>();
        for (Link link : all) {
            byEnd.computeIfAbsent(key(link.from()), k -> new ArrayList<>()).add(link);
            byEnd.computeIfAbsent(key(link.to()), k -> new ArrayList<>()).add(link);
        }
        Set<Link> chosen = Collections.newSetFromMap(new IdentityHashMap<>());
        byEnd.values().forEach(links -> links.stream().sorted(strength).limit(LINKS_PER_NODE).forEach(chosen::add));
        focusKey.map(byEnd::get).ifPresent(chosen::addAll);
        return all.stream().filter(chosen::contains)
                .sorted(Comparator.comparingInt(Link::weight).reversed().thenComparing(strength)).toList();
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
