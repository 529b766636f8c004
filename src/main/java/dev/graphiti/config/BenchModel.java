package dev.graphiti.config;

import java.util.Optional;

/**
 * The embedding model a benchmark asks for instead of the default ({@code -Dgraphiti.bench.model=bge-small}, see
 * docs/benchmarks.md): the scripts measure another model without the product having a setting for it.
 */
public final class BenchModel {

    public static final String PROPERTY = "graphiti.bench.model";

    private BenchModel() {
    }

    /** The model's name when this process was started with the property; empty for the default. */
    public static Optional<String> requested() {
        return Optional.ofNullable(System.getProperty(PROPERTY)).map(String::strip).filter(name -> !name.isEmpty());
    }
}
