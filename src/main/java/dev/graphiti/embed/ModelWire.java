package dev.graphiti.embed;

import dev.graphiti.graph.TextEncoder.ItemText;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared model's requests and answers on its socket, one exchange a connection. A request: the wire version,
 * the address key, QUERY and a text, or PASSAGES and titled texts. An answer: OK and the vectors as raw float bits
 * (so they are the in-process model's to the bit), or REFUSED / FAILED and why.
 */
final class ModelWire {

    static final int VERSION = 1;
    static final byte QUERY = 1;
    static final byte PASSAGES = 2;
    static final byte OK = 0;
    static final byte REFUSED = 1;
    static final byte FAILED = 2;
    /** Texts longer than this are cut by the model anyway (512 tokens): a request past it is not ours. */
    private static final int MAX_TEXT_BYTES = 16 << 20;

    private ModelWire() {
    }

    static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readText(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_TEXT_BYTES) {
            throw new IOException("a text of " + length + " bytes");
        }
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    static void writeVector(DataOutputStream out, float[] vector) throws IOException {
        out.writeInt(vector.length);
        for (float value : vector) {
            out.writeInt(Float.floatToRawIntBits(value));
        }
    }

    static float[] readVector(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length != EmbeddingModel.CURRENT.dimensions()) {
            throw new IOException("a vector of " + length + " dimensions");
        }
        float[] vector = new float[length];
        for (int i = 0; i < length; i++) {
            vector[i] = Float.intBitsToFloat(in.readInt());
        }
        return vector;
    }

    static void writeItems(DataOutputStream out, List<ItemText> items) throws IOException {
        out.writeInt(items.size());
        for (ItemText item : items) {
            writeText(out, item.title());
            writeText(out, item.content());
        }
    }

    static List<ItemText> readItems(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > 100_000) {
            throw new IOException(count + " items");
        }
        List<ItemText> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            items.add(new ItemText(readText(in), readText(in)));
        }
        return items;
    }

    static void writePassages(DataOutputStream out, List<float[][]> passages) throws IOException {
        out.writeInt(passages.size());
        for (float[][] item : passages) {
            out.writeInt(item.length);
            for (float[] vector : item) {
                writeVector(out, vector);
            }
        }
    }

    static List<float[][]> readPassages(DataInputStream in) throws IOException {
        int count = in.readInt();
        List<float[][]> passages = new ArrayList<>(Math.max(0, Math.min(count, 100_000)));
        for (int i = 0; i < count; i++) {
            float[][] item = new float[in.readInt()][];
            for (int c = 0; c < item.length; c++) {
                item[c] = readVector(in);
            }
            passages.add(item);
        }
        return passages;
    }
}
