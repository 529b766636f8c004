package dev.graphiti.cli;

import dev.graphiti.graph.InvalidInputException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A point in time given on the command line: an age (30m, 12h, 7d, 2w), a date (2025-01-31) or an ISO instant. */
final class TimeArgument {

    private static final Pattern AGE = Pattern.compile("(\\d+)\\s*([mhdw])");

    private TimeArgument() {
    }

    static Instant parse(String option, String value, Instant now) {
        String text = value.strip();
        Matcher age = AGE.matcher(text);
        if (age.matches()) {
            long amount = Long.parseLong(age.group(1));
            Duration unit = switch (age.group(2)) {
                case "m" -> Duration.ofMinutes(1);
                case "h" -> Duration.ofHours(1);
                case "d" -> Duration.ofDays(1);
                default -> Duration.ofDays(7);
            };
            return now.minus(unit.multipliedBy(amount));
        }
        try {
            return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException notADate) {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException notAnInstant) {
                throw new InvalidInputException(option + " takes an age (30m, 12h, 7d, 2w), a date (2025-01-31) "
                        + "or an ISO-8601 instant, not '" + value + "'");
            }
        }
    }
}
