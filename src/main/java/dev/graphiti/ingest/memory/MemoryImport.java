package dev.graphiti.ingest.memory;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.redact.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stores the chunks of memory files as items tagged {@value #TAG}, each with source
 * {@code memory:<file>#<section>}. Against what an earlier import stored from the same file: a chunk it stored
 * already (same words, wherever its section went) is left alone; a chunk that is new in a section which lost one is
 * stored as the newer version of the most similar lost one (it supersedes it); any other new chunk is added (or
 * found to repeat an item the graph holds already). Chunks the file no longer has are counted, not deleted. So a
 * re-import of unchanged files stores nothing.
 */
public final class MemoryImport {

    public static final String TAG = "claude-memory";
    static final int SOURCE_CAP = 200;
    static final int TITLE_CAP = 100;
    private static final int EXISTING_CAP = 100_000;

    /** What one file gave. */
    public record FileReport(MemoryFile file, int chunks, int added, int updated, int unchanged, int duplicates,
                             int gone) {
    }

    private final ItemService items;
    private final Redactor redactor;
    private final int maxContentBytes;

    public MemoryImport(ItemService items, Redactor redactor, int maxContentBytes) {
        this.items = items;
        this.redactor = redactor;
        this.maxContentBytes = maxContentBytes;
    }

    public List<FileReport> run(List<MemoryFile> files) throws IOException {
        List<KnowledgeItem> existing = items.list(new ItemFilter(Set.of(), Optional.of(TAG), Optional.empty(),
                Optional.empty(), false), EXISTING_CAP);
        List<FileReport> reports = new ArrayList<>();
        for (MemoryFile file : files) {
            String prefix = "memory:" + file.label() + "#";
            List<KnowledgeItem> pool = new ArrayList<>(existing.stream()
                    .filter(item -> item.source().startsWith(prefix) || item.source().equals(prefix.substring(0, prefix.length() - 1)))
                    .toList());
            String text = Files.readString(file.path(), StandardCharsets.UTF_8);
            reports.add(one(file, MemoryDocument.chunks(text, file.index()), pool));
        }
        return reports;
    }

    private FileReport one(MemoryFile file, List<MemoryChunk> chunks, List<KnowledgeItem> pool) {
        record Pending(MemoryChunk chunk, String content, String source) {
        }
        List<Pending> fresh = new ArrayList<>();
        int unchanged = 0;
        Map<String, KnowledgeItem> byWords = new HashMap<>();
        pool.forEach(item -> byWords.putIfAbsent(Fingerprint.normalize(item.content()), item));
        for (MemoryChunk chunk : chunks) {
            String content = capped(redactor.redact(chunk.text()).text());
            KnowledgeItem same = byWords.remove(Fingerprint.normalize(content));
            if (same != null) {
                pool.remove(same);
                unchanged++;
            } else {
                fresh.add(new Pending(chunk, content, source(file, chunk)));
            }
        }
        List<NewItem> requests = new ArrayList<>();
        for (Pending pending : fresh) {
            Optional<KnowledgeItem> replaced = pool.stream().filter(item -> item.source().equals(pending.source()))
                    .max(Comparator.comparingDouble(item -> Fingerprint.similarity(item.content(), pending.content())));
            replaced.ifPresent(pool::remove);
            requests.add(new NewItem(Kind.parse(pending.chunk().kind()), Optional.of(title(file, pending.chunk())),
                    pending.content(), List.of(TAG), pending.source(), replaced.map(KnowledgeItem::id), Optional.empty()));
        }
        List<AddResult> results = requests.isEmpty() ? List.of() : items.addAll(requests);
        int updated = (int) results.stream().filter(result -> result.superseded().isPresent()).count();
        int duplicates = (int) results.stream()
                .filter(result -> result.duplicateOf().isPresent() && result.superseded().isEmpty()).count();
        return new FileReport(file, chunks.size(), results.size() - updated - duplicates, updated, unchanged, duplicates,
                pool.size());
    }

    private static String source(MemoryFile file, MemoryChunk chunk) {
        String base = "memory:" + file.label();
        String section = chunk.sectionLine();
        if (section.isEmpty()) {
            return base.length() <= SOURCE_CAP ? base : base.substring(0, SOURCE_CAP);
        }
        String full = base + "#" + section;
        return full.length() <= SOURCE_CAP ? full : full.substring(0, SOURCE_CAP - 1) + "…";
    }

    private static String title(MemoryFile file, MemoryChunk chunk) {
        String first = MemoryDocument.plain(chunk.text().lines().findFirst().orElse(""));
        if (first.startsWith("```") || first.startsWith("~~~") || first.startsWith("|") || first.isBlank()) {
            first = chunk.section().isEmpty() ? file.label() : chunk.sectionLine();
        }
        return first.length() <= TITLE_CAP ? first : first.substring(0, TITLE_CAP - 1).strip() + "…";
    }

    /** At most the configured content size, cut at a character. */
    private String capped(String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxContentBytes) {
            return content;
        }
        int end = Math.min(content.length(), maxContentBytes - 4);
        while (end > 0 && content.substring(0, end).getBytes(StandardCharsets.UTF_8).length > maxContentBytes - 4) {
            end -= Math.max(1, end / 20);
        }
        return content.substring(0, end) + "…";
    }
}
