package dev.graphiti.exchange;

import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.StoredItem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one Markdown note per item into a folder, named by its title and id ("Use SQLite (k3x9a2bq).md"), with the
 * item's fields as front matter (Obsidian shows them as properties) and its content as the body, unchanged.
 */
public final class MarkdownWriter implements ItemSink {

    private static final int NAME_CHARS = 80;

    private final Path folder;
    private int written;

    public MarkdownWriter(Path folder) {
        this.folder = folder;
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new GraphException("cannot create " + folder + " (" + e.getMessage() + ")", e);
        }
    }

    /** The file an item is written to, in {@code folder}. */
    public static Path fileOf(Path folder, KnowledgeItem item) {
        return folder.resolve(fileName(item.title()) + " (" + item.id() + ").md");
    }

    @Override
    public void write(StoredItem stored, List<Provenance> provenance) {
        KnowledgeItem item = stored.item();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", item.id());
        fields.put("title", item.title());
        fields.put("kind", new FrontMatter.Plain(item.kind().name()));
        fields.put("tags", item.tags());
        fields.put("created", new FrontMatter.Plain(item.createdAt().toString()));
        item.validUntil().ifPresent(until -> fields.put("valid_until", new FrontMatter.Plain(until.toString())));
        item.supersededBy().ifPresent(id -> fields.put("superseded_by", id));
        item.supersedes().ifPresent(id -> fields.put("supersedes", id));
        item.ended().ifPresent(ended -> {
            fields.put("ended_by", ended.by());
            fields.put("ended_why", ended.why());
        });
        fields.put("source", item.source());
        try (AtomicFile file = new AtomicFile(fileOf(folder, item))) {
            file.writer().write(FrontMatter.write(fields));
            file.writer().write(item.content());
            file.writer().write('\n');
            file.commit();
        } catch (IOException e) {
            throw new GraphException("cannot write " + fileOf(folder, item) + " (" + e.getMessage() + ")", e);
        }
        written++;
    }

    /** A title as a file name every file system and Obsidian's links accept. */
    static String fileName(String title) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < title.length(); ) {
            int c = title.codePointAt(i);
            i += Character.charCount(c);
            boolean unsafe = c < 0x20 || c == 0x7f || "\\/:*?\"<>|#^[]".indexOf(c) >= 0;
            name.appendCodePoint(unsafe ? ' ' : c);
        }
        String clean = name.toString().replaceAll("\\s+", " ").strip().replaceFirst("^\\.+", "").replaceFirst("[. ]+$", "");
        if (clean.codePointCount(0, clean.length()) > NAME_CHARS) {
            clean = clean.substring(0, clean.offsetByCodePoints(0, NAME_CHARS)).strip();
        }
        return clean.isEmpty() ? "item" : clean;
    }

    @Override
    public int finish() {
        return written;
    }

    @Override
    public void close() {
        // each note is moved into place whole as it is written
    }
}
