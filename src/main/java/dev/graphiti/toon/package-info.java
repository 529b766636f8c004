/**
 * What the agent reads: JSON-P values rendered as TOON (spec 4.0) or compact JSON, counted in real
 * tokens and trimmed to a token budget. Create one {@link dev.graphiti.toon.TokenCounter} per process
 * (it loads the tokenizer in the background) and wire the rest around it:
 *
 * <pre>{@code
 * TokenCounter counter = new TokenCounter();                    // o200k_base, Claude factor 1.2
 * ResponseEncoder responses = new ResponseEncoder(new ToonEncoder(), counter);
 * BudgetTrimmer trimmer = new BudgetTrimmer(responses);
 * counter.awaitReady();                                         // at server startup
 *
 * EncodedResponse r = responses.encode(result);                 // TOON, JSON or TEXT, cheapest wins
 * TrimmedResponse t = trimmer.trim(rankedRows, 2000);           // best rows first; drops from the end
 * TrimmedResponse e = trimmer.trim(payload, "results", 2000);   // same, for one array field of an object
 * }</pre>
 *
 * <ul>
 *   <li>{@link dev.graphiti.toon.ToonEncoder}: JSON-P value to TOON text, conformant with every
 *       official 4.0 encode fixture; {@link dev.graphiti.toon.ToonOptions} sets delimiter and indent.</li>
 *   <li>{@link dev.graphiti.toon.TokenCounter}: o200k_base counts and the Claude estimate
 *       ceil(count x safety factor) that budgets are measured in.</li>
 *   <li>{@link dev.graphiti.toon.ResponseEncoder}: the cheaper of TOON and compact JSON for
 *       structures, plain text for scalars.</li>
 *   <li>{@link dev.graphiti.toon.BudgetTrimmer}: drops the lowest-ranked rows (data, never text) until
 *       the rendering fits, so a TOON {@code [N]} always equals the rows sent.</li>
 * </ul>
 *
 * Numbers are written exactly as JSON-P holds them (BigDecimal, no precision lost); lone UTF-16
 * surrogates, which are not Unicode text, become U+FFFD.
 */
package dev.graphiti.toon;
