package dev.graphiti.service;

/** What `graphiti embed` did: items given vectors by {@code model}, items still without, and the time it took. */
public record EmbedReport(String model, int embedded, int remaining, double seconds) {
}
