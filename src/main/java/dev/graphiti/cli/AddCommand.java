package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `graphiti add`: stores one item, secrets redacted; a repeat answers with the item already stored. */
@Command(name = "add", mixinStandardHelpOptions = true,
        description = "Store a piece of knowledge. CONTENT is read from standard input when not given.")
final class AddCommand extends GraphSubcommand {

    @Parameters(arity = "0..*", paramLabel = "CONTENT", description = "The text to store (words are joined by spaces).")
    @ToolParameter(name = "content", description = "the fact", required = true)
    List<String> words = new ArrayList<>();

    @Option(names = "--title", paramLabel = "TITLE", description = "A title (default: the content's first line).")
    @ToolParameter(name = "title", description = "default: first line")
    String title;

    @Option(names = {"-k", "--kind"}, paramLabel = "KIND", defaultValue = "note",
            description = "decision, architecture, bugfix, preference, pattern, note, commit or conversation (default: ${DEFAULT-VALUE}).")
    @ToolParameter(name = "kind", description = "default note", choices = {"decision", "architecture", "bugfix", "preference",
            "pattern", "note", "commit", "conversation"})
    String kind;

    @Option(names = {"-t", "--tag"}, paramLabel = "TAG", description = "A tag (repeatable, or comma separated).")
    @ToolParameter(name = "tags", description = "labels", array = true)
    List<String> tags = new ArrayList<>();

    @Option(names = "--source", paramLabel = "SOURCE", defaultValue = "manual",
            description = "Where it came from: manual, mcp, capture:<session>, git:<sha> (default: ${DEFAULT-VALUE}).")
    String source;

    @Option(names = "--supersedes", paramLabel = "ID", description = "The item this one replaces (it leaves default search).")
    @ToolParameter(name = "supersedes", description = "id it replaces")
    String supersedes;

    @Option(names = "--anchor", paramLabel = "PATH",
            description = "A file it is about, relative to the project's root (repeatable); one outside the project is refused.")
    @ToolParameter(name = "anchors", description = "files it is about", array = true)
    List<String> anchors = new ArrayList<>();

    @Override
    public Integer call() {
        CommandContext context = context();
        Kind parsedKind = Kind.parse(kind);
        int maxBytes = context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES);
        String content = words.isEmpty() ? readStdin(context, maxBytes) : String.join(" ", words);
        AddResult result = context.items().add(context.location(), new NewItem(parsedKind, Optional.ofNullable(title),
                content, tags, source, Optional.empty(), Optional.empty(), Optional.empty(),
                anchors.stream().map(path -> Anchor.file(path, Anchor.Origin.given)).toList()), Optional.ofNullable(supersedes));
        context.answer(new AddAnswer(result), () -> text(context, result));
        return 0;
    }

    private static void text(CommandContext context, AddResult result) {
        var out = context.out();
        if (context.quiet()) {
            out.println(result.item().id());
            return;
        }
        String verb = result.duplicateOf().isPresent() ? "already stored as" : "added";
        out.println(verb + " " + result.item().id() + " (" + result.item().kind() + ") " + result.item().title());
        result.superseded().ifPresent(old -> out.println("  " + old + " is superseded by it"));
        if (result.redactions() > 0) {
            out.println("  " + result.redactions() + (result.redactions() == 1 ? " secret" : " secrets")
                    + " redacted before storing");
        }
    }

    /** Reads standard input up to one byte past the limit, so an oversized input fails without being held whole. */
    private static String readStdin(CommandContext context, int maxBytes) {
        if (context.invocation().environment().interactive()) {
            throw new InvalidInputException("nothing to add: give CONTENT as an argument or pipe it on standard input");
        }
        InputStream in = context.invocation().stdin();
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        try {
            int read;
            while ((read = in.read(chunk)) != -1) {
                buffer.write(chunk, 0, read);
                if (buffer.size() > maxBytes) {
                    throw new GraphException("the content is larger than " + maxBytes
                            + " bytes (config add.max_content_bytes); nothing was stored. Store a summary, or split it");
                }
            }
        } catch (IOException e) {
            throw new GraphException("cannot read standard input: " + e.getMessage(), e);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(buffer.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidInputException("standard input is not UTF-8 text (a binary file?); nothing was stored."
                    + " Pipe text: a note, or a summary of the file");
        }
    }
}
