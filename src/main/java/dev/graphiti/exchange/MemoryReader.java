package dev.graphiti.exchange;

import dev.graphiti.access.FileAccess;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemRecord;
import jakarta.json.spi.JsonProvider;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the reference memory server's file: {"type":"entity","name","entityType","observations":[...]} and
 * {"type":"relation","from","to","relationType"}, one a line, as {@link MemoryForms} items.
 */
public final class MemoryReader implements RecordReader {

    /** A relation's end whose entity the file has not declared (yet). */
    static final String UNDECLARED = "entity";
    private static final Set<String> MENTIONABLE = Set.of(Entity.FILE, Entity.PATH, Entity.IDENTIFIER, Entity.LIBRARY);

    private final JsonProvider json;
    private final Lines lines;
    private final Deque<ItemRecord> pending = new ArrayDeque<>();
    private final Map<String, String> types = new HashMap<>();
    /**
     * Entities of graphiti's types without observations, held to the end: one an exported item mentions is that
     * item's entity again, not an item of its own.
     */
    private final Map<String, ItemRecord> deferred = new LinkedHashMap<>();
    private int skipped;

    public MemoryReader(JsonProvider json, FileAccess access, Path file) {
        this.json = json;
        this.lines = new Lines(access, file);
    }

    @Override
    public Optional<ItemRecord> next() {
        while (pending.isEmpty()) {
            Optional<String> line = lines.next();
            if (line.isEmpty()) {
                if (deferred.isEmpty()) {
                    return Optional.empty();
                }
                pending.addAll(deferred.values());
                deferred.clear();
                continue;
            }
            if (!line.get().isBlank()) {
                read(JsonLine.parse(json, line.get(), lines.where()));
            }
        }
        return Optional.of(pending.removeFirst());
    }

    private void read(JsonLine line) {
        String type = line.optionalString("type").orElseThrow(() -> line.wrong("type", "is missing (entity or relation)"));
        switch (type) {
            case "entity" -> {
                String name = named(line, "name");
                String entityType = line.optionalString("entityType").orElse(UNDECLARED);
                types.put(name, entityType);
                List<String> observations = line.strings("observations");
                if (observations.isEmpty() && MENTIONABLE.contains(entityType)) {
                    deferred.put(name, MemoryForms.declaration(name, entityType));
                } else if (observations.isEmpty()) {
                    pending.add(MemoryForms.declaration(name, entityType));
                }
                for (int i = 0; i < observations.size(); i++) {
                    boolean item = i == 0 && MemoryForms.namesItem(name);
                    pending.add(item ? MemoryForms.item(name, entityType, observations.get(i))
                            : MemoryForms.observation(name, entityType, observations.get(i)));
                }
            }
            case "relation" -> {
                String from = named(line, "from");
                String to = named(line, "to");
                String relationType = named(line, "relationType");
                if (relationType.equals(MemoryForms.MENTIONS) && MemoryForms.namesItem(from)) {
                    deferred.remove(to);
                    return; // the item's own entities say it again
                }
                pending.add(MemoryForms.relation(from, types.getOrDefault(from, UNDECLARED), relationType,
                        to, types.getOrDefault(to, UNDECLARED)));
            }
            // The reference server itself passes over lines of another type.
            default -> skipped++;
        }
    }

    private static String named(JsonLine line, String field) {
        String value = line.string(field).strip();
        if (value.isEmpty()) {
            throw line.wrong(field, "is empty");
        }
        return value;
    }

    @Override
    public String where() {
        return lines.where();
    }

    @Override
    public double done() {
        return lines.done();
    }

    @Override
    public int skipped() {
        return skipped;
    }

    @Override
    public void close() {
        lines.close();
    }
}
