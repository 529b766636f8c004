package dev.graphiti.stdio;

/** Counts response streams not yet closed, so EOF can give answers in progress a moment to go out. */
final class OpenStreams {

    private int open;

    synchronized void opened() {
        open++;
    }

    synchronized void closed() {
        open--;
        if (open == 0) {
            notifyAll();
        }
    }

    /** Waits until every stream is closed or {@code millis} passed; true when all closed. */
    synchronized boolean awaitNone(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (open > 0) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }
}
