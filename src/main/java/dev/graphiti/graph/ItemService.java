package dev.graphiti.graph;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Adding, finding, listing and deleting items of one graph. */
public final class ItemService {

    /** Word-set similarity above which an item with the same kind and title is a repeat. */
    static final double NEAR_DUPLICATE = 0.9;
    private static final int TITLE_LENGTH = 80;
    /** Shorter id prefixes are not looked up: too many items share them. */
    private static final int MIN_PREFIX = 4;
    /** Markdown markers before a first line's words; compiled once (an add names its title from the content). */
    private static final Pattern MARKERS = Pattern.compile("^[#>*\\-+\\s]+");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private final ItemRepository repository;
    private final Scope scope;
    private final SecretRedaction redaction;
    private final EntityExtractor entities;
    private final ItemIds ids;
    private final Clock clock;
    private final int maxContentBytes;
    private final ProjectPaths paths;

    /** With no repository to check paths against: anchors named by shape ({@link ProjectPaths#UNKNOWN}). */
    public ItemService(ItemRepository repository, Scope scope, SecretRedaction redaction, EntityExtractor entities,
                       ItemIds ids, Clock clock, int maxContentBytes) {
        this(repository, scope, redaction, entities, ids, clock, maxContentBytes, ProjectPaths.UNKNOWN);
    }

    /** @param paths the project's files, which the paths an item's text names must be to become its anchors */
    public ItemService(ItemRepository repository, Scope scope, SecretRedaction redaction, EntityExtractor entities,
                       ItemIds ids, Clock clock, int maxContentBytes, ProjectPaths paths) {
        this.repository = repository;
        this.paths = paths;
        this.scope = scope;
        this.redaction = redaction;
        this.entities = entities;
        this.ids = ids;
        this.clock = clock;
        this.maxContentBytes = maxContentBytes;
    }

    /** Redacts, then stores {@code request} unless an equal or nearly equal current item exists. */
    public AddResult add(NewItem request) {
        Prepared prepared = prepare(request);
        return repository.write(claims(prepared), writer -> store(writer, prepared));
    }

    /**
     * What an add reads to decide and then writes: items with its content, current items of its kind with its title
     * (a near-duplicate has both), and the item it replaces. Adds sharing none of these cannot change each other's
     * outcome, so a store may run them side by side.
     */
    private static Set<String> claims(Prepared p) {
        Set<String> claims = new TreeSet<>();
        claims.add("content " + p.fingerprint().contentHash());
        claims.add("subject " + p.request().kind().name() + " " + p.fingerprint().titleKey());
        p.request().supersedes().ifPresent(id -> claims.add("item " + id));
        return claims;
    }

    /**
     * Adds many items in one transaction (the git indexer, bulk imports): each is checked and deduplicated
     * as by {@link #add}, and either all are stored or none.
     */
    public List<AddResult> addAll(List<NewItem> requests) {
        List<Prepared> prepared = requests.stream().map(this::prepare).toList();
        return repository.write(writer -> prepared.stream().map(p -> store(writer, p)).toList());
    }

    /**
     * Checks and redacts {@code record} as {@link #add} does its request (given entity names and provenance too), so a
     * caller reading a file can name the record that fails before anything of it is written.
     */
    public CheckedRecord check(ItemRecord record) {
        Prepared prepared = prepare(new NewItem(record.kind(), record.title(), record.content(), record.tags(),
                record.source(), record.supersedes(), record.createdAt(), record.place(), List.of(), record.occasion()));
        int redactions = prepared.redactions();
        Map<String, Entity> entities = new LinkedHashMap<>();
        for (Entity given : record.entities()) {
            SecretRedaction.Redacted name = redaction.redact(given.name().strip());
            redactions += name.count();
            if (!name.text().isEmpty()) {
                entities.putIfAbsent(name.text().toLowerCase(Locale.ROOT), new Entity(name.text(), given.type()));
            }
        }
        if (record.extractEntities()) {
            prepared.entities().forEach(found -> entities.putIfAbsent(found.name().toLowerCase(Locale.ROOT), found));
        }
        List<Provenance> provenance = new ArrayList<>();
        for (Provenance former : record.provenance()) {
            SecretRedaction.Redacted title = redaction.redact(former.title());
            SecretRedaction.Redacted source = redaction.redact(former.source());
            redactions += title.count() + source.count();
            provenance.add(new Provenance(former.formerId(), former.relation(), title.text(), source.text(),
                    former.createdAt(), former.recordedAt()));
        }
        RedactedAnchors recorded = RedactedAnchors.of(record.anchors(), redaction);
        redactions += recorded.count();
        List<Anchor> anchors = record.extractEntities() ? union(recorded.anchors(), prepared.anchors()) : recorded.anchors();
        Optional<Ending> ended = Optional.empty();
        if (record.ended().isPresent()) {
            SecretRedaction.Redacted why = redaction.redact(record.ended().get().why());
            redactions += why.count();
            ended = Optional.of(new Ending(record.ended().get().by(), why.text()));
        }
        return new CheckedRecord(record, prepared, List.copyOf(entities.values()), anchors, provenance, ended, redactions);
    }

