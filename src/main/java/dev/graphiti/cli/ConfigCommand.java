package dev.graphiti.cli;

import dev.graphiti.config.Config;
import dev.graphiti.config.ConfigException;
import dev.graphiti.config.ConfigKey;
import dev.graphiti.config.ConfigKeys;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `graphiti config get|set|list`: typed settings under the graphiti home; secrets masked when printed. */
@Command(name = "config", mixinStandardHelpOptions = true, description = "Read and change settings.",
        subcommands = {ConfigCommand.Get.class, ConfigCommand.Set.class, ConfigCommand.ListKeys.class})
final class ConfigCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    static ConfigKey key(String name) {
        return ConfigKeys.find(name).orElseThrow(() -> new ConfigException("unknown setting '" + name + "'; known: "
                + ConfigKeys.ALL.stream().map(ConfigKey::name).sorted().collect(Collectors.joining(", "))));
    }

    static void print(CommandContext context, Map<ConfigKey, String> values) {
        values.keySet().forEach(key -> context.config().problem(key)
                .ifPresent(problem -> context.err().println("graphiti: warning: " + problem)));
        context.answer(new ConfigAnswer(values), () -> {
            if (values.size() == 1 && context.quiet()) {
                context.out().println(values.values().iterator().next());
            } else {
                TextTable table = new TextTable();
                values.forEach((key, value) -> table.row(key.name(), "=", value));
                table.print(context.out());
            }
        });
    }

    @Command(name = "get", mixinStandardHelpOptions = true, description = "Print one setting.")
    static final class Get extends GraphSubcommand {
        @Parameters(paramLabel = "KEY")
        String name;

        @Override
        public Integer call() {
            ConfigKey key = key(name);
            Config config = context().config();
            print(context(), Map.of(key, config.display(key)));
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true, description = "Change one setting (the value is checked).")
    static final class Set extends GraphSubcommand {
        @Parameters(index = "0", paramLabel = "KEY")
        String name;

        @Parameters(index = "1", paramLabel = "VALUE")
        String value;

        @Override
        public Integer call() {
            ConfigKey key = key(name);
            Config config = context().config();
            config.set(key, value);
            print(context(), Map.of(key, config.display(key)));
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Print every setting with its value.")
    static final class ListKeys extends GraphSubcommand {
        @Override
        public Integer call() {
            print(context(), context().config().displayAll());
            return 0;
        }
    }
}
