package dev.graphiti.service;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.embed.EmbeddingModel;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.HealthReport;
import dev.graphiti.graph.SemanticSearch;
import java.util.Optional;

/**
 * The "semantic" check of health: how many items still wait for their vectors, and (inside a server) where the
 * model stands. Waiting items are normal right after writes and not a warning; a model that cannot load is.
 */
final class SemanticHealth {

    private SemanticHealth() {
    }

    static HealthReport.Check check(Graphs graphs, GraphLocation location, Optional<SemanticSearch> semantics) {
        String model = semantics.map(SemanticSearch::model).orElse(EmbeddingModel.CURRENT.id());
        try (var graph = graphs.open(location)) {
            int waiting = graph.vectors().unembeddedCount(model);
            String items = waiting == 0 ? "every item has its vectors (" + model + ")"
                    : waiting + (waiting == 1 ? " item has" : " items have") + " no vectors yet (" + model + "): "
                    + "a running MCP server embeds them in the background, `graphiti embed` does it now";
            if (semantics.isEmpty()) {
                return new HealthReport.Check("semantic", HealthReport.Status.ok, items);
            }
            SemanticSearch.Status status = semantics.get().status();
            if (status == SemanticSearch.Status.unavailable) {
                return new HealthReport.Check("semantic", HealthReport.Status.warn, "model unavailable, search uses words "
                        + "only (" + semantics.get().problem() + "); " + items);
            }
            return new HealthReport.Check("semantic", HealthReport.Status.ok, "model " + status + "; " + items);
        } catch (GraphException e) {
            return new HealthReport.Check("semantic", HealthReport.Status.warn, e.getMessage());
        }
    }
}
