package dev.graphiti.cli;

import dev.graphiti.service.RunProgress;

/** A run's progress shown as a bar of items (on a terminal; {@link ProgressBar} decides). */
record BarProgress(ProgressBar bar) implements RunProgress {

    static BarProgress ofItems(CommandContext context) {
        return new BarProgress(ProgressBar.forTerminal(context, "items"));
    }

    /** For a run that may take minutes: plain lines on stderr where there is no terminal (see {@link ProgressBar}). */
    static BarProgress ofLongRun(CommandContext context) {
        return new BarProgress(ProgressBar.forLongRun(context, "items"));
    }

    @Override
    public void started(int total) {
        bar.start(total);
    }

    @Override
    public void advanced(int count) {
        bar.advance(count, "");
    }

    @Override
    public void finished() {
        bar.finish();
    }
}
