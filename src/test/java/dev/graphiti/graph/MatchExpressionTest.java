package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a typed query searches: topic words, and names from code whole and by part, stop words or not. */
class MatchExpressionTest {

    @Test
    void anIdentifierKeepsEveryPartAndIsAPhraseToo() {
        MatchExpression mustUse = MatchExpression.of("is it must_use?");
        assertEquals(List.of("must", "use"), mustUse.words());
        assertEquals("\"must\"* OR \"use\" OR \"must use\"", mustUse.any());
        assertEquals(List.of("no", "std"), MatchExpression.of("no_std").words());
        assertEquals(List.of("no", "verify"), MatchExpression.of("git commit --no-verify").words().subList(2, 4));
        assertEquals(List.of("etc", "acme", "config", "yaml"), MatchExpression.of("/etc/acme/config.yaml").words());
    }

    @Test
    void aCamelCaseNameIsSearchedWholeAndByItsParts() {
        assertEquals(List.of("maxconnections", "max", "connections"), MatchExpression.of("maxConnections").words());
        assertEquals("\"maxconnections\"* OR \"max\" OR \"connections\"* OR \"max connections\"",
                MatchExpression.of("maxConnections").any());
        // two capitalised parts are a product's name, not a name from code
        assertEquals(List.of("postgresql"), MatchExpression.of("PostgreSQL").words());
    }

    @Test
    void proseStopWordsAndAbbreviationsStayOut() {
        MatchExpression prose = MatchExpression.of("what is not allowed in the runtime?");
        assertEquals(List.of("allowed", "runtime"), prose.words());
        assertEquals("\"allowed\"* OR \"runtime\"*", prose.any());
        assertEquals(List.of(), Identifier.in("e.g. i.e. U.S."), "abbreviations are no names");
        assertEquals(List.of("cats", "dogs"), MatchExpression.of("cats and/or dogs").words(), "and/or is grammar");
    }
}
