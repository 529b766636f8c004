package dev.graphiti.exchange;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoredItem;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/** Writes every item, line by line, in the {@link FullJson} format. */
public final class FullJsonWriter implements ItemSink {

    private final JsonProvider json;
    private final AtomicFile file;
    private int lines;

    public FullJsonWriter(JsonProvider json, Path target, Scope scope, Instant now) {
        this.json = json;
        this.file = new AtomicFile(target);
        line(json.createObjectBuilder().add(FullJson.HEADER, FullJson.HEADER_VALUE).add("version", FullJson.VERSION)
                .add("scope", scope.name()).add("exported_at", now.truncatedTo(ChronoUnit.MILLIS).toString()).build());
    }

    @Override
    public void write(StoredItem stored, List<Provenance> provenance) {
        KnowledgeItem item = stored.item();
        JsonArrayBuilder entities = json.createArrayBuilder();
        for (Entity entity : item.entities()) {
            entities.add(json.createObjectBuilder().add("name", entity.name()).add("type", entity.type()));
        }
        JsonArrayBuilder anchors = json.createArrayBuilder();
        for (Anchor anchor : item.anchors()) {
            anchors.add(json.createObjectBuilder().add("kind", anchor.kind().name()).add("value", anchor.value())
                    .add("origin", anchor.origin().name()));
        }
        JsonArrayBuilder formers = json.createArrayBuilder();
        for (Provenance former : provenance) {
            formers.add(json.createObjectBuilder().add("former_id", former.formerId()).add("relation", former.relation())
                    .add("title", former.title()).add("source", former.source())
                    .add("created_at", former.createdAt().toString()).add("recorded_at", former.recordedAt().toString()));
        }
        JsonObjectBuilder line = json.createObjectBuilder()
                .add("id", item.id())
                .add("kind", item.kind().name())
                .add("title", item.title())
                .add("content", item.content())
                .add("tags", json.createArrayBuilder(item.tags()))
                .add("source", item.source())
                .add("entities", entities)
                .add("anchors", anchors)
                .add("created_at", item.createdAt().toString());
        optional(line, "valid_until", item.validUntil().map(Instant::toString));
        optional(line, "superseded_by", item.supersededBy());
        optional(line, "supersedes", item.supersedes());
        optional(line, "ended_by", item.ended().map(Ending::by));
        optional(line, "ended_why", item.ended().map(Ending::why));
        optional(line, "occasion", Optional.of(item.occasion()).filter(occasion -> !occasion.isEmpty()));
        optional(line, "thread", stored.place().map(place -> place.thread()));
        if (stored.place().isPresent()) {
            line.add("position", stored.place().get().position());
        }
        line(line.add("provenance", formers).build());
    }

    private static void optional(JsonObjectBuilder line, String name, Optional<String> value) {
        value.ifPresent(text -> line.add(name, text));
    }

    private void line(JsonObject object) {
        StringWriter buffer = new StringWriter();
        try (var writer = json.createWriter(buffer)) {
            writer.writeObject(object);
        }
        try {
            file.writer().write(buffer.toString());
            file.writer().write('\n');
        } catch (IOException e) {
            throw new GraphException("cannot write the export (" + e.getMessage() + ")", e);
        }
        lines++;
    }

    @Override
    public int finish() {
        file.commit();
        return lines - 1;
    }

    @Override
    public void close() {
        file.close();
    }
}