    /**
     * Stores checked records in one transaction, keeping their ids, dates, supersession, provenance and places. A
     * record whose id is stored already, or a current record whose content a current item holds, adds nothing, so
     * importing the same file twice stores it once; but a current record whose id names a current item with another
     * title or content is an edited copy of it, stored as a new item that replaces it. A record that supersedes a
     * current item marks that item replaced.
     */
    public List<Restored> restore(List<CheckedRecord> records) {
        return repository.write(writer -> records.stream().map(checked -> restore(writer, checked)).toList());
    }

    private Restored restore(ItemWriter writer, CheckedRecord checked) {
        ItemRecord record = checked.record;
        Prepared p = checked.prepared;
        Optional<String> wanted = record.id().map(id -> id.strip().toLowerCase(Locale.ROOT)).filter(ItemIds::isId);
        Optional<KnowledgeItem> stored = wanted.flatMap(writer::get);
        if (stored.isPresent() && !edited(stored.get(), record, p)) {
            return new Restored(Restored.Outcome.PRESENT, stored.get().id());
        }
        if (record.supersededBy().isEmpty()) {
            Optional<KnowledgeItem> same = writer.findCurrentByFingerprint(p.fingerprint().contentHash());
            if (same.isPresent()) {
                return new Restored(Restored.Outcome.DUPLICATE, same.get().id());
            }
        }
        if (stored.isPresent()) {
            return replace(writer, stored.get(), checked);
        }
        String id = wanted.orElseGet(() -> freshId(writer));
        KnowledgeItem item = new KnowledgeItem(id, scope, record.kind(), p.title(), p.content(), p.tags(), p.source(),
                checked.entities, p.createdAt(),
                record.supersededBy().isPresent() || record.ended().isPresent() ? record.validUntil() : Optional.empty(),
                record.supersededBy(), record.supersedes(), p.flag(), checked.anchors, checked.ended, p.occasion());
        writer.insert(item, p.fingerprint(), record.place());
        record.supersedes().filter(old -> !old.equals(id)).flatMap(writer::get).filter(KnowledgeItem::current)
                .ifPresent(old -> writer.supersede(old.id(), id, p.createdAt()));
        checked.provenance.forEach(former -> writer.addProvenance(id, former));
        return new Restored(Restored.Outcome.STORED, id);
    }

    /** A current record for a current stored item whose title or content it changes: an edited copy (a note edited in Obsidian). */
    private static boolean edited(KnowledgeItem stored, ItemRecord record, Prepared p) {
        return stored.current() && record.supersededBy().isEmpty()
                && (!stored.title().equals(p.title()) || !Fingerprint.of(stored.title(), stored.content()).contentHash()
                .equals(p.fingerprint().contentHash()));
    }

    /** Stores an edited copy of {@code old} as the new item replacing it, dated now. */
    private Restored replace(ItemWriter writer, KnowledgeItem old, CheckedRecord checked) {
        Prepared p = checked.prepared;
        Instant now = clock.instant();
        String id = freshId(writer);
        writer.insert(new KnowledgeItem(id, scope, checked.record.kind(), p.title(), p.content(), p.tags(), p.source(),
                checked.entities, now, Optional.empty(), Optional.empty(), Optional.of(old.id()), p.flag(),
                union(checked.anchors, old.anchors()), Optional.empty(),
                p.occasion().isEmpty() ? old.occasion() : p.occasion()), p.fingerprint(),
                checked.record.place());
        writer.supersede(old.id(), id, now);
        return new Restored(Restored.Outcome.REPLACED, id);
    }

    private String freshId(ItemWriter writer) {
        String id = ids.next();
        while (writer.get(id).isPresent()) {
            id = ids.next();
        }
        return id;
    }

