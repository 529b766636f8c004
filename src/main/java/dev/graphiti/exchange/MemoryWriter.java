package dev.graphiti.exchange;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.StoredItem;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes current items as the reference memory server's file. Items that came from one ({@link MemoryForms}) become
 * their entities, observations and relations again; any other item becomes an entity named by its title and id,
 * typed by its kind, with its content as the observation and a "mentions" relation to each entity it mentions. Entities
 * first, then relations, lines joined as the server joins them. The server holds its graph in memory, so this does too.
 */
public final class MemoryWriter implements ItemSink {

    private final JsonProvider json;
    private final AtomicFile file;
    private final Map<String, MemoryEntity> entities = new LinkedHashMap<>();
    private final Map<String, String> mentioned = new LinkedHashMap<>();
    private final Set<MemoryForms.Relation> relations = new LinkedHashSet<>();

    public MemoryWriter(JsonProvider json, Path target) {
        this.json = json;
        this.file = new AtomicFile(target);
    }

    @Override
    public void write(StoredItem stored, List<Provenance> provenance) {
        KnowledgeItem item = stored.item();
        if (item.current() && !fromMemory(item)) {
            writeNative(item);
        }
    }

    /** Adds a memory server item back in its own form; false when it no longer reads as one (then it is written as any item). */
    private boolean fromMemory(KnowledgeItem item) {
        switch (item.source()) {
            case MemoryForms.OBSERVATION -> {
                Optional<Entity> subject = MemoryForms.subject(item, ": ");
                subject.ifPresent(entity -> entity(entity).observations.add(
                        item.content().substring(entity.name().length() + 2)));
                return subject.isPresent();
            }
            case MemoryForms.ENTITY -> {
                Optional<Entity> subject = MemoryForms.subject(item, " (");
                subject.ifPresent(this::entity);
                return subject.isPresent();
            }
            case MemoryForms.RELATION -> {
                Optional<MemoryForms.Relation> relation = MemoryForms.relationOf(item);
                relation.ifPresent(relations::add);
                return relation.isPresent();
            }
            default -> {
                return false;
            }
        }
    }

    private void writeNative(KnowledgeItem item) {
        String name = MemoryForms.itemName(item);
        entities.put(name, new MemoryEntity(name, item.kind().name()));
        entities.get(name).observations.add(item.content());
        for (Entity entity : item.entities()) {
            relations.add(new MemoryForms.Relation(name, entity.name(), MemoryForms.MENTIONS));
            mentioned.putIfAbsent(entity.name(), entity.type());
        }
    }

    private MemoryEntity entity(Entity entity) {
        return entities.computeIfAbsent(entity.name(), name -> new MemoryEntity(name, entity.type()));
    }

    @Override
    public int finish() {
        mentioned.forEach((name, type) -> entities.putIfAbsent(name, new MemoryEntity(name, type)));
        List<String> lines = new ArrayList<>();
        for (MemoryEntity entity : entities.values()) {
            JsonObjectBuilder line = json.createObjectBuilder().add("type", "entity").add("name", entity.name)
                    .add("entityType", entity.type).add("observations", json.createArrayBuilder(entity.observations));
            lines.add(text(line));
        }
        for (MemoryForms.Relation relation : relations) {
            lines.add(text(json.createObjectBuilder().add("type", "relation").add("from", relation.from())
                    .add("to", relation.to()).add("relationType", relation.relationType())));
        }
        try {
            Writer out = file.writer();
            out.write(String.join("\n", lines));
        } catch (IOException e) {
            throw new GraphException("cannot write the export (" + e.getMessage() + ")", e);
        }
        file.commit();
        return lines.size();
    }

    private String text(JsonObjectBuilder line) {
        StringWriter buffer = new StringWriter();
        try (var writer = json.createWriter(buffer)) {
            writer.writeObject(line.build());
        }
        return buffer.toString();
    }

    @Override
    public void close() {
        file.close();
    }

    private static final class MemoryEntity {
        final String name;
        final String type;
        final List<String> observations = new ArrayList<>();

        MemoryEntity(String name, String type) {
            this.name = name;
            this.type = type;
        }
    }
}
