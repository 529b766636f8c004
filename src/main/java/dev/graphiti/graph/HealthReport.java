package dev.graphiti.graph;

import java.util.List;

/** The checks health ran; {@code ok()} is false when any failed. */
public record HealthReport(List<Check> checks) {

    public HealthReport {
        checks = List.copyOf(checks);
    }

    public boolean ok() {
        return checks.stream().noneMatch(check -> check.status() == Status.fail);
    }

    public enum Status { ok, warn, fail }

    public record Check(String name, Status status, String detail) {
    }
}
