package dev.graphiti.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * One latency measurement of a benchmark: warm-up reads, then timed reads with their wall-clock
 * percentiles, the CPU they cost (wall time on a shared machine includes other people's work) and the
 * load average before and after, so a reader can judge how quiet the machine was.
 */
final class Measurement {

    /** One read; returns the size of what it read, which must not be 0 (an empty answer is not a fast one). */
    @FunctionalInterface
    interface Read {
        int read() throws Exception;
    }

    record Result(String label, Latencies wall, double cpuMillisPerRead, String cpuKind, String loadBefore,
                  String loadAfter, int size) {

        void print() {
            System.out.printf("%s%n  p50 %.1f ms, p95 %.1f ms, max %.1f ms over %d reads; %s %.2f ms per read;"
                            + " %,d chars; load %s -> %s (%s)%n",
                    label, wall.p50(), wall.percentileMillis(95), wall.percentileMillis(100), wall.nanos().length,
                    cpuKind, cpuMillisPerRead, size, loadBefore, loadAfter, Runtime.getRuntime().availableProcessors()
                            + " cores");
        }
    }

    private final String label;
    private final LongSupplier cpuNanos;
    private final String cpuKind;

    static final int WARM_UP_READS = 1_500;

    Measurement(String label, LongSupplier cpuNanos, String cpuKind) {
        this.label = label;
        this.cpuNanos = cpuNanos;
        this.cpuKind = cpuKind;
    }

    Result run(Read read, int reads) throws Exception {
        int size = 0;
        // A warm server has run this path many times: the JIT keeps compiling it (the tokenizer, SQLite
        // reads) for a thousand calls and more (-Xlog:jit+compilation), and compiler threads' CPU and
        // pauses would count against the reads.
        for (int i = 0; i < Math.max(WARM_UP_READS, 2 * reads + 100); i++) {
            size = read.read();
        }
        if (size == 0) {
            throw new IllegalStateException(label + ": the read returned nothing");
        }
        String loadBefore = load();
        long[] nanos = new long[reads];
        long cpuStart = cpuNanos.getAsLong();
        for (int i = 0; i < reads; i++) {
            long start = System.nanoTime();
            size = read.read();
            nanos[i] = System.nanoTime() - start;
        }
        double cpu = (cpuNanos.getAsLong() - cpuStart) / 1e6 / reads;
        return new Result(label, new Latencies(nanos), cpu, cpuKind, loadBefore, load(), size);
    }

    /** The 1-minute load average (Linux), or "?" elsewhere. */
    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }
}
