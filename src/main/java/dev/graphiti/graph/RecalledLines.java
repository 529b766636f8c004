package dev.graphiti.graph;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * What a hook adds to the agent's context: a header saying the lines are quoted evidence, then one line per item,
 * whole (see {@link PromptRecall#whole}), in the order given, as many as fit the token budget.
 */
final class RecalledLines {

    private RecalledLines() {
    }

    /**
     * {@code items} as lines under {@code header} within {@code budget} tokens as {@code tokens} counts them.
     * {@code tokensPerByte} bounds that count from above by the text's UTF-8 length (a BPE token is at least one byte,
     * so the tokenizer's safety factor): while the bound fits the budget nothing is counted, so recalling an item or
     * two never loads the tokenizer (most of a cold hook's CPU); past it the text is counted exactly. An item that
     * does not fit is left out whole, and a shorter one after it may still fit.
     */
    static PromptRecall.Recalled fit(String header, List<KnowledgeItem> items, int budget, ToIntFunction<String> tokens,
                                     double tokensPerByte) {
        List<String> lines = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        int used = bound(header, tokensPerByte);
        boolean counted = false;
        for (KnowledgeItem item : items) {
            String line = "- [" + item.kind().name() + " " + item.id() + ", by " + Quoted.origin(item.source()) + "] "
                    + Quoted.inline(PromptRecall.whole(item)) + "\n";
            if (!counted && used + bound(line, tokensPerByte) > budget) {
                counted = true;
                used = tokens.applyAsInt(header + String.join("", lines));
            }
            int cost = counted ? tokens.applyAsInt(line) : bound(line, tokensPerByte);
            if (used + cost > budget) {
                continue;
            }
            used += cost;
            lines.add(line);
            ids.add(item.id());
        }
        if (lines.isEmpty()) {
            return new PromptRecall.Recalled("", List.of(), 0);
        }
        return new PromptRecall.Recalled(header + String.join("", lines), ids, used);
    }

    private static int bound(String text, double tokensPerByte) {
        return (int) Math.ceil(text.getBytes(StandardCharsets.UTF_8).length * tokensPerByte);
    }
}
