package dev.graphiti.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The SKILL.md that install places for Claude Code: the repository's SKILL.md, packaged into the jar at build time. */
final class SkillText {

    static final String RESOURCE = "/dev/graphiti/install/SKILL.md";

    private SkillText() {
    }

    static byte[] bytes() {
        try (InputStream in = SkillText.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("SKILL.md is missing from the graphiti jar (" + RESOURCE + ")");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
