package dev.graphiti.cli;

import dev.graphiti.exchange.BridgeOutcome;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.List;

/** What `graphiti export --as agents-md|claude-rules` answers: the files it wrote or removed, and how many items went in. */
record BridgeAnswer(String format, Path to, boolean remove, BridgeOutcome outcome) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("format", format).add("path", to.toString())
                .add("action", remove ? "remove" : "export").add("items", outcome.items())
                .add("written", paths(outcome.written())).add("removed", paths(outcome.removed()))
                .add("unchanged", outcome.unchanged()).build();
    }

    private static jakarta.json.JsonArrayBuilder paths(List<Path> files) {
        return JsonShapes.strings(files.stream().map(Path::toString).toList());
    }
}
