package dev.graphiti.service;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The context a session starts with: the Markdown {@code text} (empty for an empty graph) of {@code tokens} tokens
 * within {@code budget}, holding {@code items} items, and whether the project's HEAD is indexed (true outside git).
 */
public record SessionContext(String text, int tokens, int budget, int items, Path database, Optional<String> head,
                             boolean headIndexed, int unindexedCommits) {
}
