package dev.graphiti.http;

import java.time.Duration;

/**
 * The POSTs being answered, for a graceful stop: once draining, new work is refused (503) and the stop
 * waits until the calls already running have answered, or the grace period ends.
 */
final class InFlight {

    private int running;
    private boolean draining;

    /** A POST starts; false when the server is draining. */
    synchronized boolean enter() {
        if (draining) {
            return false;
        }
        running++;
        return true;
    }

    synchronized void leave() {
        running = Math.max(0, running - 1);
        notifyAll();
    }

    synchronized boolean isDraining() {
        return draining;
    }

    /** Refuses new work from now on and waits up to {@code grace} for running calls; true when all finished. */
    synchronized boolean drain(Duration grace) throws InterruptedException {
        draining = true;
        long deadline = System.nanoTime() + grace.toNanos();
        while (running > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    synchronized int running() {
        return running;
    }
}
