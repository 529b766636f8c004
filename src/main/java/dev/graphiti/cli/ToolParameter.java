package dev.graphiti.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An option or positional parameter of a command that its graphiti_* tool takes too, declared once on the command's
 * field: the tool's name for it and the few words its input schema says (agents read them in every session; the
 * option's own description is for people). The tool's input schema and the command line it builds both come from
 * these ({@link ToolParameters}); the type, the option and whether it is required come from the field and picocli's
 * annotation on it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface ToolParameter {

    String name();

    String description();

    /** The values the schema lists for a string (the kinds an item may have); none: any string. */
    String[] choices() default {};

    /** An array of strings, each its own word or option (ids, tags); otherwise a list field takes one string. */
    boolean array() default false;

    /** Required of the tool even where the command line may leave it out (add reads its content from stdin). */
    boolean required() default false;
}