    /** A record checked and redacted by {@link #check}, ready for {@link #restore}. */
    public static final class CheckedRecord {
        private final ItemRecord record;
        private final Prepared prepared;
        private final List<Entity> entities;
        private final List<Anchor> anchors;
        private final List<Provenance> provenance;
        private final Optional<Ending> ended;
        private final int redactions;

        private CheckedRecord(ItemRecord record, Prepared prepared, List<Entity> entities, List<Anchor> anchors,
                              List<Provenance> provenance, Optional<Ending> ended, int redactions) {
            this.record = record;
            this.prepared = prepared;
            this.entities = entities;
            this.anchors = anchors;
            this.provenance = provenance;
            this.ended = ended;
            this.redactions = redactions;
        }

        /** How many secrets were replaced in it. */
        public int redactions() {
            return redactions;
        }
    }

    /** An item ready to store: checked, redacted, titled, tagged, its entities, anchors and fingerprint found. */
    private record Prepared(NewItem request, String title, String content, List<String> tags, String source,
                            List<Entity> entities, Fingerprint fingerprint, Instant createdAt, int redactions,
                            Optional<String> flag, List<Anchor> anchors, String occasion) {
    }

    private Prepared prepare(NewItem request) {
        if (request.content().isBlank()) {
            throw new InvalidInputException("nothing to add: the content is empty");
        }
        if (request.content().indexOf('\0') >= 0) {
            throw new InvalidInputException("the content holds NUL characters, so it is binary, not text; nothing was stored."
                    + " Add text: a note, or a summary of the file");
        }
        int bytes = request.content().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > maxContentBytes) {
            throw new GraphException("the content is " + bytes + " bytes; the limit is " + maxContentBytes
                    + " (config add.max_content_bytes). Store a summary, or split it into several items");
        }
        request.title().ifPresent(title -> ItemLimits.check("the title", title.strip(), ItemLimits.TITLE_CHARS,
                "Keep the title a short line; put the detail in the content"));
        ItemLimits.check("the source", request.source(), ItemLimits.SOURCE_CHARS, "Name where it came from in a few words");
        SecretRedaction.Redacted content = redaction.redact(request.content().strip());
        SecretRedaction.Redacted title = redaction.redact(request.title().map(String::strip).filter(t -> !t.isEmpty())
                .orElseGet(() -> titleOf(content.text())));
        SecretRedaction.Redacted source = redaction.redact(request.source());
        SecretRedaction.Redacted occasion = redaction.redact(ItemLimits.cut(request.occasion(), ItemLimits.OCCASION_CHARS));
        List<String> tags = new ArrayList<>();
        // before given() checks them, so that no error message repeats a secret
        RedactedAnchors requested = RedactedAnchors.of(request.anchors(), redaction);
        int redactions = content.count() + title.count() + source.count() + occasion.count() + requested.count();
        for (String tag : normalizeTags(request.tags())) {
            SecretRedaction.Redacted clean = redaction.redact(tag);
            redactions += clean.count();
            tags.add(clean.text());
        }
        Optional<String> flag = InstructionLike.find(title.text() + "\n" + content.text());
        if (flag.isPresent()) {
            // Only the review queue accepts a flagged item: one cannot arrive accepted.
            tags.remove(KnowledgeItem.REVIEWED);
        }
        String text = title.text() + "\n" + content.text();
        List<Entity> found = entities.extract(text);
        List<Anchor> anchors = given(requested.anchors());
        if (!request.source().startsWith("git:")) {
            // a commit's text names the files it changed, which are its anchors already
            anchors = union(anchors, NamedAnchors.of(text, found, paths));
        }
        return new Prepared(request, title.text(), content.text(), tags, source.text(), found,
                Fingerprint.of(title.text(), content.text()), request.createdAt().orElseGet(clock::instant), redactions,
                flag, anchors, occasion.text());
    }

    /**
     * The anchors a caller gave, files as the repository names them. A person's file outside the project is refused;
     * one an ingest found there (a session that read a file elsewhere) is dropped.
     */
    private List<Anchor> given(List<Anchor> anchors) {
        List<Anchor> kept = new ArrayList<>();
        for (Anchor anchor : anchors) {
            String value = anchor.value().strip();
            boolean person = anchor.origin() == Anchor.Origin.given;
            if (person) {
                ItemLimits.check("the anchor '" + ItemLimits.cut(value, 40) + "'", value, ItemLimits.ANCHOR_CHARS,
                        "An anchor is a path, a symbol, a config key or a command");
            } else if (value.length() > ItemLimits.ANCHOR_CHARS) {
                continue; // an ingest's overlong path is no reason to lose the item
            }
            if (anchor.kind() != Anchor.Kind.file) {
                kept.add(new Anchor(anchor.kind(), value, anchor.origin()));
                continue;
            }
            Optional<String> inside = paths.inside(value);
            if (inside.isEmpty() && person) {
                throw new InvalidInputException("the anchor '" + value + "' is outside the project; nothing was stored."
                        + " Give a path inside the work tree, relative to its root (src/app/Main.java)");
            }
            inside.ifPresent(path -> kept.add(Anchor.file(path, anchor.origin())));
        }
        return kept;
    }

    /** {@code first}, then the anchors of {@code second} it lacks (by kind and value). */
    static List<Anchor> union(List<Anchor> first, List<Anchor> second) {
        Map<String, Anchor> all = new LinkedHashMap<>();
        for (Anchor anchor : first) {
            all.putIfAbsent(anchor.kind() + " " + anchor.value(), anchor);
        }
        for (Anchor anchor : second) {
            all.putIfAbsent(anchor.kind() + " " + anchor.value(), anchor);
        }
        return List.copyOf(all.values());
    }

    private AddResult store(ItemWriter writer, Prepared p) {
        String id = ids.next();
        AddCandidates found = writer.addCandidates(p.request().kind(), p.fingerprint(), p.request().supersedes(), id);
        Optional<KnowledgeItem> replaced = p.request().supersedes().map(old -> found.replaced().orElseThrow(
                () -> new NotFoundException("cannot supersede " + old + ": no such item", List.of())));
        Optional<KnowledgeItem> duplicate = found.sameContent().or(() -> found.sameTitle().stream()
                .filter(candidate -> Fingerprint.similarity(candidate.content(), p.content()) >= NEAR_DUPLICATE)
                .findFirst());
        if (duplicate.isPresent() && replaced.isPresent()) {
            return supersedeByRepeat(writer, replaced.get(), duplicate.get(), p);
        }
        if (replaced.isPresent() && !replaced.get().current()) {
            throw alreadySuperseded(replaced.get());
        }
        if (duplicate.isPresent()) {
            // the same statement met again (another session, another commit) is about that code too
            writer.addAnchors(duplicate.get().id(), p.anchors());
            return new AddResult(duplicate.get(), p.redactions(), Optional.of(duplicate.get().id()), Optional.empty());
        }
        if (found.idTaken()) {
            id = freshId(writer);
        }
        KnowledgeItem item = new KnowledgeItem(id, scope, p.request().kind(), p.title(), p.content(), p.tags(),
                p.source(), p.entities(), p.createdAt(), Optional.empty(), Optional.empty(),
                replaced.map(KnowledgeItem::id), p.flag(),
                union(p.anchors(), replaced.map(KnowledgeItem::anchors).orElse(List.of())), Optional.empty(), p.occasion());
        writer.insert(item, p.fingerprint(), p.request().place());
        replaced.ifPresent(old -> writer.supersede(old.id(), item.id(), p.createdAt()));
        return new AddResult(item, p.redactions(), Optional.empty(), replaced.map(KnowledgeItem::id));
    }

    /**
     * "Replace {@code old} with this" where this is already stored as {@code repeat}: the stored item replaces
     * {@code old} (nothing is stored twice). Replacing an item by its own content is refused, since it would
     * leave nothing current; a retry after the replacement happened answers as the first call did.
     */
    private static AddResult supersedeByRepeat(ItemWriter writer, KnowledgeItem old, KnowledgeItem repeat, Prepared p) {
        if (old.id().equals(repeat.id())) {
            throw new GraphException("the content repeats item " + old.id() + " itself, so it cannot replace it; nothing"
                    + " was stored and " + old.id() + " stays current. Give the corrected content to supersede it");
        }
        if (old.supersededBy().filter(repeat.id()::equals).isEmpty()) {
            if (!old.current()) {
                throw alreadySuperseded(old);
            }
            writer.supersede(old.id(), repeat.id(), p.createdAt());
            if (repeat.supersedes().isEmpty()) {
                writer.setSupersedes(repeat.id(), Optional.of(old.id()));
            }
        }
        KnowledgeItem now = writer.get(repeat.id()).orElse(repeat);
        return new AddResult(now, p.redactions(), Optional.of(repeat.id()), Optional.of(old.id()));
    }

    private static GraphException alreadySuperseded(KnowledgeItem item) {
        return new GraphException("item " + item.id() + " was already superseded by "
                + item.supersededBy().orElseThrow() + "; supersede that one instead");
    }

    /**
     * The item {@code reference} names: an id, a unique id prefix, or a title (exact, then contained).
     * Several matches fail with the candidates, never a guess.
     */
    public KnowledgeItem resolve(String reference) {
        String ref = reference.strip();
        if (ref.isEmpty()) {
            throw new InvalidInputException("an item id or title is required");
        }
        Optional<KnowledgeItem> exact = repository.get(ref.toLowerCase(Locale.ROOT));
        if (exact.isPresent()) {
            return exact.get();
        }
        if (ItemIds.looksLikeId(ref) && ref.length() >= MIN_PREFIX) {
            List<KnowledgeItem> byPrefix = repository.findByIdPrefix(ref, 10);
            if (byPrefix.size() == 1) {
                return byPrefix.get(0);
            }
            if (byPrefix.size() > 1) {
                throw ambiguous(ref, byPrefix);
            }
        }
        List<KnowledgeItem> byTitle = repository.findByTitle(ref, 10);
        List<KnowledgeItem> current = byTitle.stream().filter(KnowledgeItem::current).toList();
        if (current.size() == 1 || byTitle.size() == 1) {
            return current.size() == 1 ? current.get(0) : byTitle.get(0);
        }
        if (byTitle.isEmpty()) {
            String hint = ItemIds.looksLikeId(ref) && ref.length() < MIN_PREFIX
                    ? " (an id prefix needs at least " + MIN_PREFIX + " characters)" : "";
            throw new NotFoundException("no item matches '" + ref + "'" + hint + "; try `graphiti search " + ref + "`", List.of());
        }
        throw ambiguous(ref, current.isEmpty() ? byTitle : current);
    }

    private static NotFoundException ambiguous(String ref, List<KnowledgeItem> candidates) {
        return new NotFoundException("'" + ref + "' matches " + candidates.size() + " items; name one by its id", candidates);
    }

    /** The current item {@code statement} restates in other words, if any (see {@link Restatements}). */
    public Optional<KnowledgeItem> restated(String statement) {
        return new Restatements(repository).of(statement);
    }

    public ItemDetails details(KnowledgeItem item) {
        return new ItemDetails(item, chain(item), repository.related(item.id(), 5), repository.provenance(item.id()));
    }

    /** The supersession chain through {@code item}, oldest first. */
    private List<KnowledgeItem> chain(KnowledgeItem item) {
        Deque<KnowledgeItem> chain = new ArrayDeque<>();
        chain.add(item);
        Set<String> seen = new LinkedHashSet<>(List.of(item.id()));
        for (Optional<String> back = item.supersedes(); back.isPresent() && seen.size() < 100; ) {
            Optional<KnowledgeItem> older = repository.get(back.get()).filter(o -> seen.add(o.id()));
            older.ifPresent(chain::addFirst);
            back = older.flatMap(KnowledgeItem::supersedes);
        }
        for (Optional<String> next = item.supersededBy(); next.isPresent() && seen.size() < 200; ) {
            Optional<KnowledgeItem> newer = repository.get(next.get()).filter(n -> seen.add(n.id()));
            newer.ifPresent(chain::addLast);
            next = newer.flatMap(KnowledgeItem::supersededBy);
        }
        return chain.size() == 1 ? List.of() : new ArrayList<>(chain);
    }

    /** Records renames git saw ({@code from} path to {@code to} path), so anchors follow them. */
    public void renamed(List<PathRename> renames) {
        // redacted before the transaction, which other writers wait for
        List<PathRename> kept = renames.stream()
                .filter(rename -> rename.from().length() <= ItemLimits.ANCHOR_CHARS
                        && rename.to().length() <= ItemLimits.ANCHOR_CHARS // as anchors are kept
                        && clean(rename.from()) && clean(rename.to())) // as ingests' anchors are
                .toList();
        if (!kept.isEmpty()) {
            repository.write(writer -> {
                kept.forEach(writer::renamed);
                return null;
            });
        }
    }

    /** Items that mention the entity {@code name} (any case), newest first, at most {@code limit}. */
    public List<KnowledgeItem> mentioning(String name, ItemFilter filter, int limit) {
        String wanted = name.strip();
        if (wanted.isEmpty()) {
            throw new InvalidInputException("an entity name is required");
        }
        // The full-text index finds candidates by the name's words; the entity lists decide.
        List<String> ids = repository.newestMatching("entities : " + MatchExpression.phrase(wanted), filter, 0, limit * 4)
                .stream().map(ItemBrief::id).toList();
        return repository.getAll(ids).stream()
                .filter(item -> item.entities().stream().anyMatch(entity -> entity.name().equalsIgnoreCase(wanted)))
                .limit(limit)
                .toList();
    }

    /**
     * Writes git time's marks in one transaction; an item replaced, ended already or gone keeps what it has (the
     * first ending stands). How many items it marked.
     */
    public int end(List<EndedItem> endings) {
        if (endings.isEmpty()) {
            return 0;
        }
        List<EndedItem> clean = endings.stream()
                .map(ended -> new EndedItem(ended.id(), redacted(ended.ending()), ended.at())).toList();
        return repository.write(writer -> {
            int marked = 0;
            for (EndedItem ended : clean) {
                marked += writer.end(ended.id(), ended.ending(), ended.at()) ? 1 : 0;
            }
            return marked;
        });
    }

    /** {@code ending} with no secret in its reason, which quotes commit subjects and paths ("file deleted: keys/..."). */
    private Ending redacted(Ending ending) {
        return new Ending(ending.by(), redaction.redact(ending.why()).text());
    }

    /** Whether {@code path} holds no secret: a rename is kept only between paths an ingest's anchor could have. */
    private boolean clean(String path) {
        return redaction.redact(path).count() == 0;
    }

    public List<KnowledgeItem> list(ItemFilter filter, int limit) {
        return repository.list(filter, limit);
    }

    /**
     * Resolves every reference (ids or unique id prefixes only: a title is too loose for deleting) before
     * deleting any; items the deleted ones had superseded become current again.
     */
    public List<KnowledgeItem> resolveForDelete(Collection<String> references) {
        List<KnowledgeItem> items = new ArrayList<>();
        for (String reference : references) {
            String ref = reference.strip().toLowerCase(Locale.ROOT);
            Optional<KnowledgeItem> exact = repository.get(ref);
            if (exact.isPresent()) {
                items.add(exact.get());
                continue;
            }
            List<KnowledgeItem> byPrefix = ItemIds.looksLikeId(ref) && ref.length() >= MIN_PREFIX
                    ? repository.findByIdPrefix(ref, 10) : List.of();
            if (byPrefix.size() != 1) {
                throw byPrefix.isEmpty()
                        ? new NotFoundException("no item has id '" + reference + "' (give an id or a unique prefix of at least "
                                + MIN_PREFIX + " characters; `graphiti list` shows them); nothing was deleted", List.of())
                        : ambiguous(reference, byPrefix);
            }
            items.add(byPrefix.get(0));
        }
        return items;
    }

    public void delete(List<KnowledgeItem> items) {
        repository.write(writer -> {
            for (KnowledgeItem item : items) {
                writer.reinstate(item.id());
            }
            writer.delete(items.stream().map(KnowledgeItem::id).toList());
            return null;
        });
    }

    /** The first line of the content without markdown markers, cut at a word boundary. */
    static String titleOf(String content) {
        String line = content.strip().lines().findFirst().orElse("").strip();
        line = MARKERS.matcher(line).replaceFirst("").strip();
        if (line.length() <= TITLE_LENGTH) {
            return line;
        }
        int cut = line.lastIndexOf(' ', TITLE_LENGTH - 1);
        return line.substring(0, cut > TITLE_LENGTH / 2 ? cut : TITLE_LENGTH - 1).strip() + "…";
    }

    static List<String> normalizeTags(List<String> tags) {
        Set<String> result = new LinkedHashSet<>();
        for (String raw : tags) {
            for (String part : raw.split(",")) {
                String stripped = part.strip();
                String tag = SPACES.matcher((stripped.startsWith("#") ? stripped.substring(1) : stripped)
                        .toLowerCase(Locale.ROOT)).replaceAll("-");
                if (!tag.isEmpty()) {
                    ItemLimits.check("the tag '" + ItemLimits.cut(tag, 20) + "'", tag, ItemLimits.TAG_CHARS,
                            "A tag is a word or two");
                    result.add(tag);
                }
            }
        }
        if (result.size() > ItemLimits.TAGS) {
            throw new InvalidInputException(result.size() + " tags; the limit is " + ItemLimits.TAGS
                    + ". Nothing was stored. Keep the few that a search would filter by");
        }
        return new ArrayList<>(result);
    }
}
