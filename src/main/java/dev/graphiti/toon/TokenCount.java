package dev.graphiti.toon;

/**
 * Tokens in one text.
 *
 * @param o200k  exact count with the o200k_base BPE encoding
 * @param claude the estimate budgets are checked against: ceil(o200k x safety factor), because
 *               Claude's own tokenizer is not public and counts somewhat more than o200k_base
 */
public record TokenCount(int o200k, int claude) {
}
