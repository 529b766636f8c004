package dev.graphiti.toon;

/**
 * A text counted against a Claude budget.
 *
 * @param fits   whether the Claude estimate is within the budget
 * @param tokens the exact count when it fits; otherwise an estimate above the budget, extrapolated
 *               from the part of the text the budget covered
 */
public record BudgetCount(boolean fits, TokenCount tokens) {
}
