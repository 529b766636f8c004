package dev.graphiti.exchange;

import java.nio.file.Path;
import java.util.List;

/**
 * What an export into the agents' own files did: how many items it wrote of, the files it wrote (changed), those it
 * deleted, and how many it found holding their bytes already (not written again).
 */
public record BridgeOutcome(int items, List<Path> written, List<Path> removed, int unchanged) {

    public BridgeOutcome {
        written = List.copyOf(written);
        removed = List.copyOf(removed);
    }
}
