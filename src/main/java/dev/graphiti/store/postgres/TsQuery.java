package dev.graphiti.store.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The graph's match expressions (FTS5 syntax: quoted strings, a trailing * for a prefix, AND, OR, NOT, parentheses,
 * {@code column : ...}) as the text of a PostgreSQL tsquery, for {@code to_tsquery(language, ...)}, which stems each
 * word as the stored tsvector was. A column becomes its weight (title A, tags B, entities C, content D), a quoted
 * string of several words a phrase ({@code <->}). Only letters and digits pass into the query, so no input is
 * tsquery syntax. Empty when nothing searchable is left.
 */
final class TsQuery {

    private static final Map<String, String> WEIGHTS = Map.of("title", "A", "tags", "B", "entities", "C", "content", "D");

    private final String text;
    private int at;

    private TsQuery(String text) {
        this.text = text;
    }

    static Optional<String> of(String matchExpression) {
        TsQuery parser = new TsQuery(matchExpression);
        Optional<String> query = parser.or("");
        return query;
    }

    /**
     * The expression's alternatives: the parts of its top-level OR, each a tsquery text (one when it is no OR). A
     * query's candidates are picked and weighed by these: a rare alternative's items are all ranked, a common one's not.
     */
    static List<String> alternatives(String matchExpression) {
        TsQuery parser = new TsQuery(matchExpression);
        List<String> parts = new ArrayList<>();
        parser.and("").ifPresent(parts::add);
        while (parser.keyword("OR")) {
            parser.and("").ifPresent(parts::add);
        }
        return parts;
    }

    /** {@code a | b | ...}, {@code a & b & ...}: tsquery texts joined by an operator. */
    static String join(List<String> parts, String operator) {
        return joined(parts, " " + operator + " ").orElseThrow();
    }

    private Optional<String> or(String weight) {
        List<String> parts = new ArrayList<>();
        and(weight).ifPresent(parts::add);
        while (keyword("OR")) {
            and(weight).ifPresent(parts::add);
        }
        return joined(parts, " | ");
    }

    private Optional<String> and(String weight) {
        List<String> parts = new ArrayList<>();
        unary(weight).ifPresent(parts::add);
        while (true) {
            skipSpace();
            if (at >= text.length() || peek(')') || peekKeyword("OR")) {
                break;
            }
            if (keyword("NOT")) {
                unary(weight).ifPresent(negated -> parts.add("!" + negated));
                continue;
            }
            keyword("AND");
            int before = at;
            unary(weight).ifPresent(parts::add);
            if (at == before) {
                at++; // a character no rule takes: skip it rather than loop
            }
        }
        return joined(parts, " & ");
    }

    private Optional<String> unary(String weight) {
        skipSpace();
        if (at >= text.length()) {
            return Optional.empty();
        }
        if (peek('(')) {
            at++;
            Optional<String> inner = or(weight);
            skipSpace();
            if (peek(')')) {
                at++;
            }
            return inner;
        }
        if (peek('"')) {
            return phrase(weight);
        }
        int start = at;
        while (at < text.length() && Character.isLetterOrDigit(text.charAt(at))) {
            at++;
        }
        String word = text.substring(start, at);
        skipSpace();
        if (!word.isEmpty() && peek(':') && WEIGHTS.containsKey(word)) {
            at++;
            return unary(WEIGHTS.get(word));
        }
        boolean prefix = peek('*');
        if (prefix) {
            at++;
        }
        return terms(List.of(word), prefix, weight);
    }

    /** A quoted string: "" inside it is one quote; its words in order. */
    private Optional<String> phrase(String weight) {
        at++;
        StringBuilder inside = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                if (peek('"')) {
                    at++;
                    inside.append('"');
                    continue;
                }
                break;
            }
            inside.append(c);
        }
        boolean prefix = peek('*');
        if (prefix) {
            at++;
        }
        return terms(words(inside.toString()), prefix, weight);
    }

    private static Optional<String> terms(List<String> words, boolean prefix, String weight) {
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).isEmpty()) {
                continue;
            }
            boolean last = i == words.size() - 1;
            String marks = (prefix && last ? "*" : "") + weight;
            terms.add("'" + words.get(i) + "'" + (marks.isEmpty() ? "" : ":" + marks));
        }
        return terms.size() == 1 ? Optional.of(terms.get(0)) : joined(terms, " <-> ");
    }

    /** Runs of letters and digits. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c)) {
                word.appendCodePoint(c);
            } else if (word.length() > 0) {
                words.add(word.toString());
                word.setLength(0);
            }
        });
        if (word.length() > 0) {
            words.add(word.toString());
        }
        return words;
    }

    private static Optional<String> joined(List<String> parts, String operator) {
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(parts.size() == 1 ? parts.get(0) : "(" + String.join(operator, parts) + ")");
    }

    private boolean keyword(String word) {
        skipSpace();
        if (peekKeyword(word)) {
            at += word.length();
            return true;
        }
        return false;
    }

    private boolean peekKeyword(String word) {
        int end = at + word.length();
        return text.startsWith(word, at) && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)));
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}
