package dev.graphiti.ingest.memory;

import java.nio.file.Path;

/**
 * A memory file to import: where it is, how its items name it in their source (e.g. "CLAUDE.md", "user/CLAUDE.md",
 * "auto-memory/testing.md"), and whether it is an index (auto-memory's MEMORY.md, whose lines that only link to the
 * other files are left out: those files are imported themselves).
 */
public record MemoryFile(Path path, String label, boolean index) {
}
