package dev.graphiti.ingest.transcript;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a session was doing when a rule was settled in it, kept with the rule as its occasion: the user's words that
 * led to it (the request that opened the exchange, "build-03 is out of disk again"), and the files the session's tool
 * calls read or changed and the commands they ran from that request until the user spoke again. A later prompt for
 * work of the same kind shares more with this than with the rule's own words ("the new geocoding service needs the
 * Mapbox API key" against "secrets come from Vault"), so search and recall count it as evidence; it is never the
 * rule's text. Unredacted here: the sink redacts it as it redacts the rule.
 */
final class Occasions {

    /** The request's words kept at most: a session's opening line, not its story. */
    static final int REQUEST_WORDS = 60;
    /** A user's turn shorter than this ("why?", "go on") is joined with the one before it, which says what is asked. */
    static final int MIN_REQUEST_WORDS = 8;
    /** Commands kept at most, and the characters of each (its first line). */
    static final int MOST_COMMANDS = 6;
    static final int COMMAND_CHARS = 120;

    private final TranscriptChunk chunk;
    private final TouchedFiles touched;
    private final Set<Instant> statements;

    /** {@code statements}: when the chunk's captured statements were said; none of them is another's request. */
    Occasions(TranscriptChunk chunk, TouchedFiles touched, Set<Instant> statements) {
        this.chunk = chunk;
        this.touched = touched;
        this.statements = Set.copyOf(statements);
    }

    /** The occasion of the statement said at {@code at}: its request, files and commands, one a line; "" when none. */
    String of(Instant at) {
        List<Turn> turns = chunk.turns();
        int turn = TouchedFiles.turn(chunk, at);
        // the exchange: from the request (or the statement, when it opened the session) until the user speaks again
        int from = turn < 0 ? 0 : requestStart(turn);
        int to = turns.size();
        for (int i = turn + 1; turn >= 0 && i < turns.size(); i++) {
            if (turns.get(i).role() == Turn.Role.user) {
                to = i;
                break;
            }
        }
        to = turn < 0 ? to : Math.min(to, turn + TouchedFiles.WINDOW);
        List<String> lines = new ArrayList<>();
        String request = request(turn < 0 ? firstUser() : from, turn < 0 ? firstUser() + 1 : turn);
        if (!request.isEmpty()) {
            lines.add(request);
        }
        // a tool call's turn is the next turn with words: calls made before the request are an earlier exchange's
        int after = turn < 0 ? -1 : from;
        List<String> files = touched.between(after, to);
        if (!files.isEmpty()) {
            lines.add("files: " + String.join(", ", files));
        }
        Set<String> commands = new LinkedHashSet<>();
        for (Touch touch : chunk.touched()) {
            if (touch.ran() && touch.turn() > after && touch.turn() <= to && commands.size() < MOST_COMMANDS) {
                commands.add(firstLine(touch.command()));
            }
        }
        commands.remove("");
        if (!commands.isEmpty()) {
            lines.add("commands: " + String.join("; ", commands));
        }
        return String.join("\n", lines);
    }

    /**
     * Where the request before turn {@code turn} starts: at the latest user turn before it, or further back while those
     * are short, within {@link TouchedFiles#WINDOW} turns; the statement's own turn when the user said nothing before.
     */
    private int requestStart(int turn) {
        int start = turn;
        int words = 0;
        for (int i = turn - 1; i >= Math.max(0, turn - TouchedFiles.WINDOW) && words < MIN_REQUEST_WORDS; i--) {
            if (settles(i)) {
                break; // a rule said before is its own exchange's end, not this one's request
            }
            if (chunk.turns().get(i).role() == Turn.Role.user) {
                start = i;
                words += chunk.turns().get(i).text().strip().split("\\s+").length;
            }
        }
        return start;
    }

    /** Whether turn {@code i} said a captured statement. */
    private boolean settles(int i) {
        Instant said = chunk.turns().get(i).timestamp();
        return said != null && statements.contains(said);
    }

    private int firstUser() {
        for (int i = 0; i < chunk.turns().size(); i++) {
            if (chunk.turns().get(i).role() == Turn.Role.user) {
                return i;
            }
        }
        return chunk.turns().size();
    }

    /** The user's words in turns {@code from} (inclusive) to {@code to} (exclusive), cut to {@value #REQUEST_WORDS}. */
    private String request(int from, int to) {
        List<String> said = new ArrayList<>();
        for (int i = from; i < Math.min(to, chunk.turns().size()); i++) {
            if (chunk.turns().get(i).role() == Turn.Role.user && !settles(i)) {
                said.add(chunk.turns().get(i).text());
            }
        }
        String[] all = String.join(" ", said).strip().split("\\s+");
        return all.length <= REQUEST_WORDS ? String.join(" ", all)
                : String.join(" ", Arrays.copyOf(all, REQUEST_WORDS)) + " …";
    }

    private static String firstLine(String command) {
        String line = command.strip().lines().findFirst().orElse("").strip();
        return line.length() <= COMMAND_CHARS ? line : line.substring(0, COMMAND_CHARS) + "…";
    }
}
