package dev.graphiti.embed;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.zip.CRC32;

/**
 * Where the shared model of one build listens: {@code <graphiti home>/run/model-<key hash>.sock} in a directory only
 * the user may enter (0700), beside the lock the starting host holds for its whole life and the file with its pid.
 * The key names the model, the wire format and the build, so another build's servers never ask this host: they
 * find a socket of their own (and a host that is asked with another key refuses).
 *
 * @param run the directory (0700)
 * @param key what a request must name to be answered
 */
public record ModelAddress(Path run, String key) {

    /** A Unix socket's path must fit sun_path: 108 bytes on Linux, 104 on macOS, with its terminating zero. */
    static final int MAX_PATH_BYTES = 103;

    /** The address for this build's model under the graphiti home {@code home}. */
    public static ModelAddress of(Path home, String build) {
        return new ModelAddress(home.resolve("run"), EmbeddingModel.CURRENT.id() + " wire " + ModelWire.VERSION + " build " + build);
    }

    public Path socket() {
        return run.resolve("model-" + hash() + ".sock");
    }

    /** Held by the running host: a second one starting meanwhile finds it taken and leaves. */
    Path lock() {
        return run.resolve("model-" + hash() + ".lock");
    }

    /** The host's pid, for `kill` (docs/operations.md). */
    public Path pid() {
        return run.resolve("model-" + hash() + ".pid");
    }

    boolean fits() {
        return socket().toString().getBytes(StandardCharsets.UTF_8).length <= MAX_PATH_BYTES;
    }

    private String hash() {
        CRC32 crc = new CRC32();
        crc.update(key.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().toHexDigits((int) crc.getValue());
    }
}
