package dev.graphiti.ingest.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits message text into sentences for the pattern extractor: code blocks, quotes and tables are
 * dropped (they are data, not statements), list items and headings end a sentence, inline code keeps
 * its words without the backticks. A sentence ends at . ! or ? before the next word, whatever its case (people
 * type "ok: from now on ..."), but never inside inline code, after an abbreviation (i.e., e.g., vs., etc. before a
 * lower-case word or a number) or inside a version, path or number (no space follows their dots).
 */
final class Sentences {

    private static final Pattern FENCED = Pattern.compile("```.*?(```|\\z)", Pattern.DOTALL);
    private static final Pattern BOUNDARY = Pattern.compile("(?<=[.!?])[\"')\\]]?\\s+(?=[\"'(\\[`*_\\p{L}0-9])");
    private static final Pattern LIST_MARK = Pattern.compile("^\\s*([-*+•]|\\d+[.)])\\s+");
    /** Abbreviations that never end a sentence: what follows them explains what precedes them. */
    private static final Pattern NEVER_LAST = Pattern.compile(
            "(?i)(?:^|[\\s(\\[,;:])(i\\.e|e\\.g|cf|vs|viz|approx|incl|esp|resp|w\\.r\\.t|mr|mrs|ms|dr)\\.$");
    /** Abbreviations (etc., a.m., U.S.) and ellipses that end a sentence only before a capital. */
    private static final Pattern ABBREVIATED = Pattern.compile("(?i)(?:^|[\\s(\\[,;:])(etc|(?:\\p{L}\\.){2,}\\p{L}?)\\.?$|\\.\\.$");

    private Sentences() {
    }

    static List<String> of(String text) {
        List<String> sentences = new ArrayList<>();
        for (String line : FENCED.matcher(text).replaceAll("\n").split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith(">") || trimmed.startsWith("|") || trimmed.startsWith("    ")) {
                continue;
            }
            trimmed = LIST_MARK.matcher(trimmed).replaceFirst("");
            trimmed = trimmed.replaceAll("^#+\\s*", "").replace("**", "");
            for (String sentence : split(trimmed)) {
                String clean = sentence.replace("`", "").strip();
                if (!clean.isEmpty()) {
                    sentences.add(clean);
                }
            }
        }
        return sentences;
    }

    private static List<String> split(String line) {
        List<String> parts = new ArrayList<>();
        Matcher boundary = BOUNDARY.matcher(line);
        int start = 0;
        while (boundary.find()) {
            String before = line.substring(start, boundary.start());
            if (insideCode(line, boundary.start()) || !ends(before, line.charAt(boundary.end()))) {
                continue;
            }
            parts.add(before);
            start = boundary.end();
        }
        parts.add(line.substring(start));
        return parts;
    }

    /** Whether text that ends with . ! or ? ends a sentence, given the first character after the space. */
    private static boolean ends(String before, char next) {
        String tail = before.endsWith(")") || before.endsWith("\"") || before.endsWith("'") || before.endsWith("]")
                ? before.substring(0, before.length() - 1) : before;
        if (!tail.endsWith(".")) {
            return true; // ! and ? always end one
        }
        if (NEVER_LAST.matcher(tail).find()) {
            return false;
        }
        return Character.isUpperCase(next) || !ABBREVIATED.matcher(tail).find();
    }

    /** Whether position {@code at} is inside an inline code span (an odd number of backticks before it). */
    private static boolean insideCode(String line, int at) {
        int ticks = 0;
        for (int i = 0; i < at; i++) {
            if (line.charAt(i) == '`') {
                ticks++;
            }
        }
        return ticks % 2 == 1;
    }
}
