package dev.graphiti.tools;

import dev.graphiti.cli.ToolParameters;
import dev.graphiti.cli.ToolParameters.Parameter;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * A CLI command with the parameters it declares for its tool ({@link dev.graphiti.cli.ToolParameter} on its
 * options): the tool's input schema and the command line of a call both come from that one declaration.
 */
record DeclaredCommand(String command, List<Parameter> parameters) {

    static DeclaredCommand of(String command) {
        return new DeclaredCommand(command, ToolParameters.of(command));
    }

    /** The declared parameters as input schema, in the command's order; a tool adds what the command does not take. */
    InputSchema schema() {
        var schema = new InputSchema();
        for (Parameter parameter : parameters) {
            switch (parameter.type()) {
                case STRING -> {
                    if (parameter.choices().isEmpty()) {
                        schema.string(parameter.name(), parameter.description());
                    } else {
                        schema.choice(parameter.name(), parameter.choices(), parameter.description());
                    }
                }
                case INTEGER -> schema.integer(parameter.name(), parameter.description());
                case BOOLEAN -> schema.flag(parameter.name(), parameter.description());
                case STRINGS -> schema.strings(parameter.name(), parameter.description());
            }
            if (parameter.required()) {
                schema.require(parameter.name());
            }
        }
        return schema;
    }

    /** The command line of a call: each declared option the call's arguments give, then the positional words. */
    Argv argv(JsonObject arguments) {
        var argv = new Argv(arguments, command);
        for (Parameter parameter : parameters) {
            String name = parameter.name();
            parameter.option().ifPresentOrElse(option -> {
                switch (parameter.type()) {
                    case BOOLEAN -> argv.flag(option, name);
                    case STRINGS -> argv.repeated(option, name);
                    default -> argv.option(option, name);
                }
            }, () -> argv.words(name));
        }
        return argv;
    }
}
