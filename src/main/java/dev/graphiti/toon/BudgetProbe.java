package dev.graphiti.toon;

/**
 * One rendering tried against a budget.
 *
 * @param response the cheapest rendering when it fits the budget, else null
 * @param cost     its Claude estimate: exact when it fits, extrapolated when not
 */
record BudgetProbe(EncodedResponse response, int cost) {
}
