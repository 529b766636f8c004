package dev.graphiti.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

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

    static String text() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    /** The skill's description line (when to use it), for agents whose rule files carry their own front matter. */
    static String description() {
        return text().lines().filter(l -> l.startsWith("description: ")).findFirst()
                .map(l -> l.substring("description: ".length())).orElse("graphiti: the project's long-term memory");
    }

    /** The skill's body under another front matter (a Cursor rule, a VS Code instructions file). */
    static String withFrontMatter(String frontMatter) {
        String text = text();
        int end = text.startsWith("---\n") ? text.indexOf("\n---\n", 4) : -1;
        String body = end < 0 ? text : text.substring(end + "\n---\n".length());
        return "---\n" + frontMatter + "\n---\n" + body;
    }
}
