package dev.graphiti.ingest.memory;

import dev.graphiti.exchange.GraphitiSection;
import dev.graphiti.ingest.transcript.PatternExtractor;
import dev.graphiti.ingest.transcript.Turn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a memory file (Markdown) into what it says: each top-level bullet with its sub-bullets, each paragraph,
 * each table is one chunk under its headings; a fenced code block belongs to the chunk before it (the command a
 * bullet names), or stands alone under its heading. Front matter (auto-memory files carry name, description and type)
 * is read, not stored; HTML comments, `@path` import lines (an import is not followed) and the part graphiti's own
 * export wrote ({@link GraphitiSection}: read back, it would come in as new items) are left out. The kind: a
 * statement the conversation patterns recognise (a decision, a root cause, ...), else what the front matter's type or
 * the headings say (architecture, decisions, gotchas, conventions), else an instruction (always, never, use, prefer)
 * is a preference, else a note.
 */
public final class MemoryDocument {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern BULLET = Pattern.compile("^(\\s*)([-*+]|\\d+[.)])\\s+(.*)$");
    /** A MEMORY.md line pointing at a memory file: "- [Testing](testing.md) - how tests run". */
    private static final Pattern INDEX_LINE = Pattern.compile("^([-*+]|\\d+[.)])\\s+\\[[^]]*]\\([^)\\s]+\\.md\\)");
    private static final Pattern IMPORT = Pattern.compile("^@\\S+$");
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
    private static final Pattern FRONT_MATTER = Pattern.compile("\\A---\\r?\\n(.*?)\\r?\\n---\\s*(\\r?\\n|\\z)", Pattern.DOTALL);
    private static final Pattern ARCHITECTURE = Pattern.compile(
            "\\b(architecture|structure|layout|design|overview|components?|modules?|how it works|data flow|layers?)\\b");
    private static final Pattern DECISIONS = Pattern.compile("\\b(decisions?|adrs?|choices)\\b");
    private static final Pattern GOTCHAS = Pattern.compile("\\b(gotchas?|pitfalls?|known (issues|problems|bugs)|bugs?|troubleshooting|caveats?)\\b");
    private static final Pattern CONVENTIONS = Pattern.compile("\\b(conventions?|style|rules?|guidelines?|preferences?|standards?"
            + "|workflow|do'?s|don'?ts|testing|tests|commits?|reviews?|instructions?|practices)\\b");
    private static final Pattern INSTRUCTION = Pattern.compile("^(always|never|don'?t|do not|use|prefer|avoid|run|keep|make sure"
            + "|must|should|only|write|put|add|ask|follow|no )\\b", Pattern.CASE_INSENSITIVE);

    private MemoryDocument() {
    }

