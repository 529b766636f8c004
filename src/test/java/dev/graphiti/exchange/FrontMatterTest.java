package dev.graphiti.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The front matter notes carry, as Obsidian and people write it, and as the export writes it. */
class FrontMatterTest {

    @Test
    void readsTheYamlNotesUse() {
        FrontMatter note = FrontMatter.parse("---\r\n"
                + "# a comment\r\n"
                + "title: 'It''s: \"quoted\"'\r\n"
                + "kind: decision  # why\r\n"
                + "tags: [db, \"a, b\", 'c']\r\n"
                + "aliases:\r\n  - one\r\n  - two\r\n"
                + "cssclasses:\r\n  nested: map\r\n"
                + "summary: |\r\n  line one\r\n  line two\r\n"
                + "source: \"tab\\there \\u00e9\"\r\n"
                + "empty:\r\n"
                + "---\r\nBody line\r\n", "note.md");
        assertEquals(Optional.of("It's: \"quoted\""), note.string("title"));
        assertEquals(Optional.of("decision"), note.string("kind"));
        assertEquals(List.of("db", "a, b", "c"), note.strings("tags"));
        assertEquals(List.of("one", "two"), note.strings("aliases"));
        assertEquals(Optional.of("line one\nline two"), note.string("summary"));
        assertEquals(Optional.of("tab\there é"), note.string("source"));
        assertEquals(Optional.empty(), note.string("empty"));
        assertEquals("Body line\n", note.body());
    }

    @Test
    void aNoteWithoutFrontMatterIsAllBody() {
        FrontMatter note = FrontMatter.parse("# Title\n\n---\nnot front matter\n", "note.md");
        assertEquals("# Title\n\n---\nnot front matter\n", note.body());
        assertEquals(Optional.empty(), note.string("title"));
    }

    @Test
    void tagsGivenAsOneStringAreSplit() {
        assertEquals(List.of("#a", "#b", "c"), FrontMatter.parse("---\ntags: \"#a #b, c\"\n---\nx", "n.md").strings("tags"));
    }

    @Test
    void whatTheExportWritesReadsBackWhateverTheText() {
        Map<String, Object> fields = new LinkedHashMap<>();
        String title = "Quotes \" and \\ backslash: #hash [x] {y} - dash\nnew line\t\u0001 control";
        fields.put("title", title);
        fields.put("tags", List.of("yes", "null", "1e3"));
        fields.put("kind", new FrontMatter.Plain("note"));
        FrontMatter back = FrontMatter.parse(FrontMatter.write(fields) + "content", "n.md");
        assertEquals(Optional.of(title), back.string("title"));
        assertEquals(List.of("yes", "null", "1e3"), back.strings("tags"));
        assertEquals("content", back.body());
    }

    @Test
    void brokenFrontMatterNamesTheFileAndLine() {
        MalformedFile unclosed = assertThrows(MalformedFile.class, () -> FrontMatter.parse("---\ntitle: x\nbody", "a.md"));
        assertEquals("a.md line 1", unclosed.where());
        MalformedFile quote = assertThrows(MalformedFile.class,
                () -> FrontMatter.parse("---\nkind: note\ntitle: \"open\n---\nbody", "b.md"));
        assertEquals("b.md line 3", quote.where());
        MalformedFile list = assertThrows(MalformedFile.class, () -> FrontMatter.parse("---\ntags: [a, b\n---\nx", "c.md"));
        assertTrue(list.problem().contains("never closed"), list.problem());
        MalformedFile key = assertThrows(MalformedFile.class, () -> FrontMatter.parse("---\njust words\n---\nx", "d.md"));
        assertEquals("d.md line 2", key.where());
    }
}
