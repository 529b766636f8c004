package dev.graphiti.service;

import dev.graphiti.access.FileAccess;
import dev.graphiti.exchange.ExchangeFormat;
import dev.graphiti.exchange.FullJsonReader;
import dev.graphiti.exchange.FullJsonWriter;
import dev.graphiti.exchange.ItemSink;
import dev.graphiti.exchange.MalformedFile;
import dev.graphiti.exchange.MarkdownReader;
import dev.graphiti.exchange.MarkdownWriter;
import dev.graphiti.exchange.MemoryReader;
import dev.graphiti.exchange.MemoryWriter;
import dev.graphiti.exchange.RecordReader;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRecord;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Restored;
import dev.graphiti.graph.StoredItem;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * `graphiti import` and `graphiti export`: a graph's items to and from the {@link ExchangeFormat}s. An import streams
 * its file and stores it in batches, each one transaction, checked and redacted as `add` does; importing a file again
 * stores nothing new; a malformed part stops it with its file and line named, and the batches before it stay stored.
 */
public final class Exchange {

    /** Records per transaction: large enough that a commit's cost is spread, small enough that progress moves. */
    private static final int BATCH = 500;

    private final Graphs graphs;
    private final Clock clock;
    private final int maxContentBytes;
    private final JsonProvider json = JsonProvider.provider();

    public Exchange(Graphs graphs, Clock clock, int maxContentBytes) {
        this.graphs = graphs;
        this.clock = clock;
        this.maxContentBytes = maxContentBytes;
    }

    /** Imports what is at {@code from} in {@code format} (told by the file when empty). */
    public ImportReport importFrom(GraphLocation location, Path from, Optional<ExchangeFormat> format,
                                   FileAccess access, ExchangeProgress progress) {
        if (!Files.exists(from)) {
            throw new InvalidInputException("no such file or folder: " + from);
        }
        access.fileOrFolder(from, from.toString());
        ExchangeFormat as = format.orElseGet(() -> ExchangeFormat.detect(access, from));
        if (as != ExchangeFormat.markdown && Files.isDirectory(from)) {
            throw new InvalidInputException(from + " is a folder; only Markdown notes are imported from a folder");
        }
        Counts counts = new Counts();
        try (OpenGraph graph = graphs.open(location); RecordReader reader = reader(as, access, from)) {
            ItemService items = graph.items(clock, maxContentBytes);
            List<ItemService.CheckedRecord> batch = new ArrayList<>();
            try {
                for (Optional<ItemRecord> record = reader.next(); record.isPresent(); record = reader.next()) {
                    batch.add(check(items, record.get(), reader));
                    if (batch.size() == BATCH) {
                        store(items, batch, counts);
                        progress.advanced(reader.done(), counts.read);
                        stopWhenInterrupted(counts);
                    }
                }
                store(items, batch, counts);
            } catch (MalformedFile e) {
                // An interrupt during a read closes the file (ClosedByInterruptException): a stop, not a bad file.
                stopWhenInterrupted(counts);
                store(items, batch, counts);
                throw new GraphException(e.getMessage() + ". The import stopped there: the " + counts.read + " items before it"
                        + " are imported (" + (counts.stored + counts.replaced) + " new). Fix it and import again; what is stored already is skipped");
            }
            return new ImportReport(as, from, counts.read, counts.stored, counts.replaced, counts.present, counts.duplicates,
                    counts.redactions, reader.skipped(), reader.refused());
        } finally {
            progress.finished();
        }
    }

    /**
     * The thread's interrupt is how a caller stops an import (a tool call past its timeout, a cancelled one): it ends
     * between two batches, each stored whole, and says how far it got.
     */
    private static void stopWhenInterrupted(Counts counts) {
        if (Thread.currentThread().isInterrupted()) {
            throw new GraphException("the import was stopped after " + counts.read + " items: " + (counts.stored
                    + counts.replaced) + " new stored, " + (counts.present + counts.duplicates) + " already there. Import"
                    + " the same file again to go on (what is stored is skipped), or split it into smaller files");
        }
    }

