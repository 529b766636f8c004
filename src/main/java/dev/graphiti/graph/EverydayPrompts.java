package dev.graphiti.graph;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What unrelated text scores against a prompt: the mean cosine of the prompt to its {@value #NEAREST} nearest among
 * some 400 everyday prompts to a coding agent (everyday-prompts.txt, written for this across many kinds of projects).
 * e5's cosines crowd high and how high depends on the prompt: a generic one ("add logging to the endpoint") sits
 * close to every item, so its closeness to one says little; one global constant let those through and held back the
 * specific ones (issue 30). The prompts' vectors ship beside their text (everyday-prompts.vec, made by
 * {@code EverydayPromptsTest#main} for the model named in its header) so no prompt waits for 400 encodings.
 */
public final class EverydayPrompts {

    static final String TEXT = "dev/graphiti/graph/everyday-prompts.txt";
    static final String VECTORS = "dev/graphiti/graph/everyday-prompts.vec";
    static final int NEAREST = 10;

    private final String model;
    private final List<QuantizedVector> vectors;

    EverydayPrompts(String model, List<QuantizedVector> vectors) {
        this.model = model;
        this.vectors = List.copyOf(vectors);
    }

    /**
     * The shipped vectors, when they are of {@code model}'s making (another model's cosines are not comparable); for a
     * model a benchmark runs instead, its own file ({@link #vectorsOf}) when the class path has one, read each time.
     */
    static Optional<EverydayPrompts> of(String model) {
        return Shipped.VECTORS.filter(shipped -> shipped.model.equals(model))
                .or(() -> read(vectorsOf(model)).filter(other -> other.model.equals(model)));
    }

    /** The resource holding another model's vectors: everyday-prompts-MODEL.vec, the id's slashes as dashes. */
    static String vectorsOf(String model) {
        return VECTORS.replace(".vec", "-" + model.replace('/', '-') + ".vec");
    }

    private static Optional<EverydayPrompts> read(String name) {
        try (InputStream in = resource(name)) {
            return Optional.of(read(in));
        } catch (IOException e) {
            return Optional.empty(); // without them recall falls back to one constant for every prompt
        }
    }

    /** The prompts, one a line, comments dropped. */
    static List<String> texts() {
        try (InputStream in = resource(TEXT)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + TEXT + ": " + e.getMessage(), e);
        }
    }

    /** The mean cosine of {@code query} to its nearest everyday prompts. */
    double usual(float[] query) {
        // the nearest so far, smallest first: one pass, no sort of all 400
        double[] nearest = new double[Math.min(NEAREST, vectors.size())];
        Arrays.fill(nearest, Double.NEGATIVE_INFINITY);
        for (QuantizedVector vector : vectors) {
            double cosine = vector.dot(query);
            if (nearest.length > 0 && cosine > nearest[0]) {
                int at = 0;
                while (at + 1 < nearest.length && nearest[at + 1] < cosine) {
                    nearest[at] = nearest[at + 1];
                    at++;
                }
                nearest[at] = cosine;
            }
        }
        return nearest.length == 0 ? Double.NaN : Arrays.stream(nearest).average().orElseThrow();
    }

    String model() {
        return model;
    }

    List<QuantizedVector> vectors() {
        return vectors;
    }

    /** Writes {@code model}'s vectors of {@link #texts()}: the model's name, their count and size, then each one. */
    static void write(String model, List<float[]> vectors, OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        data.writeUTF(model);
        data.writeInt(vectors.size());
        data.writeInt(vectors.isEmpty() ? 0 : vectors.get(0).length);
        for (float[] vector : vectors) {
            QuantizedVector quantized = QuantizedVector.of(vector);
            data.writeFloat(quantized.scale());
            data.write(quantized.values());
        }
        data.flush();
    }

    static EverydayPrompts read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(new BufferedInputStream(in));
        String model = data.readUTF();
        int count = data.readInt();
        int dimensions = data.readInt();
        List<QuantizedVector> vectors = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            float scale = data.readFloat();
            byte[] values = new byte[dimensions];
            data.readFully(values);
            vectors.add(new QuantizedVector(scale, values));
        }
        return new EverydayPrompts(model, vectors);
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = EverydayPrompts.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is not on the class path");
        }
        return in;
    }

    /** Read once, on first use, and never changed. */
    private static final class Shipped {
        static final Optional<EverydayPrompts> VECTORS = read(EverydayPrompts.VECTORS);
    }
}
