package dev.graphiti.tools;

import java.util.AbstractList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CLI argument list a tool built from its JSON arguments, and which tool argument each CLI option and
 * positional label came from: the CLI's messages speak its own options ("--limit", "--transcript PATH"),
 * which an agent calling the tool cannot pass, so they are said again in the tool's argument names.
 */
final class CliArguments extends AbstractList<String> {

    /** An option with its value label ("--transcript PATH", "-C DIR"), or a positional label ("QUERY", "ID|NAME"). */
    private static final Pattern CLI_WORD = Pattern.compile(
            "(?<![\\w-])(--?[A-Za-z][\\w-]*)(?: [A-Z][A-Z|]*\\b)?|\\b([A-Z][A-Z_]+)(?:\\|[A-Z]+)*\\b");
    /** What every tool passes through the gateway rather than its own Argv. */
    private static final Map<String, String> GLOBAL = Map.of("-C", "scope", "--directory", "scope",
            "--global", "scope global", "--project", "scope project");

    private final List<String> argv;
    private final Map<String, String> names;

    /** @param names CLI option ("--limit") or positional label ("QUERY") to the tool argument it came from */
    CliArguments(List<String> argv, Map<String, String> names) {
        this.argv = List.copyOf(argv);
        this.names = Map.copyOf(names);
    }

    @Override
    public String get(int index) {
        return argv.get(index);
    }

    @Override
    public int size() {
        return argv.size();
    }

    /**
     * {@code message} in the tool's terms: each CLI option or label a tool argument stands for is replaced by
     * that argument's name, and the CLI's "Try 'graphiti x --help'" line (its usage is the tool's schema) left out.
     */
    String inToolTerms(String message) {
        StringBuilder out = new StringBuilder();
        for (String line : message.split("\n", -1)) {
            if (line.startsWith("Try 'graphiti") && line.contains("--help")) {
                continue;
            }
            if (out.length() > 0) {
                out.append('\n');
            }
            Matcher matcher = CLI_WORD.matcher(line);
            while (matcher.find()) {
                String word = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
                String name = names.getOrDefault(word, GLOBAL.get(word));
                matcher.appendReplacement(out, Matcher.quoteReplacement(name == null ? matcher.group() : name));
            }
            matcher.appendTail(out);
        }
        return out.toString();
    }

    /** The label a positional argument named {@code name} has in CLI messages: QUERY for query, ID for ids. */
    static List<String> labels(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.endsWith("S") ? List.of(upper, upper.substring(0, upper.length() - 1)) : List.of(upper);
    }
}
