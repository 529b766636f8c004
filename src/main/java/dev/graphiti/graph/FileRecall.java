package dev.graphiti.graph;

import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * What the agent is told about a file it is about to read or edit (Claude Code's PreToolUse hook): the current
 * knowledge items anchored to it, newest first, each whole, within a small budget; nothing when none is. Routine
 * history (kind {@code commit}) is never told (the agent can read git log), nor an item held for review, nor an item
 * the session was told already ({@code told}).
 */
public final class FileRecall {

    /**
     * At most this many items a touch. A session touches dozens of files and every injection stays in its context,
     * so a file says its few newest decisions; the rest are a search away.
     */
    static final int MOST = 3;

    private final ItemRepository repository;

    public FileRecall(ItemRepository repository) {
        this.repository = repository;
    }

    /**
     * The items anchored to {@code repositoryPath} (work-tree-relative, '/'-separated) not among {@code told}, as
     * lines within {@code budget} tokens (see {@link RecalledLines#fit}).
     */
    public PromptRecall.Recalled recall(String repositoryPath, Set<String> told, int budget, ToIntFunction<String> tokens,
                                        double tokensPerByte) {
        List<KnowledgeItem> items = repository.anchoredTo(repositoryPath).stream()
                .filter(item -> item.kind() != Kind.commit && !item.held() && item.ended().isEmpty()
                        && !told.contains(item.id()))
                .limit(MOST).toList();
        return RecalledLines.fit("graphiti recalls project memory about " + Quoted.inline(repositoryPath) + ", which"
                + " is about to be touched. " + Quoted.PREFACE, items, budget, tokens, tokensPerByte);
    }
}
