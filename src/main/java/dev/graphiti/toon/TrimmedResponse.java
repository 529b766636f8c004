package dev.graphiti.toon;

/**
 * A row list encoded within a token budget.
 *
 * @param response     the encoded payload holding the first {@code keptRows} rows
 * @param keptRows     rows left in the payload (the TOON header's [N])
 * @param totalRows    rows offered
 * @param withinBudget false only when even the payload without any row exceeds the budget; the
 *                     response then holds zero rows and is still larger than asked
 */
public record TrimmedResponse(EncodedResponse response, int keptRows, int totalRows, boolean withinBudget) {

    /** Whether rows were dropped. */
    public boolean trimmed() {
        return keptRows < totalRows;
    }

    public String text() {
        return response.text();
    }
}
