package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SkillTextTest {

    private static final Path REPOSITORY_SKILL = Path.of("..", "SKILL.md");

    @Test
    void thePackagedSkillIsTheRepositoryFileByteForByte() throws Exception {
        assertArrayEquals(Files.readAllBytes(REPOSITORY_SKILL), SkillText.bytes());
    }

    @Test
    void thePluginsSkillIsTheRepositoryFileByteForByte() throws Exception {
        // Claude Code copies a plugin's folder as it is, so the plugin holds a copy: it must not drift.
        assertArrayEquals(Files.readAllBytes(REPOSITORY_SKILL),
                Files.readAllBytes(Path.of("..", "plugins", "graphiti", "skills", "graphiti", "SKILL.md")),
                "plugins/graphiti/skills/graphiti/SKILL.md differs from SKILL.md: cp SKILL.md plugins/graphiti/skills/graphiti/");
    }

    @Test
    void frontmatterFollowsTheAgentSkillsRules() throws Exception {
        String text = Files.readString(REPOSITORY_SKILL, StandardCharsets.UTF_8);
        Matcher front = Pattern.compile("\\A---\n(.*?)\n---\n", Pattern.DOTALL).matcher(text);
        assertTrue(front.find(), "SKILL.md starts with --- frontmatter ---");
        Matcher name = Pattern.compile("^name: (.+)$", Pattern.MULTILINE).matcher(front.group(1));
        Matcher description = Pattern.compile("^description: (.+)$", Pattern.MULTILINE).matcher(front.group(1));
        assertTrue(name.find() && description.find());
        assertEquals("graphiti", name.group(1), "the name matches the directory install puts it in");
        // Claude Code drops a skill marked fallback when a plugin's skill has its name (graphiti:graphiti), so an
        // installed copy never shows beside the plugin's, whichever came first (ClaudeCodePluginIT).
        assertTrue(Pattern.compile("^fallback: true$", Pattern.MULTILINE).matcher(front.group(1)).find());
        assertTrue(name.group(1).matches("[a-z0-9]+(-[a-z0-9]+)*") && name.group(1).length() <= 64);
        assertTrue(description.group(1).length() <= 1024, "description is at most 1024 characters");
        assertTrue(description.group(1).contains("Use "), "description says when to use it");
        assertTrue(!description.group(1).contains(": ") || description.group(1).startsWith("\""),
                "a plain YAML scalar must not contain ': '");
    }

    @Test
    void theSkillNamesEveryToolAndTheContextResource() throws Exception {
        String text = Files.readString(REPOSITORY_SKILL, StandardCharsets.UTF_8);
        for (String tool : List.of("graphiti_add", "graphiti_search", "graphiti_list", "graphiti_show", "graphiti_delete",
                "graphiti_summarize", "graphiti_compact", "graphiti_capture", "graphiti_health", "graphiti_config",
                "graphiti_index", "graphiti://context")) {
            assertTrue(text.contains("`" + tool + "`"), tool);
        }
    }
}
