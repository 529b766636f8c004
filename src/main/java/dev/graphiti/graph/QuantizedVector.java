package dev.graphiti.graph;

/**
 * A unit vector stored as one signed byte per dimension and a scale (value = byte * scale): a quarter of
 * float32's size, and cosine to a query within about 0.003 of the exact one.
 */
public record QuantizedVector(float scale, byte[] values) {

    public static QuantizedVector of(float[] vector) {
        float largest = 0;
        for (float value : vector) {
            largest = Math.max(largest, Math.abs(value));
        }
        float scale = largest > 0 ? largest / 127f : 1f;
        byte[] values = new byte[vector.length];
        for (int i = 0; i < vector.length; i++) {
            values[i] = (byte) Math.round(vector[i] / scale);
        }
        return new QuantizedVector(scale, values);
    }

    /** The dot product with a float vector: the cosine, both being of unit length. */
    public double dot(float[] vector) {
        float sum = 0;
        for (int d = 0; d < values.length; d++) {
            sum += vector[d] * values[d];
        }
        return sum * scale;
    }

    public float[] toFloats() {
        float[] vector = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            vector[i] = values[i] * scale;
        }
        return vector;
    }
}
