package dev.graphiti.tools;

/** How far a long command is: {@code done} of {@code total} {@code unit} (commits, sessions, items), as it reported. */
public record JobProgress(long done, long total, String unit) {

    /** "120/400 commits". */
    public String text() {
        return done + "/" + total + " " + unit;
    }
}
