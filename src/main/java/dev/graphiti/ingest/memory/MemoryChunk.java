package dev.graphiti.ingest.memory;

import java.util.List;

/**
 * One thing a memory file says: a bullet (with its sub-bullets), a paragraph or a table, under its headings
 * ({@code section}, outermost first), with the kind it reads as.
 */
public record MemoryChunk(List<String> section, String text, String kind) {

    public MemoryChunk {
        section = List.copyOf(section);
    }

    /** The headings as one line: "Testing > Database"; empty at the top of the file. */
    public String sectionLine() {
        return String.join(" > ", section);
    }
}
