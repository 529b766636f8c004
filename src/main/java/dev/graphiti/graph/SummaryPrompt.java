package dev.graphiti.graph;

import java.util.stream.Collectors;

/** What a language model is asked to turn into prose: the deterministic summary's facts, nothing else. */
public final class SummaryPrompt {

    public static final String SYSTEM = "You summarize a software project's stored knowledge for a developer who"
            + " is about to work on it. Write one paragraph of 3 to 6 plain sentences: what the project decided and"
            + " why, and what it is mostly about. Use only the facts given; name files, modules and libraries"
            + " exactly as given; no lists, headings or preamble.";
    public static final int MAX_TOKENS = 400;
    private static final int CONTENT_CHARS = 400;

    private SummaryPrompt() {
    }

    public static String of(Summary summary) {
        StringBuilder prompt = new StringBuilder();
        summary.topic().ifPresent(topic -> prompt.append("Topic: ").append(topic).append('\n'));
        prompt.append("Counts: ").append(summary.text()).append('\n');
        if (!summary.topEntities().isEmpty()) {
            prompt.append("Most mentioned: ").append(summary.topEntities().stream()
                    .map(e -> e.name() + " (" + e.type() + ", " + e.count() + ")").collect(Collectors.joining(", ")))
                    .append('\n');
        }
        if (!summary.recentDecisions().isEmpty()) {
            prompt.append("Latest decisions, newest first:\n");
            for (KnowledgeItem decision : summary.recentDecisions()) {
                String content = decision.content().replaceAll("\\s+", " ").strip();
                prompt.append("- ").append(decision.title()).append(": ")
                        .append(content.length() > CONTENT_CHARS ? content.substring(0, CONTENT_CHARS) + "…" : content)
                        .append('\n');
            }
        }
        return prompt.toString();
    }
}
