package dev.graphiti.protocol.feature;

import java.util.Objects;

/**
 * What completion/complete completes: a prompt's argument ({@code ref/prompt}, by prompt name) or a
 * resource template's variable ({@code ref/resource}, by URI template).
 */
public record CompletionReference(String type, String target) {

    public CompletionReference {
        if (!"ref/prompt".equals(type) && !"ref/resource".equals(type)) {
            throw new IllegalArgumentException("completion ref type is ref/prompt or ref/resource: " + type);
        }
        Objects.requireNonNull(target, "target");
    }

    public static CompletionReference prompt(String name) {
        return new CompletionReference("ref/prompt", name);
    }

    public static CompletionReference resourceTemplate(String uriTemplate) {
        return new CompletionReference("ref/resource", uriTemplate);
    }
}
