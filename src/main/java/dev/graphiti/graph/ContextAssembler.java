package dev.graphiti.graph;

import java.time.temporal.ChronoUnit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The knowledge a new session starts with, within a token budget, shared by `graphiti context` and the
 * graphiti://context resource. Sections in priority order: decisions, architecture and preferences; knowledge anchored
 * to the files in play (the signals: changed files, the branch's diff against its base, files of recent commits); then
 * other recent knowledge. Routine
 * history (kind commit: refactors, clean-ups, bumps) is never in it: an agent can read git log itself. Within a
 * section newest first; an item appears once, whole or not at all. The budget is a ceiling, not a target: each
 * section stops at a few entries, so a graph of a long history still gives a short brief. An empty graph gives empty
 * text.
 *
 * <p>Items are quoted data ({@link Quoted}): each on one line with who wrote it, markup in it neutralised, under a
 * preface saying that memory is evidence, not orders; an item flagged as instructions is left out until accepted.
 */
public final class ContextAssembler {

    static final int DURABLE_ITEMS = 120;
    static final int RELATED_ITEMS = 60;
    static final int RECENT_ITEMS = 120;
    static final int RECENT_COMMITS = 10;
    static final int MAX_SIGNAL_FILES = 40;
    /** Files in play whose anchored items are read: the first ones (changed, then the branch's, then recent). */
    static final int MAX_FILES_LOOKED_UP = 12;
    static final int LINE_CHARS = 280;
    /** Entries per section worth a session's first read; more is a search away. */
    static final int DURABLE_SHOWN = 8;
    static final int RELATED_SHOWN = 4;
    static final int RECENT_SHOWN = 4;
    /** A git item's diff summary and provenance lines: metadata the item keeps, not words worth a brief line. */
    private static final Pattern GIT_METADATA = Pattern.compile(
            "(?s)\\n\\s*(\\d+ files? changed, \\+\\d+ -\\d+:|Merge changed \\d+ files?|Modules: |Commit [0-9a-f]{7,}, authored ).*$");
    /** What the brief is made of: knowledge, never routine history. */
    private static final ItemFilter KNOWLEDGE = new ItemFilter(EnumSet.complementOf(EnumSet.of(Kind.commit)),
            Optional.empty(), Optional.empty(), Optional.empty(), false);
    /** A moment after any: valid then means not ended at all. */
    private static final Instant FROM_NOW_ON = Instant.ofEpochMilli(Long.MAX_VALUE / 2);
    private static final Comparator<ItemBrief> NEWEST_FIRST = Comparator.comparing(ItemBrief::createdAt).reversed();

    private final ItemRepository repository;
    private final ToIntFunction<String> tokens;

    /** @param tokens the Claude-estimated token cost of a text */
    public ContextAssembler(ItemRepository repository, ToIntFunction<String> tokens) {
        this.repository = repository;
        this.tokens = tokens;
    }

    public ContextText assemble(ContextSignals signals, int budget) {
        return assemble(signals, budget, Optional.empty());
    }

    /**
     * The brief of what held at {@code asOf} (empty: what holds now). Knowledge git time ended is left out: an entry is
     * whole or absent, so ranking it below every current item leaves it out of a brief either way.
     */
    public ContextText assemble(ContextSignals signals, int budget, Optional<Instant> asOf) {
        Optional<Instant> moment = Optional.of(asOf.orElse(FROM_NOW_ON));
        if (budget < 1) {
            throw new InvalidInputException("the context budget must be at least 1 token, not " + budget);
        }
        var durable = new BriefPages((offset, limit) -> repository.briefs(kinds(Kind.decision, Kind.architecture,
                Kind.preference).asOf(moment).withoutEnded(), offset, limit), DURABLE_ITEMS);
        var recent = new BriefPages((offset, limit) -> repository.briefs(KNOWLEDGE.asOf(moment).withoutEnded(), offset, limit),
                RECENT_ITEMS);
        // Every durable item is current knowledge, so no current knowledge means nothing to say.
        if (recent.isEmpty()) {
            return new ContextText("", 0, 0);
        }
        List<KnowledgeItem> commits = repository.list(kinds(Kind.commit).asOf(moment).withoutEnded(), RECENT_COMMITS);
        Set<String> files = filesInPlay(signals, commits);
        List<ItemBrief> related = aboutFiles(files, moment);

        var text = new Budgeted(budget);
        if (!text.add(header(signals, files))) {
            return new ContextText("", 0, 0);
        }
        Set<String> shown = new HashSet<>();
        // Decisions may fill half the budget and file-related items up to 80%, so each section gets room;
        // what a section leaves unused flows to the next.
        int rest = budget - text.used;
        text.section("## Decisions, architecture and preferences\n", durable, shown, text.used + rest / 2, DURABLE_SHOWN);
        text.section("## About the files in play\n", related, shown, text.used + (budget - text.used) * 3 / 5,
                RELATED_SHOWN);
        text.section("## Recent\n", recent, shown, budget, RECENT_SHOWN);
        return new ContextText(text.toString(), text.used, shown.size());
    }

    /** Changed files first (the work tree's, then the branch's against its base), then the most recent commits'; capped. */
    private static Set<String> filesInPlay(ContextSignals signals, List<KnowledgeItem> commits) {
        Set<String> files = new LinkedHashSet<>(signals.files());
        for (KnowledgeItem commit : commits) {
            if (commit.held()) {
                continue; // a held commit's text names no file the agent should hear of
            }
            // the files the commit changed, as git says (its anchors), not every path-like word of its text
            commit.anchors().stream().filter(anchor -> anchor.kind() == Anchor.Kind.file).forEach(anchor -> files.add(anchor.value()));
        }
        return files.stream().limit(MAX_SIGNAL_FILES).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /**
     * Knowledge items anchored to one of the first files in play (by path, renames followed), holding at {@code moment},
     * newest first: an item that only mentions a file's name is not about it.
     */
    private List<ItemBrief> aboutFiles(Set<String> files, Optional<Instant> moment) {
        Instant at = moment.orElseThrow();
        Map<String, ItemBrief> items = new LinkedHashMap<>();
        for (String file : files.stream().limit(MAX_FILES_LOOKED_UP).toList()) {
            for (KnowledgeItem item : repository.anchoredTo(file)) {
                if (item.kind() != Kind.commit && !item.createdAt().isAfter(at) && !item.staleAt(at)) {
                    items.putIfAbsent(item.id(), ItemBrief.of(item));
                }
            }
        }
        return items.values().stream().sorted(NEWEST_FIRST).limit(RELATED_ITEMS).toList();
    }

    private static String header(ContextSignals signals, Set<String> files) {
        StringBuilder header = new StringBuilder("# graphiti: what is known about ").append(Quoted.inline(signals.project()));
        signals.branch().ifPresent(branch -> header.append(" (branch ").append(Quoted.inline(branch))
                .append(signals.head().map(head -> " @ " + head.substring(0, Math.min(7, head.length()))).orElse(""))
                .append(')'));
        header.append('\n');
        if (!files.isEmpty()) {
            header.append("Files in play: ").append(Quoted.inline(files.stream().limit(10)
                    .collect(Collectors.joining(", ")))).append(files.size() > 10 ? ", ..." : "").append('\n');
        }
        return header.append(Quoted.PREFACE).toString();
    }

    static String line(ItemBrief item) {
        // A database written before titles were bounded may hold one of any size: it must not crowd out the rest.
        String title = ItemLimits.cut(Quoted.inline(item.title()), ItemLimits.TITLE_CHARS);
        String lead = item.source().startsWith("git:") ? GIT_METADATA.matcher(item.lead()).replaceFirst("") : item.lead();
        String body = withoutTitle(Quoted.inline(lead), title);
        if (body.chars().noneMatch(Character::isLetterOrDigit)) {
            body = ""; // what is left of "Title." after the title is not worth a ": ."
        }
        if (body.length() > LINE_CHARS || item.cut()) {
            body = body.substring(0, Math.min(body.length(), LINE_CHARS - 3)) + "...";
        }
        String date = item.createdAt().truncatedTo(ChronoUnit.DAYS).toString().substring(0, 10);
        return "- " + item.kind() + ": " + title + " (" + item.id() + ", " + date + ", by "
                + Quoted.origin(item.source()) + ")"
                + (body.isEmpty() ? "" : ": " + body) + "\n";
    }

    /**
     * The body after the title it repeats: a message starts with its title, and a squashed pull request repeats it as
     * a first bullet without the "(#123)" the title ends in.
     */
    private static String withoutTitle(String body, String title) {
        String shortTitle = title.replaceFirst("\\s*\\(#\\d+\\)$", "");
        String rest = body.startsWith(title) ? body.substring(title.length()).strip() : body;
        String bare = rest.startsWith("* ") ? rest.substring(2) : rest;
        return !shortTitle.isEmpty() && bare.startsWith(shortTitle) ? bare.substring(shortTitle.length()).strip() : rest;
    }

    private static ItemFilter kinds(Kind... kinds) {
        return new ItemFilter(Set.of(kinds), Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    /** Text that grows only while it stays within the budget. */
    private final class Budgeted {
        private final StringBuilder text = new StringBuilder();
        private final int budget;
        private int used;

        Budgeted(int budget) {
            this.budget = budget;
        }

        boolean add(String piece) {
            return add(piece, budget);
        }

        boolean add(String piece, int limit) {
            int cost = tokens.applyAsInt(piece);
            if (used + cost > limit) {
                return false;
            }
            text.append(piece);
            used += cost;
            return true;
        }

        /**
         * The heading and the section's unseen items in order until the next one would not fit under
         * {@code limit}; the heading goes in with the first item, so a section with nothing new or no room is
         * left out whole. Stopping at the first misfit keeps the order without holes and counts the tokens of
         * one line too many rather than of every remaining candidate (counting is most of an assembly's cost).
         */
        void section(String heading, Iterable<ItemBrief> items, Set<String> shown, int limit, int entries) {
            boolean headed = false;
            int added = 0;
            for (ItemBrief item : items) {
                if (added == entries) {
                    return;
                }
                if (shown.contains(item.id()) || item.held()) {
                    continue;
                }
                String piece = (headed ? "" : "\n" + heading) + line(item);
                // A section's share bounds its later items; its first item may use what the budget has left.
                if (!add(piece, headed ? limit : budget)) {
                    return;
                }
                shown.add(item.id());
                headed = true;
                added++;
            }
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
