package dev.graphiti.exchange;

import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.ItemRecord;
import dev.graphiti.graph.Kind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads Markdown notes, one item each: a folder's .md files (sub-folders too, hidden ones such as .obsidian passed
 * over, in name order) or one file. The front matter gives id, title, kind, tags, created (or date), valid_until,
 * superseded_by, supersedes and source; a note without it is a note titled by its file name, dated by its last
 * change. Empty notes are passed over and counted.
 */
public final class MarkdownReader implements RecordReader {

    private static final int SOURCE_CHARS = 200;

    private final Path root;
    private final List<Path> files;
    private int index;
    private int skipped;

    public MarkdownReader(Path path) {
        this.root = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
        this.files = Files.isDirectory(path) ? notes(path) : List.of(path);
    }

    private static List<Path> notes(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(path -> path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".md"))
                    .filter(Files::isRegularFile)
                    .filter(path -> folder.relativize(path).toString().isEmpty() || !hidden(folder.relativize(path)))
                    .sorted().toList();
        } catch (IOException e) {
            throw new MalformedFile(folder.toString(), "cannot be listed (" + e.getMessage() + ")");
        }
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Optional<ItemRecord> next() {
        while (index < files.size()) {
            Path file = files.get(index++);
            Optional<ItemRecord> record = read(file);
            if (record.isPresent()) {
                return record;
            }
            skipped++;
        }
        return Optional.empty();
    }

    private Optional<ItemRecord> read(Path file) {
        String where = file.toString();
        FrontMatter note = FrontMatter.parse(text(file), where);
        String content = note.body().strip();
        if (content.isEmpty()) {
            return Optional.empty();
        }
        Kind kind;
        try {
            kind = note.string("kind").map(Kind::parse).orElse(Kind.note);
        } catch (GraphException e) {
            throw new MalformedFile(where, "kind: " + e.getMessage());
        }
        String stem = file.getFileName().toString().replaceFirst("(?i)\\.md$", "");
        String source = note.string("source").orElseGet(() -> cut("markdown:" + root.relativize(file.toAbsolutePath())));
        Optional<Instant> created = instant(note, "created", where).or(() -> instant(note, "date", where))
                .or(() -> modified(file));
        return Optional.of(new ItemRecord(note.string("id"), kind, note.string("title").or(() -> Optional.of(stem)), content,
                note.strings("tags"), source, List.of(), true, created, instant(note, "valid_until", where),
                note.string("superseded_by"), note.string("supersedes"), List.of(), Optional.empty()));
    }

    private static String text(Path file) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedFile(file.toString(), "is not UTF-8 text");
        } catch (IOException e) {
            throw new MalformedFile(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }

    /** An ISO-8601 instant, a local date-time (read as UTC) or a date. */
    private static Optional<Instant> instant(FrontMatter note, String key, String where) {
        return note.string(key).map(text -> {
            String value = text.strip().replace(' ', 'T');
            try {
                return Instant.parse(value);
            } catch (DateTimeParseException notInstant) {
                try {
                    return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
                } catch (DateTimeParseException notDateTime) {
                    try {
                        return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
                    } catch (DateTimeParseException notDate) {
                        throw new MalformedFile(where, key + ": '" + text + "' is not a date such as 2026-01-31 or"
                                + " 2026-01-31T12:00:00Z");
                    }
                }
            }
        });
    }

    private static Optional<Instant> modified(Path file) {
        try {
            return Optional.of(Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String cut(String text) {
        return text.length() <= SOURCE_CHARS ? text : text.substring(0, SOURCE_CHARS - 1) + "…";
    }

    @Override
    public String where() {
        return index == 0 ? root.toString() : files.get(index - 1).toString();
    }

    @Override
    public double done() {
        return files.isEmpty() ? 1.0 : (double) index / files.size();
    }

    @Override
    public int skipped() {
        return skipped;
    }

    @Override
    public void close() {
        // each note is read whole and closed at once
    }
}
