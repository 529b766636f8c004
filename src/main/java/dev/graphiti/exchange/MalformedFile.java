package dev.graphiti.exchange;

import dev.graphiti.graph.GraphException;

/** A part of an imported file that cannot be read: {@code where} names the file and line, the message says what is wrong. */
public final class MalformedFile extends GraphException {

    private final String where;
    private final String problem;

    public MalformedFile(String where, String problem) {
        super(where + ": " + problem);
        this.where = where;
        this.problem = problem;
    }

    public String where() {
        return where;
    }

    public String problem() {
        return problem;
    }
}
