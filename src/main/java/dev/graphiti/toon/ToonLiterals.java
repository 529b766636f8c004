package dev.graphiti.toon;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/** How one primitive, key or field name is written: quoting, escaping and number form (spec §2, §7). */
final class ToonLiterals {
    private static final Pattern UNQUOTED_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern NUMERIC_LIKE =
            Pattern.compile("[+-]?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    private static final BigDecimal SMALLEST_PLAIN = new BigDecimal("1e-6");
    private static final BigDecimal FIRST_EXPONENT = new BigDecimal("1e21");
    private static final char REPLACEMENT = '\uFFFD';

    private ToonLiterals() {
    }

    /** A primitive value (string, number, boolean, null) quoted as needed for {@code delimiter}. */
    static String primitive(JsonValue value, Delimiter delimiter) {
        return switch (value.getValueType()) {
            case STRING -> string(((JsonString) value).getString(), delimiter);
            case NUMBER -> number((JsonNumber) value);
            case TRUE -> "true";
            case FALSE -> "false";
            case NULL -> "null";
            default -> throw new IllegalArgumentException("not a primitive: " + value.getValueType());
        };
    }

    /** A string value, quoted when §7.2 requires it. */
    static String string(String raw, Delimiter delimiter) {
        String s = wellFormed(raw);
        return needsQuotes(s, delimiter.character()) ? quoted(s) : s;
    }

    /** An object key, entry key or field name: bare only when it matches §7.3's pattern. */
    static String key(String raw) {
        String s = wellFormed(raw);
        return UNQUOTED_KEY.matcher(s).matches() ? s : quoted(s);
    }

    /**
     * A number in the canonical form of §2: plain decimal without exponent, trailing zeros or "-0"
     * for 0 and for 1e-6 <= |n| < 1e21; outside that range JSON exponent form with a lowercase
     * "e" and a signed exponent. JSON-P numbers are exact decimals, so nothing is lost.
     */
    static String number(JsonNumber number) {
        BigDecimal n = number.bigDecimalValue();
        if (n.signum() == 0) {
            return "0";
        }
        n = n.stripTrailingZeros();
        BigDecimal magnitude = n.abs();
        if (magnitude.compareTo(SMALLEST_PLAIN) >= 0 && magnitude.compareTo(FIRST_EXPONENT) < 0) {
            return n.toPlainString();
        }
        return exponentForm(n);
    }

    private static String exponentForm(BigDecimal n) {
        String digits = n.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - n.scale();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (n.signum() < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }

    private static boolean needsQuotes(String s, char delimiter) {
        if (s.isEmpty()) {
            return true;
        }
        char first = s.charAt(0);
        char last = s.charAt(s.length() - 1);
        if (first == ' ' || first == '\t' || last == ' ' || last == '\t' || first == '-' || first == '#') {
            return true;
        }
        if (s.equals("true") || s.equals("false") || s.equals("null") || NUMERIC_LIKE.matcher(s).matches()) {
            return true;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == delimiter || c == ':' || c == '"' || c == '\\'
                    || c == '[' || c == ']' || c == '{' || c == '}') {
                return true;
            }
        }
        return false;
    }

    /** A double-quoted string with the escapes of §7.1 and nothing else escaped. */
    private static String quoted(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /**
     * JSON text may carry lone UTF-16 surrogates (a "\ud800" escape), which are not Unicode scalar
     * values and which no TOON decoder accepts (§7.1). They become U+FFFD, as a UTF-8 writer would.
     */
    private static String wellFormed(String s) {
        StringBuilder fixed = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pairStart = Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1));
            if (pairStart) {
                if (fixed != null) {
                    fixed.append(c).append(s.charAt(i + 1));
                }
                i++;
            } else if (Character.isSurrogate(c)) {
                if (fixed == null) {
                    fixed = new StringBuilder(s.length()).append(s, 0, i);
                }
                fixed.append(REPLACEMENT);
            } else if (fixed != null) {
                fixed.append(c);
            }
        }
        return fixed == null ? s : fixed.toString();
    }
}
