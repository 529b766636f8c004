package dev.graphiti.exchange;

import dev.graphiti.access.FileAccess;
import dev.graphiti.graph.Ending;
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

/**
 * Reads Markdown notes, one item each: a folder's .md files (sub-folders too, hidden ones such as .obsidian passed
 * over, in name order, each as {@link FileAccess} allows) or one file. The front matter gives id, title, kind, tags,
 * created (or date), valid_until, superseded_by, supersedes and what git time ended it by (ended_by, ended_why), and a source it may claim, kept after the note's own
 * markdown:&lt;path&gt;; a note without it is a note titled by its file name, dated by its last change. Empty notes
 * are passed over and counted.
 */
public final class MarkdownReader implements RecordReader {

    private static final int SOURCE_CHARS = 200;
    private static final String MARKDOWN = "markdown:";

    private final FileAccess access;
    private final Path root;
    private final List<FileAccess.Found> files;
    private final List<String> refused;
    private int index;
    private int skipped;

    /** The notes {@code path} reaches (a folder or one file) as {@code access} allows; a refused note is named, not read. */
    public MarkdownReader(FileAccess access, Path path) {
        this.access = access;
        Path absolute = path.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            FileAccess.Listing listing = notes(access, absolute);
            this.root = absolute;
            this.files = listing.files();
            this.refused = listing.refused();
        } else {
            this.root = absolute.getParent();
            this.files = List.of(new FileAccess.Found(absolute, access.file(absolute, absolute.toString())));
            this.refused = List.of();
        }
    }

    private static FileAccess.Listing notes(FileAccess access, Path folder) {
        try {
            return access.walk(folder, folder.toString(), dir -> !dir.getFileName().toString().startsWith("."),
                    name -> !name.startsWith(".") && name.toLowerCase(Locale.ROOT).endsWith(".md"));
        } catch (IOException e) {
            throw new MalformedFile(folder.toString(), "cannot be listed (" + e.getMessage() + ")");
        }
    }

    @Override
    public Optional<ItemRecord> next() {
        while (index < files.size()) {
            FileAccess.Found file = files.get(index++);
            Optional<ItemRecord> record = read(file.path(), file.real());
            if (record.isPresent()) {
                return record;
            }
            skipped++;
        }
        return Optional.empty();
    }

    private Optional<ItemRecord> read(Path file, Path real) {
        String where = file.toString();
        FrontMatter note = FrontMatter.parse(text(real, where), where);
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
        String source = source(file, note.string("source"));
        Optional<Instant> created = instant(note, "created", where).or(() -> instant(note, "date", where))
                .or(() -> modified(real));
        return Optional.of(new ItemRecord(note.string("id"), kind, note.string("title").or(() -> Optional.of(stem)), content,
                note.strings("tags"), source, List.of(), true, created, instant(note, "valid_until", where),
                note.string("superseded_by"), note.string("supersedes"), List.of(), Optional.empty(), List.of(),
                note.string("ended_by").map(by -> new Ending(by, note.string("ended_why").orElse(""))), ""));
    }

    private String text(Path real, String where) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(access.read(real, where))).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedFile(where, "is not UTF-8 text");
        } catch (IOException e) {
            throw new MalformedFile(where, "cannot be read (" + e.getMessage() + ")");
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

    /**
     * markdown:&lt;path&gt;, the note's claimed source kept after it: a note is anyone's text, so it cannot pose as a
     * commit the git indexer read or a turn capture took (their sources put items in the review queue). A claimed
     * source that says markdown already is one of our own exports read again, kept as it is.
     */
    private String source(Path file, Optional<String> claimed) {
        if (claimed.isPresent() && claimed.get().startsWith(MARKDOWN)) {
            return cut(claimed.get());
        }
        String own = MARKDOWN + root.relativize(file.toAbsolutePath());
        return cut(claimed.filter(text -> !text.isBlank()).map(text -> own + " (source: " + text + ")").orElse(own));
    }

    private static String cut(String text) {
        return text.length() <= SOURCE_CHARS ? text : text.substring(0, SOURCE_CHARS - 1) + "…";
    }

    @Override
    public String where() {
        return index == 0 ? root.toString() : files.get(index - 1).path().toString();
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
    public List<String> refused() {
        return refused;
    }

    @Override
    public void close() {
        // each note is read whole and closed at once
    }
}
