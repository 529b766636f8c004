package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The memory-loop benchmark's data (src/test/resources/memory-loop, format in its README.md): per domain, the
 * sessions that settle each rule with the details a stored item must hold, the later task prompt, the routine
 * exchanges distractor sessions are made of, and prompts unrelated to any rule.
 */
public final class MemoryLoopCorpus {

    /** The domains, in a fixed order; the split is in each file's header. */
    public static final List<String> DOMAINS = List.of("billing", "infrastructure", "frontend", "ml", "docs",
            "gamedev", "firmware", "health-records", "data-pipelines", "mobile", "security", "backend-api", "ci-build");

    /** One block of a session as Claude Code writes it: user, assistant, thinking, tool (a tool_use) or result. */
    public record Block(String type, String text, String tool) {
    }

    /** A session (or, in the routine pool, an exchange): its blocks in order. */
    public record Session(String name, List<Block> blocks) {
    }

    /**
     * A rule: each required detail is a list of accepted spellings; stale details are its earlier version's, which
     * no current item may still state without the new details.
     */
    public record Rule(String name, List<List<String>> required, List<String> stale, String task, List<Session> sessions) {

        /** Whether the text holds every required detail. */
        public boolean complete(String text) {
            return required.stream().allMatch(detail -> holds(text, detail));
        }

        /** How many required details the text holds. */
        public int details(String text) {
            return (int) required.stream().filter(detail -> holds(text, detail)).count();
        }

        /** Whether the text states the earlier version without the new one. */
        public boolean staleIn(String text) {
            return !complete(text) && stale.stream().anyMatch(s -> normalized(text).contains(normalized(s)));
        }
    }

    /** {@code root}: the directory the sessions ran in, which their tool calls' absolute paths are under ("" unstated). */
    public record Domain(String name, String split, String project, String root, List<Rule> rules, List<Session> routine,
                         List<String> unrelated) {

        public boolean heldOut() {
            return split.equals("held-out");
        }
    }

    private static final Pattern MARKER = Pattern.compile("^(user|assistant|thinking|tool|result):( ?)(.*)$");

    private MemoryLoopCorpus() {
    }

    public static List<Domain> domains() throws IOException {
        List<Domain> domains = new ArrayList<>();
        for (String name : DOMAINS) {
            domains.add(read(name));
        }
        return domains;
    }

    /** The routine exchanges every project has. */
    public static List<Session> common() throws IOException {
        return read("common").routine();
    }

    static Domain read(String name) throws IOException {
        String text;
        try (InputStream in = MemoryLoopCorpus.class.getResourceAsStream("/memory-loop/" + name + ".txt")) {
            if (in == null) {
                throw new IOException("no memory-loop data for " + name);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Parser(name).parse(text.split("\n", -1));
    }

    static boolean holds(String text, List<String> spellings) {
        String haystack = normalized(text);
        return spellings.stream().anyMatch(s -> haystack.contains(normalized(s)));
    }

    private static String normalized(String text) {
        return text.toLowerCase(Locale.ROOT).replace('\u2019', '\'').replaceAll("\\s+", " ");
    }

    /** Reads one file line by line: sections, keys, sessions and the turns whose text runs to the next marker. */
    private static final class Parser {
        private final String domain;
        private String split = "";
        private String project = "";
        private String root = "";
        private final List<Rule> rules = new ArrayList<>();
        private final List<Session> routine = new ArrayList<>();
        private final List<String> unrelated = new ArrayList<>();
        private String section = "";
        private String ruleName;
        private List<List<String>> required = List.of();
        private List<String> stale = List.of();
        private String task;
        private List<Session> sessions = new ArrayList<>();
        private List<Block> blocks;
        private StringBuilder text;
        private String type;
        private String tool;

        Parser(String domain) {
            this.domain = domain;
        }

        Domain parse(String[] lines) {
            for (String line : lines) {
                var marker = MARKER.matcher(line);
                if (line.startsWith("## ")) {
                    endRule();
                    section = line.substring(3).strip();
                    if (section.startsWith("rule ")) {
                        ruleName = section.substring(5).strip();
                    }
                } else if (line.startsWith("> ")) {
                    endBlock();
                    blocks = new ArrayList<>();
                    (section.equals("routine") ? routine : sessions).add(new Session(
                            domain + "/" + (ruleName == null ? "routine" : ruleName) + "/" + (routine.size() + sessions.size()), blocks));
                } else if (blocks == null && line.startsWith("require: ")) {
                    required = Arrays.stream(line.substring(9).split(";"))
                            .map(d -> Arrays.stream(d.split("\\|")).map(String::strip).toList()).toList();
                } else if (blocks == null && line.startsWith("stale: ")) {
                    stale = Arrays.stream(line.substring(7).split("\\|")).map(String::strip).toList();
                } else if (blocks == null && line.startsWith("task: ")) {
                    task = line.substring(6).strip();
                } else if (line.startsWith("split: ")) {
                    split = line.substring(7).strip();
                } else if (line.startsWith("project: ")) {
                    project = line.substring(9).strip();
                } else if (blocks == null && line.startsWith("root: ")) {
                    root = line.substring(6).strip();
                } else if (section.equals("unrelated") && line.startsWith("- ")) {
                    unrelated.add(line.substring(2).strip());
                } else if (blocks != null && marker.matches()) {
                    endBlock();
                    type = marker.group(1);
                    String rest = marker.group(3);
                    if (type.equals("tool")) {
                        int space = rest.indexOf(' ');
                        tool = rest.substring(0, space);
                        rest = rest.substring(space + 1);
                    }
                    text = new StringBuilder(rest);
                } else if (text != null) {
                    text.append('\n').append(line);
                }
            }
            endRule();
            return new Domain(domain, split, project, root, List.copyOf(rules), List.copyOf(routine), List.copyOf(unrelated));
        }

        private void endBlock() {
            if (text != null) {
                String body = type.equals("result") ? text.toString().replaceAll("\\s+$", "") : text.toString().strip();
                blocks.add(new Block(type, body, tool));
            }
            text = null;
            tool = null;
        }

        private void endRule() {
            endBlock();
            blocks = null;
            if (ruleName != null) {
                if (required.isEmpty() || task == null || sessions.isEmpty()) {
                    throw new IllegalStateException(domain + ": rule " + ruleName + " needs require:, task: and a session");
                }
                rules.add(new Rule(ruleName, required, stale, task, List.copyOf(sessions)));
            }
            ruleName = null;
            required = List.of();
            stale = List.of();
            task = null;
            sessions = new ArrayList<>();
        }
    }
}
