package dev.graphiti.store.jdbc;

import dev.graphiti.graph.StoreException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Runs work again while another writer is in the way, with growing, jittered pauses (up to 100 ms), until a time
 * budget runs out; then, and on any other failure, throws the store's message for it. The stores differ only in what
 * counts as in the way (SQLite: busy or locked; PostgreSQL: serialization failure, deadlock, lock not available).
 */
public final class RetryLoop {

    private final Duration budget;
    private final Predicate<SQLException> inTheWay;
    private final Function<SQLException, StoreException> translate;

    public RetryLoop(Duration budget, Predicate<SQLException> inTheWay, Function<SQLException, StoreException> translate) {
        this.budget = budget;
        this.inTheWay = inTheWay;
        this.translate = translate;
    }

    public <T> T run(SqlWork<T> work) {
        long deadline = System.nanoTime() + budget.toNanos();
        long pauseMillis = 2;
        while (true) {
            try {
                return work.run();
            } catch (SQLException e) {
                if (!inTheWay.test(e) || System.nanoTime() > deadline) {
                    throw translate.apply(e);
                }
            }
            try {
                Thread.sleep(ThreadLocalRandom.current().nextLong(1, pauseMillis + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting for the database", e);
            }
            pauseMillis = Math.min(pauseMillis * 2, 100);
        }
    }
}
