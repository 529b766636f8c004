package dev.graphiti.ingest.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits message text into sentences for the pattern extractor: code blocks, quotes and tables are
 * dropped (they are data, not statements), list items and headings end a sentence, inline code keeps
 * its words without the backticks.
 */
final class Sentences {

    private static final Pattern FENCED = Pattern.compile("```.*?(```|\\z)", Pattern.DOTALL);
    private static final Pattern BOUNDARY = Pattern.compile("(?<=[.!?])[\"')\\]]?\\s+(?=[\"'(\\[`*_A-Z0-9])");
    private static final Pattern LIST_MARK = Pattern.compile("^\\s*([-*+•]|\\d+[.)])\\s+");

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
            trimmed = trimmed.replaceAll("^#+\\s*", "").replace("**", "").replace("`", "");
            for (String sentence : BOUNDARY.split(trimmed)) {
                String clean = sentence.strip();
                if (!clean.isEmpty()) {
                    sentences.add(clean);
                }
            }
        }
        return sentences;
    }
}
