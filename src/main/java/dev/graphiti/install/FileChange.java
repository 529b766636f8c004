package dev.graphiti.install;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What install or uninstall did to one file: {@code status} is created, updated, deleted, unchanged or
 * skipped; {@code entries} names what inside it is graphiti's (e.g. mcpServers.graphiti, hooks.Stop);
 * {@code backup} is where the previous bytes were copied.
 */
public record FileChange(Path file, String status, List<String> entries, Optional<Path> backup) {

    public FileChange {
        entries = List.copyOf(entries);
    }
}
