package dev.graphiti.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** "just now", "5m ago", "3h ago", "2d ago", then a date: how a terminal shows when something happened. */
final class RelativeTime {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private RelativeTime() {
    }

    static String since(Instant then, Instant now) {
        Duration age = Duration.between(then, now);
        if (age.isNegative() || age.toSeconds() < 60) {
            return "just now";
        }
        if (age.toMinutes() < 60) {
            return age.toMinutes() + "m ago";
        }
        if (age.toHours() < 24) {
            return age.toHours() + "h ago";
        }
        if (age.toDays() < 30) {
            return age.toDays() + "d ago";
        }
        return DATE.format(then);
    }
}
