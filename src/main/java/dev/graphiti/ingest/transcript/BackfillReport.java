package dev.graphiti.ingest.transcript;

/**
 * What a backfill did over a set of transcripts: how many it looked at, read (they had turns not captured
 * before), found unchanged (captured to their end already) or could not read (gone or unreadable meanwhile);
 * the turns read, items added, extractions the graph already held, and lines passed over as not JSON.
 */
public record BackfillReport(int transcripts, int read, int unchanged, int unreadable, int turnsRead, int itemsAdded,
                             int duplicates, int malformedLines) {

    public static final BackfillReport EMPTY = new BackfillReport(0, 0, 0, 0, 0, 0, 0, 0);

    /** This report and {@code other} together (a backfill over several graphs). */
    public BackfillReport plus(BackfillReport other) {
        return new BackfillReport(transcripts + other.transcripts, read + other.read, unchanged + other.unchanged,
                unreadable + other.unreadable, turnsRead + other.turnsRead, itemsAdded + other.itemsAdded,
                duplicates + other.duplicates, malformedLines + other.malformedLines);
    }

    BackfillReport plus(Backfill.Outcome outcome) {
        CaptureReport capture = outcome.capture();
        return switch (outcome.state()) {
            case unchanged -> plus(new BackfillReport(1, 0, 1, 0, 0, 0, 0, 0));
            case unreadable -> plus(new BackfillReport(1, 0, 0, 1, 0, 0, 0, 0));
            case read -> plus(new BackfillReport(1, 1, 0, 0, capture.turnsRead(), capture.itemsAdded(),
                    capture.duplicates(), capture.malformedLines()));
        };
    }
}