    private static ItemService.CheckedRecord check(ItemService items, ItemRecord record, RecordReader reader) {
        try {
            return items.check(record);
        } catch (MalformedFile e) {
            throw e;
        } catch (GraphException e) {
            throw new MalformedFile(reader.where(), e.getMessage());
        }
    }

    private static void store(ItemService items, List<ItemService.CheckedRecord> batch, Counts counts) {
        if (batch.isEmpty()) {
            return;
        }
        List<Restored> outcomes = items.restore(batch);
        for (int i = 0; i < outcomes.size(); i++) {
            counts.read++;
            switch (outcomes.get(i).outcome()) {
                case STORED -> {
                    counts.stored++;
                    counts.redactions += batch.get(i).redactions();
                }
                case REPLACED -> {
                    counts.replaced++;
                    counts.redactions += batch.get(i).redactions();
                }
                case PRESENT -> counts.present++;
                case DUPLICATE -> counts.duplicates++;
            }
        }
        batch.clear();
    }

    private RecordReader reader(ExchangeFormat format, FileAccess access, Path from) {
        return switch (format) {
            case memory -> new MemoryReader(json, access, from);
            case markdown -> new MarkdownReader(access, from);
            case json -> new FullJsonReader(json, access, from);
        };
    }

    /**
     * Exports the graph to {@code to}: a file for memory and json, a folder for markdown. Memory exports current items
     * (the memory server keeps no history); Markdown and json export every item. An existing file, or a folder with
     * files in it, is replaced only when {@code replace} is set.
     */
    public ExportReport exportTo(GraphLocation location, Path to, ExchangeFormat format, boolean replace,
                                 ExchangeProgress progress) {
        requireFree(to, format, replace);
        try (OpenGraph graph = graphs.open(location); ItemSink sink = sink(format, to, location)) {
            ItemRepository repository = graph.repository();
            int total = Math.max(1, repository.stats(ItemFilter.current().withSuperseded(true), 0).items());
            int items = 0;
            long position = 0;
            for (List<StoredItem> page = repository.stored(position, BATCH); !page.isEmpty();
                 page = repository.stored(position, BATCH)) {
                for (StoredItem stored : page) {
                    sink.write(stored, repository.provenance(stored.item().id()));
                }
                items += page.size();
                position = page.get(page.size() - 1).position();
                progress.advanced(Math.min(1.0, (double) items / total), items);
            }
            return new ExportReport(format, to, items, sink.finish());
        } finally {
            progress.finished();
        }
    }

    private ItemSink sink(ExchangeFormat format, Path to, GraphLocation location) {
        return switch (format) {
            case memory -> new MemoryWriter(json, to);
            case markdown -> new MarkdownWriter(to);
            case json -> new FullJsonWriter(json, to, location.scope(), clock.instant());
        };
    }

    private static void requireFree(Path to, ExchangeFormat format, boolean replace) {
        if (format == ExchangeFormat.markdown) {
            if (Files.exists(to) && !Files.isDirectory(to)) {
                throw new InvalidInputException(to + " is a file; Markdown notes are exported into a folder");
            }
            if (!replace && Files.isDirectory(to) && !empty(to)) {
                throw new InvalidInputException(to + " has files in it; export into an empty or new folder, or give --force"
                        + " to write the notes beside them (a note of the same item is replaced)");
            }
        } else if (Files.isDirectory(to)) {
            throw new InvalidInputException(to + " is a folder; give the file to write");
        } else if (!replace && Files.exists(to)) {
            throw new InvalidInputException(to + " exists; give another file, or --force to replace it");
        }
    }

    private static boolean empty(Path folder) {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new GraphException("cannot list " + folder + " (" + e.getMessage() + ")", e);
        }
    }

    private static final class Counts {
        int read;
        int stored;
        int replaced;
        int present;
        int duplicates;
        int redactions;
    }
}
