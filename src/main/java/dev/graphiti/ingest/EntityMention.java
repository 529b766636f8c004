package dev.graphiti.ingest;

/** An entity an ingested item mentions: a file, a module, a library or a concept. */
public record EntityMention(String name, String type) {

    public EntityMention {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("type must not be blank");
        }
    }
}
