package dev.graphiti.cli;

import dev.graphiti.graph.ItemDetails;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.RelatedItem;
import jakarta.json.JsonObject;

/** What `graphiti show` answers: the whole item, its supersession chain, related items and provenance. */
record ShowAnswer(ItemDetails details) implements Answer {

    @Override
    public JsonObject json() {
        var chain = JsonShapes.JSON.createArrayBuilder();
        for (KnowledgeItem item : details.chain()) {
            var link = JsonShapes.JSON.createObjectBuilder().add("id", item.id()).add("title", item.title())
                    .add("created_at", JsonShapes.timestamp(item.createdAt()));
            JsonShapes.add(link, "valid_until", item.validUntil().map(JsonShapes::timestamp));
            chain.add(link);
        }
        var related = JsonShapes.JSON.createArrayBuilder();
        for (RelatedItem item : details.related()) {
            related.add(JsonShapes.JSON.createObjectBuilder().add("id", item.id()).add("kind", item.kind().name())
                    .add("title", item.title()).add("shared_entities", item.sharedEntities()));
        }
        var provenance = JsonShapes.JSON.createArrayBuilder();
        for (Provenance former : details.provenance()) {
            provenance.add(JsonShapes.JSON.createObjectBuilder().add("id", former.formerId()).add("relation", former.relation())
                    .add("title", former.title()).add("source", former.source())
                    .add("created_at", JsonShapes.timestamp(former.createdAt()))
                    .add("compacted_at", JsonShapes.timestamp(former.recordedAt())));
        }
        return JsonShapes.whole(details.item()).add("chain", chain).add("related", related).add("provenance", provenance)
                .build();
    }
}
