package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** config get/set/list: defaults, typed values, validation, masking, and settings that take effect. */
class ConfigCommandTest {

    @TempDir
    Path tmp;

    @Test
    void defaultsTypesValidationAndMasking() throws Exception {
        Path home = tmp.resolve("home");
        CliHarness cli = new CliHarness(home);
        Path dir = Files.createDirectories(tmp.resolve("work"));
        JsonObject all = cli.run(dir, "config", "list", "--format", "json").object();
        assertEquals(8192, all.getInt("mcp.context_tokens"));
        assertEquals(10, all.getInt("search.default_limit"));
        assertEquals("", all.getString("llm.api_key"));
        assertEquals("{\"mcp.context_tokens\":8192}", cli.run(dir, "config", "get", "mcp.context_tokens", "--format", "json").out().strip());

        assertEquals(0, cli.run(dir, "config", "set", "search.default_limit", "2").code());
        assertEquals("2", cli.run(dir, "config", "get", "search.default_limit", "-q").out().strip());
        assertTrue(Files.readString(home.resolve("config.properties")).contains("search.default_limit=2"));
        for (int i = 0; i < 4; i++) {
            assertEquals(0, cli.run(dir, "add", "limit probe number " + i).code());
        }
        assertEquals(2, cli.run(dir, "search", "limit", "probe", "--format", "json").array().size());

        CliHarness.Result notANumber = cli.run(dir, "config", "set", "search.default_limit", "lots");
        assertEquals(2, notANumber.code());
        assertTrue(notANumber.err().contains("takes a whole number"), notANumber.err());
        assertEquals(2, cli.run(dir, "config", "set", "mcp.context_tokens", "0").code());
        CliHarness.Result unknown = cli.run(dir, "config", "get", "no.such.key");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("known: "), unknown.err());
        assertEquals("2", cli.run(dir, "config", "get", "search.default_limit", "-q").out().strip(), "bad sets change nothing");

        String secret = "sk-live-" + "a1b2c3d4e5f6a7b8c9d0";
        assertEquals(0, cli.run(dir, "config", "set", "llm.api_key", secret).code());
        for (CliHarness.Result shown : java.util.List.of(cli.run(dir, "config", "list"),
                cli.run(dir, "config", "get", "llm.api_key", "--format", "json"), cli.run(dir, "config", "list", "--format", "json"))) {
            assertFalse(shown.out().contains(secret), shown.out());
            assertTrue(shown.out().contains("********"), shown.out());
        }
        assertTrue(cli.run(dir, "config", "list").out().lines().anyMatch(l -> l.matches("mcp\\.context_tokens\\s+=\\s+8192")));
    }

    /**
     * A line of the settings file that cannot be read (bytes that are not UTF-8, a broken escape) is named with its
     * number; reads go on with that setting's default and the file's other lines; a change is refused rather than
     * rewriting the file without that line; nothing is lost.
     */
    @Test
    void anUnreadableSettingsLineIsNamedAndTheRestStillApplies() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        CliHarness cli = new CliHarness(home);
        Path dir = Files.createDirectories(tmp.resolve("work"));
        Path file = home.resolve("config.properties");
        for (byte[] line3 : new byte[][] {{'l', 'i', 's', 't', '.', 'd', 'e', 'f', 'a', 'u', 'l', 't', '_', 'l', 'i', 'm', 'i',
                't', '=', '7', ' ', '#', (byte) 0xe9, '\n'}, "list.default_limit=\\u12\n".getBytes(StandardCharsets.UTF_8)}) {
            java.io.ByteArrayOutputStream damaged = new java.io.ByteArrayOutputStream();
            damaged.write("# my settings\nsearch.default_limit=3\n".getBytes(StandardCharsets.UTF_8));
            damaged.write(line3);
            damaged.write("mcp.context_tokens=4000\n".getBytes(StandardCharsets.UTF_8));
            Files.write(file, damaged.toByteArray());
            for (int i = 0; i < 20; i++) {
                cli.run(dir, "add", "-q", "limit probe number " + i);
            }
            CliHarness.Result list = cli.run(dir, "list", "--format", "json");
            assertEquals(0, list.code(), list::toString);
            assertEquals(15, list.array().size(), "the unreadable line's setting keeps its default");
            assertTrue(list.err().contains(file + " line 3 ") && list.err().contains("keeps its default"), list.err());
            assertEquals(3, cli.run(dir, "search", "limit", "probe", "--format", "json").array().size(), "line 2 still applies");
            assertEquals(4000, cli.run(dir, "config", "list", "--format", "json").object().getInt("mcp.context_tokens"));
            CliHarness.Result health = cli.run(dir, "health", "--format", "json");
            assertEquals(0, health.code(), health::toString);
            assertTrue(health.object().getJsonArray("checks").getValuesAs(JsonObject.class).stream().anyMatch(check ->
                    check.getString("name").equals("config") && check.getString("detail").contains("line 3")), health::toString);

            CliHarness.Result set = cli.run(dir, "config", "set", "search.default_limit", "5");
            assertEquals(1, set.code(), set::toString);
            assertTrue(set.err().contains("cannot change search.default_limit: " + file + " line 3")
                    && set.err().contains("Fix or remove that line first"), set.err());
            assertArrayEquals(damaged.toByteArray(), Files.readAllBytes(file), "the file is never rewritten without its line");
        }
    }

    /** A hand-edited value that does not validate falls back to the default, and config and health say so. */
    @Test
    void aBadHandEditedValueIsReportedNotSilentlyIgnored() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        CliHarness cli = new CliHarness(home);
        Path dir = Files.createDirectories(tmp.resolve("work"));
        Files.writeString(home.resolve("config.properties"), "search.default_limit=-5\nmcp.context_tokens=8000\n");
        CliHarness.Result list = cli.run(dir, "config", "list", "--format", "json");
        assertEquals(0, list.code(), list::toString);
        assertEquals(10, list.object().getInt("search.default_limit"), "the default is used");
        assertTrue(list.err().contains("search.default_limit must be between 1 and 1000, not -5")
                && list.err().contains("the default (10) is used"), list.err());
        assertFalse(list.err().contains("mcp.context_tokens"), "a valid value is not reported: " + list.err());
        CliHarness.Result health = cli.run(dir, "health", "--format", "json");
        assertEquals(0, health.code(), "a bad setting is a warning: " + health);
        assertTrue(health.object().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .anyMatch(c -> c.getString("name").equals("config") && c.getString("status").equals("warn")), health::toString);
    }
}
