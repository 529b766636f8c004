package dev.graphiti.cli;

import dev.graphiti.graph.HealthReport;
import dev.graphiti.service.RetentionGuard;
import jakarta.json.JsonObject;
import java.util.Optional;

/** What `graphiti health` answers: each check and the overall verdict, and the transcripts' retention when it was checked. */
record HealthAnswer(HealthReport report, Optional<RetentionGuard> retention) implements Answer {

    @Override
    public JsonObject json() {
        var checks = JsonShapes.JSON.createArrayBuilder();
        report.checks().forEach(check -> checks.add(JsonShapes.JSON.createObjectBuilder().add("name", check.name())
                .add("status", check.status().name()).add("detail", check.detail())));
        var json = JsonShapes.JSON.createObjectBuilder().add("overall", report.overall().name()).add("checks", checks);
        retention.ifPresent(guard -> json.add("transcripts", transcripts(guard)));
        return json.build();
    }

    /** The retention guard's figures: {cleanup_period_days, set_in, settings, transcripts, uncaptured, oldest_expires_in_days}. */
    private static jakarta.json.JsonObjectBuilder transcripts(RetentionGuard guard) {
        var json = JsonShapes.JSON.createObjectBuilder().add("cleanup_period_days", guard.days());
        guard.setIn().ifPresentOrElse(file -> json.add("set_in", file.toString()), () -> json.addNull("set_in"));
        json.add("settings", guard.userSettings().toString()).add("transcripts", guard.transcripts())
                .add("uncaptured", guard.uncaptured());
        guard.oldestUncapturedExpiresInDays().ifPresentOrElse(days -> json.add("oldest_expires_in_days", days),
                () -> json.addNull("oldest_expires_in_days"));
        return json;
    }
}
