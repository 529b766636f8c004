package dev.graphiti.graph;

import java.util.List;

/** The checks health ran; {@code ok()} is false when any failed, {@link #overall()} also tells of warnings. */
public record HealthReport(List<Check> checks) {

    public HealthReport {
        checks = List.copyOf(checks);
    }

    /** This report with one more check. */
    public HealthReport with(Check check) {
        List<Check> more = new java.util.ArrayList<>(checks);
        more.add(check);
        return new HealthReport(more);
    }

    /** Nothing failed (warnings allowed): the graph can be used. */
    public boolean ok() {
        return overall() != Status.fail;
    }

    /** The worst status of any check: fail over warn over ok. */
    public Status overall() {
        return checks.stream().map(Check::status).max(Enum::compareTo).orElse(Status.ok);
    }

    /** The names of the checks with {@code status}, in order. */
    public List<String> named(Status status) {
        return checks.stream().filter(check -> check.status() == status).map(Check::name).distinct().toList();
    }

    public enum Status { ok, warn, fail }

    public record Check(String name, Status status, String detail) {
    }
}
