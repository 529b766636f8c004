package dev.graphiti.cli;

import dev.graphiti.graph.KnowledgeItem;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `graphiti delete`: removes items by id; asks first only when a person is at a terminal. */
@Command(name = "delete", mixinStandardHelpOptions = true,
        description = "Delete items by id or unique id prefix. Asks on a terminal unless --force.")
final class DeleteCommand extends GraphSubcommand {

    @Parameters(arity = "1..*", paramLabel = "ID", description = "Ids (or unique id prefixes) to delete.")
    @ToolParameter(name = "ids", description = "item ids", array = true)
    List<String> ids;

    @Option(names = {"-f", "--force"}, description = "Do not ask.")
    boolean force;

    @Override
    public Integer call() {
        CommandContext context = context();
        boolean ask = !force && context.invocation().environment().interactive();
        Optional<List<String>> done = context.items().delete(context.location(), ids, found -> !ask || confirm(context, found));
        if (done.isEmpty()) {
            context.err().println("nothing deleted");
            return 1;
        }
        List<String> deleted = done.get();
        context.answer(new DeleteAnswer(deleted), () -> {
            if (context.quiet()) {
                deleted.forEach(context.out()::println);
            } else {
                context.out().println("deleted " + deleted.size() + (deleted.size() == 1 ? " item: " : " items: ")
                        + String.join(", ", deleted));
            }
        });
        return 0;
    }

    private static boolean confirm(CommandContext context, List<KnowledgeItem> items) {
        var err = context.err();
        items.forEach(item -> err.println("  " + item.id() + "  " + item.kind() + "  " + item.title()));
        err.print("Delete " + items.size() + (items.size() == 1 ? " item" : " items") + "? [y/N] ");
        err.flush();
        try {
            String answer = new BufferedReader(new InputStreamReader(context.invocation().stdin(), StandardCharsets.UTF_8))
                    .readLine();
            return answer != null && answer.strip().toLowerCase(Locale.ROOT).startsWith("y");
        } catch (IOException e) {
            return false;
        }
    }
}
