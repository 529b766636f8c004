package dev.graphiti.cli;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The parameters a command's tool takes, read from the {@link ToolParameter}s on its fields (and its mixins') in the
 * order they are declared: one declaration from which the tool's input schema and its command line both come.
 */
public final class ToolParameters {

    /** What a parameter's JSON value is. */
    public enum Type { STRING, INTEGER, BOOLEAN, STRINGS }

    /**
     * One parameter: its name and type in the tool's schema, its words there, the values it may take (empty: any), the
     * command's option that receives it (empty: a positional parameter, passed after "--"), and whether a call needs it.
     */
    public record Parameter(String name, Type type, String description, List<String> choices, Optional<String> option,
                            boolean required) {
    }

    private ToolParameters() {
    }

    /** The tool parameters of the command named {@code command} (search, list, ...); none when it declares none. */
    public static List<Parameter> of(String command) {
        Class<?> type = GraphitiCommand.SUBCOMMANDS.stream()
                .filter(c -> c.getAnnotation(Command.class).name().equals(command)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no command " + command));
        List<Parameter> parameters = new ArrayList<>();
        read(type, parameters);
        return List.copyOf(parameters);
    }

    private static void read(Class<?> type, List<Parameter> into) {
        for (Field field : type.getDeclaredFields()) {
            if (field.isAnnotationPresent(Mixin.class)) {
                read(field.getType(), into);
            }
            ToolParameter declared = field.getAnnotation(ToolParameter.class);
            if (declared == null) {
                continue;
            }
            Option option = field.getAnnotation(Option.class);
            Parameters positional = field.getAnnotation(Parameters.class);
            if ((option == null) == (positional == null)) {
                throw new IllegalStateException(type.getSimpleName() + "." + field.getName()
                        + " needs picocli's @Option or @Parameters beside @ToolParameter");
            }
            boolean required = declared.required() || positional != null && positional.arity().startsWith("1");
            into.add(new Parameter(declared.name(), type(field, declared), declared.description(),
                    List.of(declared.choices()), Optional.ofNullable(option).map(ToolParameters::longest), required));
        }
    }

    private static Type type(Field field, ToolParameter declared) {
        Class<?> java = field.getType();
        if (java == boolean.class || java == Boolean.class) {
            return Type.BOOLEAN;
        }
        if (java == int.class || java == Integer.class || java == long.class || java == Long.class) {
            return Type.INTEGER;
        }
        return declared.array() ? Type.STRINGS : Type.STRING;
    }

    /** The option's long name, the one a command line built by a program spells out (--limit, not -l). */
    private static String longest(Option option) {
        return Arrays.stream(option.names()).max(Comparator.comparingInt(String::length)).orElseThrow();
    }
}
