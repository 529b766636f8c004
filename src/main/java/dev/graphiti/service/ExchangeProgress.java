package dev.graphiti.service;

/** Told how an import or export advances: after each batch, then that it ended. */
public interface ExchangeProgress {

    ExchangeProgress NONE = new ExchangeProgress() {
        @Override
        public void advanced(double done, int records) {
        }

        @Override
        public void finished() {
        }
    };

    /** {@code done} of the input (0 to 1) is read, or of the graph written; {@code records} items so far. */
    void advanced(double done, int records);

    /** The run ended, done or not. */
    void finished();
}
