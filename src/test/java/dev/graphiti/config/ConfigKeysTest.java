package dev.graphiti.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Which settings a tool call may change is declared per key; these are the rules a new key must follow. */
class ConfigKeysTest {

    /**
     * What a setting that decides where data or credentials go, or what may be read, tends to be called (a word
     * of its name; "tokens" alone is a budget).
     */
    private static final Pattern SENSITIVE = Pattern.compile("^llm\\.|(^|[._])(endpoint|url|host|key|api_key|token"
            + "|secret|password|credentials?|path|paths|dir|root|roots|allowed_\\w+|auth\\w*)($|[._])");

    @Test
    void settingsThatNameEndpointsKeysOrPathsAreChangedOnlyFromTheTerminal() {
        for (ConfigKey key : ConfigKeys.ALL) {
            if (SENSITIVE.matcher(key.name()).find() || key.secret() || key.type() == ConfigKey.Type.URL) {
                assertFalse(key.toolWritable(), key.name() + " must be terminalOnly()");
            }
        }
        assertFalse(ConfigKeys.LLM_ENDPOINT.toolWritable());
        assertFalse(ConfigKeys.LLM_API_KEY.toolWritable());
        assertFalse(ConfigKeys.LLM_MODEL.toolWritable());
    }

    @Test
    void budgetsAndLimitsStayTunableThroughTools() {
        assertTrue(ConfigKeys.MCP_CONTEXT_TOKENS.toolWritable());
        assertTrue(ConfigKeys.SEARCH_DEFAULT_LIMIT.toolWritable());
    }
}
