package dev.graphiti.graph;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The concrete things a text names: files and paths ({@code metrics.log}, {@code billing/invoice.py}), commands
 * and flags ({@code --dry-run}), config keys ({@code hooks.prompt_tokens}), identifiers ({@code schedule_retry()},
 * {@code RETRY_DAYS}, {@code useCart}), prefixes ({@code CN-}) and names of services and products written with a
 * capital inside a sentence ({@code Redis}, {@code Stripe}). A work prompt rarely shares many words with the rule
 * that governs it, but it names the file, command or service the rule is about: one shared name is strong evidence,
 * where one shared plain word is none.
 */
public final class ConcreteNames {

    /** A run of characters that may form a name: letters, digits and the marks names are built with. */
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}_][\\p{L}\\p{N}_./:@#-]*(\\(\\))?|--?[a-z][\\w-]*");
    private static final Pattern FILE = Pattern.compile("[\\w-]+\\.[a-z][a-z0-9]{0,5}", Pattern.CASE_INSENSITIVE);
    private static final Pattern CAMEL = Pattern.compile("\\p{Ll}+\\p{Lu}\\w*|\\p{Lu}+\\p{Ll}+\\p{Lu}\\w*");
    private static final Pattern CONSTANT = Pattern.compile("\\p{Lu}[\\p{Lu}\\p{N}]*_[\\p{Lu}\\p{N}_]+");
    /** Capitalised words that open or fill sentences in any prompt, never a product's name. */
    private static final Set<String> COMMON_CAPITALS = Set.of("i", "i'm", "i'd", "i'll", "ok", "okay", "please", "the",
            "a", "an", "we", "our", "it", "this", "that", "these", "those", "also", "then", "and", "or", "but", "so",
            "now", "yes", "no", "why", "what", "how", "when", "where", "which", "who", "can", "could", "should", "would",
            "will", "do", "does", "is", "are", "make", "add", "fix", "write", "set", "use", "let's", "let", "update",
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
            "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
            "readme", "todo", "api", "url", "id", "ui", "ci", "pr", "json", "csv", "pdf", "html", "css", "sql");

    private ConcreteNames() {
    }

    /** The names in {@code text}, lower-cased, each once, in order. */
    public static List<String> in(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = TOKEN.matcher(text);
        boolean sentenceStart = true;
        int last = 0;
        while (matcher.find()) {
            String gap = text.substring(last, matcher.start());
            sentenceStart = sentenceStart || gap.matches("(?s).*[.!?:;\\n]\\s*") || last == 0 && gap.isBlank();
            last = matcher.end();
            String token = trim(matcher.group());
            if (!token.isEmpty() && isName(token, sentenceStart)) {
                names.add(token.toLowerCase(Locale.ROOT));
            }
            sentenceStart = false;
        }
        return List.copyOf(names);
    }

    /**
     * Whether {@code lowerText} names {@code name} (as {@link #in} gives it): the whole name, a path by a shorter tail
     * of it that is still a path or a file ({@code etc/cron.d/backup} by {@code cron.d/backup}, {@code
     * billing/invoice.py} by {@code invoice.py}), a call by its function's name.
     */
    public static boolean named(String name, String lowerText) {
        if (contains(lowerText, name)) {
            return true;
        }
        for (int slash = name.indexOf('/'); slash >= 0 && slash < name.length() - 1; slash = name.indexOf('/', slash + 1)) {
            String tail = name.substring(slash + 1);
            if ((tail.contains("/") || FILE.matcher(tail).matches()) && contains(lowerText, tail)) {
                return true;
            }
        }
        return name.endsWith("()") && contains(lowerText, name.substring(0, name.length() - 2));
    }

    /**
     * Whether {@code name} is built like a file, path, flag, key or identifier, not a plain word such as a product's
     * name: "Postgres" is named by many items that do not govern a prompt about it, "schedule_retry()" by few.
     */
    public static boolean built(String name) {
        return !name.chars().allMatch(Character::isLetter);
    }

    private static boolean contains(String lowerText, String name) {
        int at = lowerText.indexOf(name);
        while (at >= 0) {
            int end = at + name.length();
            boolean before = at == 0 || !Character.isLetterOrDigit(lowerText.charAt(at - 1));
            boolean after = end >= lowerText.length() || !Character.isLetterOrDigit(lowerText.charAt(end));
            if (before && after) {
                return true;
            }
            at = lowerText.indexOf(name, at + 1);
        }
        return false;
    }

    private static boolean isName(String token, boolean sentenceStart) {
        if (token.startsWith("-")) {
            return token.length() > 2;
        }
        if (token.endsWith("()") || token.contains("/") || token.contains("_") || token.contains("@")
                || FILE.matcher(token).matches() || CONSTANT.matcher(token).matches() || CAMEL.matcher(token).matches()) {
            return !token.matches("[\\d.,/:-]+"); // a number, a date or a time is not a name
        }
        if (token.matches("[\\p{L}][\\p{L}\\p{N}]*-") || token.matches("\\p{L}+-\\p{L}[\\p{L}-]*\\p{L}")
                && token.chars().anyMatch(Character::isUpperCase)) {
            return true; // a prefix such as CN- or a hyphenated product name
        }
        if (token.matches("\\p{L}[\\p{L}\\p{N}]*\\d[\\p{L}\\p{N}]*") && token.chars().anyMatch(Character::isLetter)
                && !token.matches("\\d+(st|nd|rd|th|s|ms|px|kb|mb|gb|m|h|d)")) {
            return true; // s3, oauth2, e5
        }
        boolean capital = Character.isUpperCase(token.charAt(0));
        return capital && !sentenceStart && token.length() > 2 && token.chars().allMatch(Character::isLetter)
                && !COMMON_CAPITALS.contains(token.toLowerCase(Locale.ROOT));
    }

    /** Sentence punctuation after a name is not part of it. */
    private static String trim(String token) {
        int end = token.length();
        while (end > 0 && ".:#@/".indexOf(token.charAt(end - 1)) >= 0) {
            end--;
        }
        return token.substring(0, end);
    }
}