    /**
     * The chunks of {@code text}, under the front matter's name when it has one; in an {@code index} (auto-memory's
     * MEMORY.md) a bullet that only links to a Markdown file is left out.
     */
    public static List<MemoryChunk> chunks(String text, boolean index) {
        String body = text.replace("\r\n", "\n");
        Map<String, String> front = new HashMap<>();
        Matcher matter = FRONT_MATTER.matcher(body);
        if (matter.find()) {
            for (String line : matter.group(1).split("\n")) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    front.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                            line.substring(colon + 1).strip().replaceAll("^[\"']|[\"']$", ""));
                }
            }
            body = body.substring(matter.end());
        }
        body = COMMENT.matcher(GraphitiSection.without(body)).replaceAll("");
        Optional<String> heading = Optional.ofNullable(front.get("name")).filter(n -> !n.isBlank());
        Splitter splitter = new Splitter(heading, Optional.ofNullable(front.get("type")), index);
        for (String line : body.split("\n", -1)) {
            splitter.line(line);
        }
        splitter.flush();
        return splitter.chunks;
    }

    /** Walks the lines, keeping the heading path and the chunk being built. */
    private static final class Splitter {
        private final List<MemoryChunk> chunks = new ArrayList<>();
        private final List<String> headings = new ArrayList<>();
        private final List<Integer> levels = new ArrayList<>();
        private final Optional<String> type;
        private final StringBuilder current = new StringBuilder();
        private final boolean index;
        private Block block = Block.none;
        private boolean fenced;

        private enum Block { none, bullet, paragraph, table, code }

        Splitter(Optional<String> root, Optional<String> type, boolean index) {
            this.type = type;
            this.index = index;
            root.ifPresent(name -> {
                headings.add(name);
                levels.add(0);
            });
        }

        void line(String line) {
            String trimmed = line.strip();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                if (!fenced && block != Block.bullet && block != Block.paragraph && block != Block.code) {
                    flush();
                    block = Block.code;
                }
                fenced = !fenced;
                append(line);
                return;
            }
            if (fenced) {
                append(line);
                return;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                flush();
                int level = heading.group(1).length();
                while (!levels.isEmpty() && levels.get(levels.size() - 1) >= level) {
                    levels.remove(levels.size() - 1);
                    headings.remove(headings.size() - 1);
                }
                levels.add(level);
                headings.add(heading.group(2).replace("**", "").replace("`", ""));
                return;
            }
            if (trimmed.isEmpty()) {
                if (block != Block.bullet) {
                    flush();
                }
                return;
            }
            if (IMPORT.matcher(trimmed).matches()) {
                return;
            }
            Matcher bullet = BULLET.matcher(line);
            if (bullet.matches()) {
                if (bullet.group(1).length() < 2 || block != Block.bullet) {
                    flush();
                    block = Block.bullet;
                }
                append(line.stripTrailing());
                return;
            }
            if (trimmed.startsWith("|")) {
                if (block != Block.table) {
                    flush();
                    block = Block.table;
                }
                append(trimmed);
                return;
            }
            boolean continues = block == Block.paragraph || (block == Block.bullet && Character.isWhitespace(line.charAt(0)));
            if (!continues) {
                flush();
                block = Block.paragraph;
            }
            append(line.stripTrailing());
        }

        private void append(String line) {
            if (current.length() > 0) {
                current.append('\n');
            }
            current.append(line);
        }

        void flush() {
            String text = dedent(current.toString()).strip();
            current.setLength(0);
            Block was = block;
            block = Block.none;
            if (text.isEmpty() || (was != Block.code && text.replaceAll("[^\\p{L}\\p{N}]+", " ").isBlank())) {
                return;
            }
            if (index && was == Block.bullet && INDEX_LINE.matcher(text).find()) {
                return;
            }
            chunks.add(new MemoryChunk(headings, text, kind(text)));
        }

        private String kind(String text) {
            String first = MemoryDocument.plain(text.lines().findFirst().orElse(""));
            String pattern = PatternExtractor.classify(first, Turn.Role.user);
            if (pattern != null) {
                return pattern;
            }
            Optional<String> typed = type.map(t -> switch (t.toLowerCase(Locale.ROOT)) {
                case "user", "feedback" -> "preference";
                default -> null;
            });
            if (typed.isPresent()) {
                return typed.get();
            }
            String path = String.join(" ", headings).toLowerCase(Locale.ROOT);
            if (ARCHITECTURE.matcher(path).find()) {
                return "architecture";
            }
            if (DECISIONS.matcher(path).find()) {
                return "decision";
            }
            if (GOTCHAS.matcher(path).find()) {
                return "bugfix";
            }
            if (CONVENTIONS.matcher(path).find() || INSTRUCTION.matcher(first).find()) {
                return "preference";
            }
            return "note";
        }

        /** Sub-bullets keep their nesting relative to the first line. */
        private static String dedent(String text) {
            int indent = text.lines().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                    .min().orElse(0);
            return indent == 0 ? text : text.lines().map(l -> l.length() >= indent ? l.substring(indent) : l.strip())
                    .reduce((a, b) -> a + "\n" + b).orElse("");
        }
    }

    /** A line without its Markdown: list mark, emphasis, backticks, link targets. */
    static String plain(String line) {
        return line.strip().replaceFirst("^([-*+]|\\d+[.)])\\s+", "").replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1")
                .replace("**", "").replace("__", "").replace("`", "").strip();
    }
}
