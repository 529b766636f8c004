package dev.graphiti.cli;

import dev.graphiti.graph.ItemDetails;
import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.KnowledgeItem;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `graphiti show`: one item, whole, with its supersession chain, related items and provenance. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Show one item by id, id prefix or title; superseded items included.")
final class ShowCommand extends GraphSubcommand {

    @Parameters(arity = "1..*", paramLabel = "ID|NAME", description = "An id, a unique id prefix, or a title.")
    @ToolParameter(name = "id", description = "id, prefix or title")
    List<String> reference;

    @Override
    public Integer call() {
        CommandContext context = context();
        ItemDetails details = context.items().show(context.location(), String.join(" ", reference));
        context.answer(new ShowAnswer(details), () -> text(details, context.out(), context.clock().instant()));
        return 0;
    }

    private static void text(ItemDetails details, PrintWriter out, Instant now) {
        KnowledgeItem item = details.item();
        out.println(item.id() + "  " + item.kind() + "  " + item.scope() + "  " + RelativeTime.since(item.createdAt(), now)
                + " (" + JsonShapes.timestamp(item.createdAt()) + ")  source: " + item.source());
        out.println(item.title());
        JsonShapes.flagged(item).ifPresent(warning -> out.println("warning: " + warning));
        if (!item.tags().isEmpty()) {
            out.println("tags: " + String.join(", ", item.tags()));
        }
        item.supersededBy().ifPresent(newer -> out.println("superseded by " + newer
                + item.validUntil().map(at -> " on " + JsonShapes.timestamp(at)).orElse("")));
        item.supersedes().ifPresent(older -> out.println("supersedes " + older));
        item.ended().ifPresent(ending -> out.println(ending.mark()
                + item.validUntil().map(at -> " (on " + JsonShapes.timestamp(at) + ")").orElse("")));
        out.println();
        out.println(item.content());
        if (!item.entities().isEmpty()) {
            out.println();
            out.println("entities: " + item.entities().stream().map(e -> e.name() + " (" + e.type() + ")")
                    .collect(Collectors.joining(", ")));
        }
        if (!item.anchors().isEmpty()) {
            out.println("anchors: " + item.anchors().stream().map(a -> (a.kind() == Anchor.Kind.file ? "" : a.kind() + " ")
                    + a.value() + " (" + a.origin() + ")").collect(Collectors.joining(", ")));
        }
        if (!item.occasion().isEmpty()) {
            out.println("occasion (the work it was settled in): " + item.occasion().replace("\n", " | "));
        }
        if (!details.chain().isEmpty()) {
            out.println("chain: " + details.chain().stream()
                    .map(link -> link.id().equals(item.id()) ? "[" + link.id() + "]" : link.id())
                    .collect(Collectors.joining(" -> ")));
        }
        if (!details.related().isEmpty()) {
            out.println("related:");
            TextTable table = new TextTable();
            details.related().forEach(r -> table.row("  " + r.id(), r.kind().name(), r.title()));
            table.print(out);
        }
        if (!details.provenance().isEmpty()) {
            out.println("folded in by compact:");
            TextTable table = new TextTable();
            details.provenance().forEach(p -> table.row("  " + p.formerId(), p.relation(),
                    JsonShapes.timestamp(p.createdAt()), p.source(), p.title()));
            table.print(out);
        }
    }

}
