package dev.graphiti.redact;

import java.util.List;
import java.util.Objects;

/**
 * The result of redacting a text.
 *
 * @param text  the text with every secret replaced by its kind's placeholder
 * @param count how many spans were replaced
 * @param kinds the distinct kinds replaced, in {@link SecretKind} order (empty when nothing was)
 */
public record Redaction(String text, int count, List<SecretKind> kinds) {

    public Redaction {
        Objects.requireNonNull(text, "text");
        kinds = List.copyOf(Objects.requireNonNull(kinds, "kinds"));
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, was " + count);
        }
        if ((count == 0) != kinds.isEmpty()) {
            throw new IllegalArgumentException("count " + count + " does not fit kinds " + kinds);
        }
    }

    /** True when at least one secret was replaced. */
    public boolean changed() {
        return count > 0;
    }
}
