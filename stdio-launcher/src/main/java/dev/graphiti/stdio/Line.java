package dev.graphiti.stdio;

/** One line of stdin: its text without the line break, or the fact that it exceeded the cap or was not UTF-8. */
sealed interface Line permits Line.Text, Line.TooLong, Line.NotUtf8 {

    record Text(String text) implements Line {
    }

    /** A line longer than the cap; its bytes were skipped up to the next line break. */
    record TooLong(long bytes, int cap) implements Line {
    }

    /** A line whose bytes are not UTF-8: a parse error, whatever JSON it may have looked like. */
    record NotUtf8() implements Line {
    }
}
