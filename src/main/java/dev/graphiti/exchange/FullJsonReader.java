package dev.graphiti.exchange;

import dev.graphiti.access.FileAccess;
import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.ItemRecord;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.ThreadPosition;
import jakarta.json.spi.JsonProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a {@link FullJson} export: the header first, then one item a line, every field kept. */
public final class FullJsonReader implements RecordReader {

    private final JsonProvider json;
    private final Lines lines;
    private boolean headerRead;

    public FullJsonReader(JsonProvider json, FileAccess access, Path file) {
        this.json = json;
        this.lines = new Lines(access, file);
    }

    @Override
    public Optional<ItemRecord> next() {
        while (true) {
            Optional<String> line = lines.next();
            if (line.isEmpty()) {
                return Optional.empty();
            }
            if (line.get().isBlank()) {
                continue;
            }
            JsonLine fields = JsonLine.parse(json, line.get(), lines.where());
            if (!headerRead) {
                header(fields);
                headerRead = true;
                continue;
            }
            return Optional.of(record(fields));
        }
    }

    private static void header(JsonLine fields) {
        if (!fields.optionalString(FullJson.HEADER).filter(FullJson.HEADER_VALUE::equals).isPresent()) {
            throw new MalformedFile(fields.where(), "is not a graphiti export's header ({\"graphiti\":\"items\",...});"
                    + " for the memory server's file give --as memory");
        }
        long version = fields.optionalLong("version").orElse(0L);
        if (version > FullJson.VERSION) {
            throw new MalformedFile(fields.where(), "the export has version " + version + " but this graphiti reads up to "
                    + FullJson.VERSION + "; upgrade graphiti");
        }
    }

    private static ItemRecord record(JsonLine fields) {
        Kind kind;
        try {
            kind = Kind.parse(fields.string("kind"));
        } catch (GraphException e) {
            throw fields.wrong("kind", e.getMessage());
        }
        List<Entity> entities = new ArrayList<>();
        for (JsonLine entity : fields.objects("entities")) {
            entities.add(new Entity(entity.string("name"), entity.string("type")));
        }
        List<Provenance> provenance = new ArrayList<>();
        for (JsonLine former : fields.objects("provenance")) {
            provenance.add(new Provenance(former.string("former_id"), former.string("relation"), former.string("title"),
                    former.string("source"), former.instant("created_at"), former.instant("recorded_at")));
        }
        List<Anchor> anchors = new ArrayList<>();
        for (JsonLine anchor : fields.objects("anchors")) { // absent in exports from before anchors: none
            anchors.add(anchor(anchor));
        }
        Optional<ThreadPosition> place = fields.optionalString("thread").filter(thread -> !thread.isBlank())
                .map(thread -> new ThreadPosition(thread, fields.optionalLong("position").orElse(0L)));
        return new ItemRecord(Optional.of(fields.string("id")), kind, Optional.of(fields.string("title")),
                fields.string("content"), fields.strings("tags"), fields.optionalString("source").orElse("import"), entities,
                false, Optional.of(fields.instant("created_at")), fields.optionalInstant("valid_until"),
                fields.optionalString("superseded_by"), fields.optionalString("supersedes"), provenance, place, anchors,
                fields.optionalString("ended_by").map(by -> new Ending(by, fields.optionalString("ended_why").orElse(""))),
                fields.optionalString("occasion").orElse("")); // absent in exports from before occasions: none
    }

    private static Anchor anchor(JsonLine fields) {
        try {
            return new Anchor(Anchor.Kind.valueOf(fields.string("kind")), fields.string("value"),
                    Anchor.Origin.valueOf(fields.optionalString("origin").orElse(Anchor.Origin.given.name())));
        } catch (IllegalArgumentException e) {
            throw fields.wrong("anchors", "holds an anchor of unknown kind or origin (kinds: file, symbol, key, command;"
                    + " origins: given, changed, touched, named)");
        }
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
    public void close() {
        lines.close();
    }
}
