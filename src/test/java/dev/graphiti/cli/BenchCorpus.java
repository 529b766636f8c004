package dev.graphiti.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Prints the graphiti home holding the engine benchmark's generated corpus of a size, generating it once. */
public final class BenchCorpus {

    private BenchCorpus() {
    }

    public static void main(String[] args) throws Exception {
        Path home = EngineBenchmark.corpus(Files.createDirectories(Path.of(args[0]).toAbsolutePath()), Integer.parseInt(args[1]));
        System.out.println(home);
    }
}
