package dev.graphiti.ingest.transcript;

/** Told how a backfill advances: how many transcripts it looks at, then each one done, then that it ended. */
public interface BackfillProgress {

    BackfillProgress NONE = new BackfillProgress() {
    };

    default void started(int transcripts) {
    }

    default void advanced(Backfill.Outcome outcome) {
    }

    default void finished() {
    }
}
