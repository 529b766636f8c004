package dev.graphiti.ingest.memory;

import dev.graphiti.access.FileAccess;
import dev.graphiti.exchange.GraphitiSection;
import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.redact.Redactor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stores the chunks of memory files as items tagged by the agent whose file it is ({@link MemoryFile#tag}), each
 * with source {@code memory:<file>#<section>}. Against what an earlier import stored from the same file: a chunk it stored
 * already (same words, wherever its section went) is left alone; a chunk that is new in a section which lost one is
 * stored as the newer version of the most similar lost one (it supersedes it); any other new chunk is added (or
 * found to repeat an item the graph holds already). A chunk the file no longer has stops being current: its item is
 * superseded by a note tagged {@value #RETIRED} that says the file no longer says it (so search and the hooks never
 * offer the old text as the project's truth, and its history stays); so are the items of a file that is gone (not
 * of one that was found but not read). A retirement note is never retired again, and a chunk that comes back
 * replaces it. So a re-import of unchanged files stores nothing.
 */
public final class MemoryImport {

    public static final String RETIRED = "retired";
    /** How alike a returning chunk and a retirement note must be for the chunk to replace the note. */
    static final double RETURNING = 0.5;
    private static final String GONE_MARK = " no longer says this (found gone by graphiti capture --memory): ";
    static final int SOURCE_CAP = 200;
    static final int TITLE_CAP = 100;
    private static final int EXISTING_CAP = 100_000;

    /** What one file gave; {@code retired}: its chunks that are gone, whose items stopped being current. */
    public record FileReport(MemoryFile file, int chunks, int added, int updated, int unchanged, int duplicates,
                             int retired) {
    }

    /** A file imported before that is gone, and how many of its items stopped being current. */
    public record GoneFile(String label, int retired) {
    }

    /**
     * What an import did, file by file; {@code refused}: files not read because graphiti's markers in them are broken
     * (which lines are the user's is then unknown), their items kept as they are.
     */
    public record Outcome(List<FileReport> files, List<GoneFile> gone, List<String> refused) {
    }

    private final ItemService items;
    private final Redactor redactor;
    private final int maxContentBytes;

    public MemoryImport(ItemService items, Redactor redactor, int maxContentBytes) {
        this.items = items;
        this.redactor = redactor;
        this.maxContentBytes = maxContentBytes;
    }

    /**
     * Imports {@code files}; the items of any other file imported before are retired, unless its label is in
     * {@code unread} (found but not read, e.g. refused).
     */
    public Outcome run(List<MemoryFile> files, Set<String> unread) throws IOException {
        // an earlier import's items, whichever tag it gave them (before tags by agent, every file's were claude-memory)
        Map<String, KnowledgeItem> byId = new java.util.LinkedHashMap<>();
        for (String tag : MemoryFile.TAGS) {
            items.list(new ItemFilter(Set.of(), Optional.of(tag), Optional.empty(), Optional.empty(), false), EXISTING_CAP)
                    .forEach(item -> byId.putIfAbsent(item.id(), item));
        }
        List<KnowledgeItem> existing = List.copyOf(byId.values());
        List<FileReport> reports = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (MemoryFile file : files) {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .decode(ByteBuffer.wrap(FileAccess.everywhere().read(file.path(), file.path().toString()))).toString();
            Optional<String> broken = GraphitiSection.problem(text, file.path().toString());
            if (broken.isPresent()) {
                refused.add(broken.get().replace("(nothing was written)", "(not read; its items are kept)"));
                continue;
            }
            reports.add(one(file, MemoryDocument.chunks(text, file.index()), poolOf(existing, file.label())));
        }
        Map<String, List<KnowledgeItem>> others = new java.util.TreeMap<>();
        for (KnowledgeItem item : existing) {
            String label = labelOf(item.source());
            if (files.stream().noneMatch(file -> file.label().equals(label)) && !unread.contains(label)) {
                others.computeIfAbsent(label, key -> new ArrayList<>()).add(item);
            }
        }
        List<GoneFile> gone = new ArrayList<>();
        others.forEach((label, pool) -> {
            int retired = retire(label, pool);
            if (retired > 0) {
                gone.add(new GoneFile(label, retired));
            }
        });
        return new Outcome(reports, gone, refused);
    }

    private static List<KnowledgeItem> poolOf(List<KnowledgeItem> existing, String label) {
        return new ArrayList<>(existing.stream().filter(item -> labelOf(item.source()).equals(label)).toList());
    }

    /** The file part of a source {@code memory:<file>#<section>}. */
    private static String labelOf(String source) {
        String rest = source.startsWith("memory:") ? source.substring("memory:".length()) : source;
        int hash = rest.indexOf('#');
        return hash < 0 ? rest : rest.substring(0, hash);
    }

    /** What an item says: a retirement note's old text without the sentence in front of it. */
    private static String said(KnowledgeItem item) {
        int mark = retiredNote(item) ? item.content().indexOf(GONE_MARK) : -1;
        return mark < 0 ? item.content() : item.content().substring(mark + GONE_MARK.length());
    }

    private static boolean retiredNote(KnowledgeItem item) {
        return item.tags().contains(RETIRED);
    }

    private FileReport one(MemoryFile file, List<MemoryChunk> chunks, List<KnowledgeItem> pool) {
        record Pending(MemoryChunk chunk, String content, String source) {
        }
        List<Pending> fresh = new ArrayList<>();
        int unchanged = 0;
        Map<String, KnowledgeItem> byWords = new HashMap<>();
        pool.stream().filter(item -> !retiredNote(item))
                .forEach(item -> byWords.putIfAbsent(Fingerprint.normalize(item.content()), item));
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
            // an edited chunk replaces the most similar one its section lost; a returning one, its retirement note
            Optional<KnowledgeItem> replaced = pool.stream().filter(item -> item.source().equals(pending.source()))
                    .filter(item -> !retiredNote(item) || Fingerprint.similarity(said(item), pending.content()) >= RETURNING)
                    .max(Comparator.comparingDouble(item -> Fingerprint.similarity(said(item), pending.content())));
            replaced.ifPresent(pool::remove);
            requests.add(new NewItem(Kind.parse(pending.chunk().kind()), Optional.of(title(file, pending.chunk())),
                    pending.content(), List.of(file.tag()), pending.source(), replaced.map(KnowledgeItem::id),
                    Optional.empty()));
        }
        List<AddResult> results = requests.isEmpty() ? List.of() : items.addAll(requests);
        int updated = (int) results.stream().filter(result -> result.superseded().isPresent()).count();
        int duplicates = (int) results.stream()
                .filter(result -> result.duplicateOf().isPresent() && result.superseded().isEmpty()).count();
        return new FileReport(file, chunks.size(), results.size() - updated - duplicates, updated, unchanged, duplicates,
                retire(file.label(), pool));
    }

    /** Supersedes each item of {@code pool} that is not a retirement note by one; returns how many. */
    private int retire(String label, List<KnowledgeItem> pool) {
        List<NewItem> notes = new ArrayList<>();
        for (KnowledgeItem item : pool) {
            if (retiredNote(item) || !item.current()) {
                continue;
            }
            String title = "No longer in " + label + ": " + item.title();
            notes.add(new NewItem(Kind.note, Optional.of(title.length() <= TITLE_CAP ? title
                    : title.substring(0, TITLE_CAP - 1).strip() + "…"),
                    capped(label + GONE_MARK + item.content()),
                    List.of(MemoryFile.tagOf(label), RETIRED), item.source(), Optional.of(item.id()),
                    Optional.empty()));
        }
        return notes.isEmpty() ? 0 : items.addAll(notes).size();
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
