package dev.graphiti.toon;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Encoder behaviour the official fixtures leave open: numbers outside the plain range, bad UTF-16. */
class ToonEncoderTest {
    private final ToonEncoder encoder = new ToonEncoder();

    private static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }

    @Test
    void numbersOutsideThePlainRangeUseSignedLowercaseExponents() {
        assertEquals("1e-7", encoder.encode(json("1E-7")));
        assertEquals("-2.5e-8", encoder.encode(json("-0.000000025")));
        assertEquals("1e+21", encoder.encode(json("1e21")));
        assertEquals("1.2345e+30", encoder.encode(json("12345e26")));
        assertEquals("999999999999999999999", encoder.encode(json("999999999999999999999")));
    }

    @Test
    void numbersKeepEveryDigitAndDropTrailingZeros() {
        assertEquals("0.30000000000000000000001", encoder.encode(json("0.300000000000000000000010")));
        assertEquals("1.5", encoder.encode(json("1.5000")));
        assertEquals("0", encoder.encode(json("-0.0")));
        assertEquals("0.000001", encoder.encode(Json.createValue(new BigDecimal("1.0e-6"))));
    }

    @Test
    void loneSurrogatesBecomeReplacementCharactersAndPairsSurvive() {
        assertEquals("a\uFFFDb", encoder.encode(Json.createValue("a\uD800b")));
        assertEquals("\"\uFFFD\": 1", encoder.encode(json("{\"\\udc00\": 1}")));
        assertEquals("x\uD83D\uDE80", encoder.encode(Json.createValue("x\uD83D\uDE80")));
    }

    @Test
    void mixedRowsInANestedArrayExpandUnderTheirHyphen() {
        String expected = String.join("\n",
                "rows[1]:",
                "  - [2]:",
                "    - id: 1",
                "    - [1]: x");
        assertEquals(expected, encoder.encode(json("{\"rows\":[[{\"id\":1},[\"x\"]]]}")));
    }

    @Test
    void rejectsNullAndBadOptions() {
        assertThrows(IllegalArgumentException.class, () -> encoder.encode(null));
        assertThrows(IllegalArgumentException.class, () -> new ToonOptions(Delimiter.COMMA, 0));
        assertThrows(IllegalArgumentException.class, () -> Delimiter.of(";"));
    }
}
