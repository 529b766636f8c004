package dev.graphiti.graph;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What says which knowledge matters now: the project (its name, branch and HEAD) and the files in play
 * (changed in the work tree, or touched by recent commits).
 */
public record ContextSignals(String project, Optional<String> branch, Optional<String> head, List<String> files) {

    public ContextSignals {
        Objects.requireNonNull(project, "project");
        files = List.copyOf(files);
    }

    public static ContextSignals none(String project) {
        return new ContextSignals(project, Optional.empty(), Optional.empty(), List.of());
    }
}
