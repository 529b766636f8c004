package dev.graphiti.toon;

/**
 * Text ready to send to an agent.
 *
 * @param text   the encoded value
 * @param format the form chosen
 * @param tokens what {@code text} costs
 */
public record EncodedResponse(String text, ResponseFormat format, TokenCount tokens) {
}
