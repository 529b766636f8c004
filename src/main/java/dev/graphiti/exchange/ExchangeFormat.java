package dev.graphiti.exchange;

import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.access.FileAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The formats a graph is exported in and imported from. */
public enum ExchangeFormat {
    /** The reference MCP memory server's file (modelcontextprotocol/servers, src/memory): one entity or relation a line. */
    memory,
    /** A folder of Markdown notes with YAML front matter, one per item. */
    markdown,
    /** graphiti's own JSON Lines: a header line, then one item a line with everything it holds. */
    json;

    public static ExchangeFormat parse(String name) {
        try {
            return valueOf(name.strip().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown format '" + name + "'; use one of " + names());
        }
    }

    public static String names() {
        return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
    }

    /**
     * The format of what is at {@code path}: a folder or a .md file is Markdown; a file whose first line is graphiti's
     * header is {@link #json}; one whose first line is a memory server entity or relation is {@link #memory}.
     */
    public static ExchangeFormat detect(FileAccess access, Path path) {
        if (Files.isDirectory(path) || path.getFileName() == null
                || path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".md")) {
            return markdown;
        }
        String first = "";
        try (Lines lines = new Lines(access, path)) {
            for (Optional<String> line = lines.next(); line.isPresent() && first.isBlank(); line = lines.next()) {
                first = line.get();
            }
        } catch (MalformedFile e) {
            throw new InvalidInputException(e.getMessage() + "; give --as " + names() + " if it is one of those");
        }
        String compact = first.replace(" ", "");
        if (compact.contains("\"" + FullJson.HEADER + "\":")) {
            return json;
        }
        if (compact.contains("\"type\":\"entity\"") || compact.contains("\"type\":\"relation\"")) {
            return memory;
        }
        throw new InvalidInputException("cannot tell the format of " + path + " from its first line; give --as " + names());
    }
}
