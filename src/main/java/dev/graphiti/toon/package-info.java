/**
 * What the agent reads: JSON-P values rendered as TOON (spec 4.0) or compact JSON, counted in real
 * tokens and trimmed to a token budget.
 *
 * <ul>
 *   <li>{@link dev.graphiti.toon.ToonEncoder}: JSON-P value to TOON text, conformant with the
 *       official 4.0 encode fixtures; options in {@link dev.graphiti.toon.ToonOptions}.</li>
 * </ul>
 */
package dev.graphiti.toon;
