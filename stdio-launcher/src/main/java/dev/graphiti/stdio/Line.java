package dev.graphiti.stdio;

/** One line of stdin: its text without the line break, or the fact that it exceeded the cap. */
sealed interface Line permits Line.Text, Line.TooLong {

    record Text(String text) implements Line {
    }

    /** A line longer than the cap; its bytes were skipped up to the next line break. */
    record TooLong(long bytes, int cap) implements Line {
    }
}
