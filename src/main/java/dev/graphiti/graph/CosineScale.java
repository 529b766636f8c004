package dev.graphiti.graph;

/**
 * Where a model's cosines sit: each model crowds them differently (e5 puts unrelated text around 0.75-0.80), so a
 * cosine becomes evidence only against its own model's scale.
 *
 * @param unrelated what unrelated text scores: strength 0 at and below it
 * @param identical what a near-duplicate scores: strength 1 at and above it
 * @param typicalPrompt what everyday prompts score against a typical prompt, when none ship for the model
 * @param recallMargin what prompt recall asks of an item: its cosine less what everyday prompts score against the
 *     prompt ({@link EverydayPrompts}), plus {@value PromptRecall#WORDS_WEIGHT} of its words' coverage, plus
 *     {@value PromptRecall#NAME_WEIGHT} for a shared name, must reach it. Set on the memory loop's tuning part
 *     (scripts/bench-memory-loop --show-evidence): the middle of the widest range that keeps unrelated prompts under
 *     5% there.
 */
public record CosineScale(double unrelated, double identical, double typicalPrompt, double recallMargin) {

    /**
     * e5-small-v2: unrelated text around 0.75-0.80, a real answer 0.86-0.93; the typical prompt is the median on the
     * memory loop's tuning part.
     */
    public static final CosineScale E5 = new CosineScale(0.78, 0.93, 0.82, 0.075);

    /** A cosine as evidence in [0, 1]: 0 at what unrelated text scores, 1 at a near-duplicate. */
    public double strength(double cosine) {
        return Math.max(0, Math.min(1, (cosine - unrelated) / (identical - unrelated)));
    }
}
