package dev.graphiti.toon;

/**
 * One rendering tried against a budget.
 *
 * @param response the rendering when it fits the budget, else null
 * @param format   the rendering's format
 * @param tokens   its tokens: exact when it fits, an estimate above the budget when not
 */
record BudgetProbe(EncodedResponse response, ResponseFormat format, TokenCount tokens) {

    static BudgetProbe of(String text, ResponseFormat format, BudgetCount count) {
        EncodedResponse response = count.fits() ? new EncodedResponse(text, format, count.tokens()) : null;
        return new BudgetProbe(response, format, count.tokens());
    }

    boolean fits() {
        return response != null;
    }

    int o200k() {
        return tokens.o200k();
    }

    /** The Claude estimate budgets are checked against. */
    int cost() {
        return tokens.claude();
    }
}
