package dev.graphiti.ingest.git;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The module a file belongs to, for grouping commits by area: the package for JVM sources under a
 * src/(main|test)/(java|kotlin|scala) root, otherwise the first two directories of the path.
 */
final class ModuleName {

    private static final Pattern SOURCE_ROOT_PARENT = Pattern.compile(".*(^|/)src/[^/]+");

    private ModuleName() {
    }

    static Optional<String> of(String path) {
        int slash = path.lastIndexOf('/');
        if (slash <= 0) {
            return Optional.empty();
        }
        String directory = path.substring(0, slash);
        for (String root : new String[] {"/java/", "/kotlin/", "/scala/", "/groovy/"}) {
            int at = ("/" + directory + "/").indexOf(root);
            if (at >= 0 && SOURCE_ROOT_PARENT.matcher(("/" + directory).substring(0, at)).matches()) {
                String pkg = ("/" + directory + "/").substring(at + root.length());
                if (!pkg.isEmpty()) {
                    return Optional.of(pkg.substring(0, pkg.length() - 1).replace('/', '.'));
                }
            }
        }
        String[] parts = directory.split("/");
        return Optional.of(parts.length == 1 ? parts[0] : parts[0] + "/" + parts[1]);
    }
}
