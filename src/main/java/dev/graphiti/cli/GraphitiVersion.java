package dev.graphiti.cli;

import picocli.CommandLine.IVersionProvider;

/** The version printed by `graphiti --version`, read from the jar manifest when packaged. */
public final class GraphitiVersion implements IVersionProvider {

    /** The running version, or "dev" when run from classes. */
    public static String current() {
        String version = GraphitiVersion.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"graphiti " + current()};
    }
}
