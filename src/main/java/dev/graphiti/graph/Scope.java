package dev.graphiti.graph;

/** Which graph an item lives in: the git project's own, or the user's global one. */
public enum Scope {
    project,
    global
}
