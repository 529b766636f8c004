package dev.graphiti.bench;

import java.util.Arrays;

/** Latency samples in nanoseconds, summarised as percentiles in milliseconds. */
record Latencies(long[] nanos) {

    Latencies {
        nanos = nanos.clone();
        Arrays.sort(nanos);
    }

    double percentileMillis(double percentile) {
        if (nanos.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(percentile / 100.0 * nanos.length) - 1;
        return nanos[Math.max(0, Math.min(nanos.length - 1, index))] / 1e6;
    }

    double p50() {
        return percentileMillis(50);
    }

    double p99() {
        return percentileMillis(99);
    }
}
