package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A name from code or the command line in what someone typed: words joined without a space (`must_use`, `no_std`,
 * `--no-verify`, `/etc/acme/config.yaml`, `If-Match`, `2.4.1`) or a lower camel case word (`maxConnections`,
 * `xTaskNotifyFromISR`). Its parts are what the index holds (it cuts at every character that is no letter or digit);
 * none of them is a stop word there, since `no_std` without `no` is another name.
 *
 * @param parts the lower-cased parts in order
 * @param joined whether the index holds the parts as words of their own ({@code false}: one camel case word)
 */
record Identifier(List<String> parts, boolean joined) {

    /** Characters that join the parts of one name: `snake_case`, `kebab-case`, `a.b`, `a/b`, `a:b`, `a+b`, `a=b`. */
    private static final Pattern JOINED = Pattern.compile("[\\p{L}\\p{N}][_\\-./:@#+=~\\\\]+[\\p{L}\\p{N}]");
    private static final Pattern CAMEL = Pattern.compile("(?<=\\p{Ll})(?=\\p{Lu})|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})|(?<=\\p{L})(?=\\p{N})");

    Identifier {
        parts = List.copyOf(parts);
    }

    /** The identifiers among the space-separated pieces of {@code text}, in order. */
    static List<Identifier> in(String text) {
        List<Identifier> found = new ArrayList<>();
        for (String piece : text.strip().split("\\s+")) {
            if (JOINED.matcher(piece).find()) {
                List<String> parts = MatchExpression.words(piece);
                // e.g., i.e. and U.S. are abbreviations, and/or is grammar: no names
                if (parts.size() > 1 && parts.stream().anyMatch(part -> part.length() > 1)
                        && !MatchExpression.STOP_WORDS.containsAll(parts)) {
                    found.add(new Identifier(parts, true));
                }
            } else {
                camel(piece).ifPresent(found::add);
            }
        }
        return found;
    }

    /**
     * A lower camel case word (`maxConnections`) or one of three parts or more (`OkHttpClient`): the index holds it
     * as one word, and its parts are searched too. Two capitalised parts are mostly a product's name (`PostgreSQL`,
     * `JavaScript`), whose parts would find other things.
     */
    private static Optional<Identifier> camel(String piece) {
        String word = piece.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "");
        if (word.isEmpty() || !word.chars().allMatch(Character::isLetterOrDigit)) {
            return Optional.empty();
        }
        List<String> parts = Arrays.stream(CAMEL.split(word)).filter(part -> part.length() > 1)
                .map(part -> part.toLowerCase(Locale.ROOT)).toList();
        boolean lower = Character.isLowerCase(word.charAt(0));
        return parts.size() >= 2 && (lower || parts.size() >= 3)
                ? Optional.of(new Identifier(parts, false)) : Optional.empty();
    }

    /** Words to search beside those the text is cut into: a camel case word's parts (the text holds it whole). */
    List<String> addedWords() {
        return joined ? List.of() : parts;
    }
}
