package dev.graphiti.exchange;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemRecord;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the memory server's graph reads as items and back. Each observation is an item ("Alice: works at Acme Corp"),
 * an entity without observations an item that declares it ("Bob (person)"), a relation an item ("Relation: Alice
 * works_at Acme Corp"); each carries its entities with their types, so items about the same entity are related.
 * The source (memory:observation, memory:entity, memory:relation) says which form an item has, for the way back.
 * Any other item is exported as an entity named "Title (id)" with its content as the observation and a "mentions"
 * relation to each entity it mentions; importing that entity gives the item back under its id.
 */
final class MemoryForms {

    static final String ENTITY = "memory:entity";
    static final String OBSERVATION = "memory:observation";
    static final String RELATION = "memory:relation";
    /** An item graphiti exported, imported again. */
    static final String ITEM = "memory";
    private static final Pattern ITEM_NAME = Pattern.compile("(?s)(.+) \\(([0-9a-hjkmnp-tv-z]{8})\\)");
    /** Keeps a relation's words apart from an observation saying the same ("works at Acme Corp"). */
    static final String RELATION_LEAD = "Relation: ";
    /** The relation an exported item has to each entity it mentions. */
    static final String MENTIONS = "mentions";

    private MemoryForms() {
    }

    /**
     * The first observation of an entity a graphiti export named "Title (id)": that item again, under its id, so
     * importing graphiti's own export stores nothing twice.
     */
    static ItemRecord item(String name, String type, String text) {
        Matcher named = ITEM_NAME.matcher(name);
        named.matches();
        return new ItemRecord(Optional.of(named.group(2)), kindOf(type), Optional.of(named.group(1)), text, List.of(),
                ITEM, List.of(), true, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), List.of(), Optional.empty(), "");
    }

    /** Whether an entity's name is that of an item graphiti exported ("Title (id)"). */
    static boolean namesItem(String name) {
        return ITEM_NAME.matcher(name).matches();
    }

    /** The entity name an item is exported under. */
    static String itemName(KnowledgeItem item) {
        return item.title() + " (" + item.id() + ")";
    }

    static ItemRecord declaration(String name, String type) {
        return ItemRecord.of(kindOf(type), Optional.of(name), name + " (" + type + ")", List.of(), ENTITY,
                List.of(new Entity(name, type)));
    }

    static ItemRecord observation(String name, String type, String text) {
        return ItemRecord.of(kindOf(type), Optional.empty(), name + ": " + text, List.of(), OBSERVATION,
                List.of(new Entity(name, type)));
    }

    static ItemRecord relation(String from, String fromType, String relationType, String to, String toType) {
        return ItemRecord.of(Kind.note, Optional.empty(), RELATION_LEAD + from + " " + relationType + " " + to, List.of(),
                RELATION, List.of(new Entity(from, fromType), new Entity(to, toType)));
    }

    /** An entity type that names a kind (decision, pattern, ...) gives the item that kind; any other is a note. */
    static Kind kindOf(String entityType) {
        String name = entityType.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(Kind.values()).filter(kind -> kind.name().equals(name)).findFirst().orElse(Kind.note);
    }

    /** The item's entity whose name starts its content followed by {@code separator} (the longest such). */
    static Optional<Entity> subject(KnowledgeItem item, String separator) {
        return item.entities().stream().filter(entity -> item.content().startsWith(entity.name() + separator))
                .max(Comparator.comparingInt(entity -> entity.name().length()));
    }

    /** A relation item's from, type and to, read back with the names of its entities. */
    static Optional<Relation> relationOf(KnowledgeItem item) {
        if (!item.content().startsWith(RELATION_LEAD)) {
            return Optional.empty();
        }
        String rest = item.content().substring(RELATION_LEAD.length());
        List<String> names = item.entities().stream().map(Entity::name)
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        for (String from : names) {
            if (!rest.startsWith(from + " ")) {
                continue;
            }
            for (String to : names) {
                int middle = rest.length() - to.length() - 1;
                if (middle > from.length() + 1 && rest.endsWith(" " + to)) {
                    String type = rest.substring(from.length() + 1, middle);
                    if (!type.isBlank()) {
                        return Optional.of(new Relation(from, to, type));
                    }
                }
            }
        }
        return Optional.empty();
    }

    record Relation(String from, String to, String relationType) {
    }
}
