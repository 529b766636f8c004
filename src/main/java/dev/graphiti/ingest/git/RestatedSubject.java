package dev.graphiti.ingest.git;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A subject a commit states and a later commit can state anew, the earlier statement then no longer holding: which
 * Java version the project is built for (its minimum, its target). Conservative: only a subject line that says
 * minimum, target or, as its first words, "Build/Compile (X) for" a Java or JDK version counts ("Fix build for Java 20",
 * a build as a noun, does not); the JDK a build runs on ("build with
 * JDK 17", "for building", CI) is another subject and never matches (docs/git-history.md lists the rule; its
 * precision is measured on the listed facts, src/test/resources/knowledge/facts-*.txt).
 */
final class RestatedSubject {

    static final String JAVA_TARGET = "the Java version the project is built for";

    private static final String JAVA = "(java|jdk|j2se)\\s*(version\\s*)?(to\\s*)?v?(1\\.)?\\d+";
    private static final Pattern TARGET = Pattern.compile(
            "\\b(minimum|min\\.|target(ed|ing|s)?|baseline)\\b(\\s+\\S+){0,3}?\\s+" + JAVA
                    + "|^(build|compile)\\s+(\\S+\\s+)?for\\s+" + JAVA
                    + "|\\b" + JAVA + "\\s+(minimum|target|baseline)\\b",
            Pattern.CASE_INSENSITIVE);
    /** The JDK a build or CI runs on: another subject than the version the project is built for. */
    private static final Pattern BUILD_JDK = Pattern.compile(
            "\\bfor build(ing)?\\b|\\b(ci|travis|workflow|github actions?)\\b|\\b(build|run|test)(s|ing)? (with|on|using|against)\\b",
            Pattern.CASE_INSENSITIVE);

    private RestatedSubject() {
    }

    /** The subject {@code subjectLine} states, if any. */
    static Optional<String> of(String subjectLine) {
        return TARGET.matcher(subjectLine).find() && !BUILD_JDK.matcher(subjectLine).find()
                ? Optional.of(JAVA_TARGET) : Optional.empty();
    }
}
