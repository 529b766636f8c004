package dev.graphiti.ingest.transcript;

import dev.graphiti.graph.CapturePositions;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * `graphiti capture --all`: captures many transcripts into one graph, each as its own session, through the same
 * ledger as the Stop hook's capture (the byte offset each session is captured to). A transcript captured to its
 * end is passed over without being opened; a grown one gives only its new turns; so running it again adds
 * nothing. A transcript that vanishes or cannot be read meanwhile is counted and passed over, never fatal.
 */
public final class Backfill {

    /** What became of one transcript. */
    public record Outcome(Path transcript, State state, CaptureReport capture, Optional<String> problem) {
    }

    public enum State { read, unchanged, unreadable }

    private final ConversationCapture capture;
    private final CapturePositions positions;

    public Backfill(ConversationCapture capture, CapturePositions positions) {
        this.capture = capture;
        this.positions = positions;
    }

    public BackfillReport run(List<Path> transcripts, BackfillProgress progress) {
        BackfillReport report = BackfillReport.EMPTY;
        progress.started(transcripts.size());
        try {
            for (Path transcript : transcripts) {
                Outcome outcome = one(transcript);
                report = report.plus(outcome);
                progress.advanced(outcome);
            }
        } finally {
            progress.finished();
        }
        return report;
    }

    private Outcome one(Path transcript) {
        String session = capture.agent().sessionOf(transcript);
        try {
            long position = positions.position(session);
            if (position == capture.end(transcript)) {
                return new Outcome(transcript, State.unchanged, CaptureReport.unchanged(session, position), Optional.empty());
            }
            CaptureReport report = capture.capture(transcript, session);
            return new Outcome(transcript, report.position() == position ? State.unchanged : State.read, report,
                    Optional.empty());
        } catch (NoSuchFileException e) {
            return new Outcome(transcript, State.unreadable, CaptureReport.unchanged(session, 0), Optional.of("gone"));
        } catch (IOException e) {
            return new Outcome(transcript, State.unreadable, CaptureReport.unchanged(session, 0),
                    Optional.of(e.getMessage()));
        }
    }
}
