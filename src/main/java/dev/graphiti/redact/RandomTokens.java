package dev.graphiti.redact;

import java.util.regex.Pattern;

/**
 * Whether a run of base64/base64url characters looks like random key material rather than code.
 *
 * <p>Deliberately left alone: pure hex of any length (git commit ids, SHA-256 digests, hex-encoded
 * checksums: the git indexer stores commit ids, and hex secrets are caught by their key name instead),
 * UUIDs (hex with dashes; they are entity and request ids everywhere), SRI hashes ({@code sha512-...}),
 * SSH public keys ({@code AAAAB3NzaC1...}: public by design), anything without both letters and digits,
 * one-case runs shorter than 32 characters (see {@link #oneCaseKey}), and anything made mostly of words (camel-case identifiers with digits, such
 * as {@code Base64UrlSafeEncoderTest2} or {@code batchOn20250326IsAnsweredAsAnArray}, and paths).
 *
 * <p>Measured on random base64 strings, the checks let through all but about 3% at 24 characters,
 * 1% at 32, 0.3% at 40 and 0.1% or less from 48 on (most of the misses at 24 have no digit at all).
 */
final class RandomTokens {

    /** Shorter runs do not carry enough characters to tell random from chosen. */
    static final int MIN_LENGTH = 24;

    /**
     * Hashes in lock files, Stripe's publishable test keys (meant to ship in web pages) and Stripe's object
     * ids (customers, invoices, payments: they appear in every support thread and log, and grant nothing).
     */
    private static final String[] PUBLIC_PREFIXES = {"sha1-", "sha256-", "sha384-", "sha512-", "md5-", "pk_test_",
        "cus_", "in_", "ii_", "il_", "pi_", "pm_", "ch_", "re_", "sub_", "si_", "price_", "prod_", "evt_", "acct_",
        "txn_", "po_", "seti_", "src_", "card_", "cs_test_", "cs_live_", "py_", "tr_", "ba_", "cn_", "dp_", "du_"};
    private static final String[] SSH_PUBLIC_KEY_PREFIXES = {"AAAAB3NzaC1", "AAAAC3NzaC1", "AAAAE2VjZHNh"};

    /**
     * opencode's ids (session, message, part, ...): a prefix, 12 hex digits of time and 14 random letters and digits
     * (ses_ddb1ec209ffefrbs4a6qW2m6RM). They name sessions in its hook events, logs and capture sources and grant
     * nothing; the other agents name theirs by UUID. Only this exact shape is left: another run behind these prefixes
     * is judged as any run.
     */
    private static final Pattern OPENCODE_ID = Pattern.compile(
            "(?:ses|msg|prt|per|que|job|evt|pty|tool|wrk)_[0-9a-f]{12}[0-9A-Za-z]{14}");

    private RandomTokens() {
    }

    static boolean looksRandom(CharSequence run) {
        String token = stripPadding(run.toString());
        if (token.length() < MIN_LENGTH || isHex(token) || startsWithAny(token, PUBLIC_PREFIXES)
                || startsWithAny(token, SSH_PUBLIC_KEY_PREFIXES) || OPENCODE_ID.matcher(token).matches()) {
            return false;
        }
        int upper = 0;
        int lower = 0;
        int digits = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                upper++;
            } else if (c >= 'a' && c <= 'z') {
                lower++;
            } else if (c >= '0' && c <= '9') {
                digits++;
            }
        }
        if ((upper == 0) != (lower == 0) && digits > 0) {
            return oneCaseKey(token, upper + lower + digits);
        }
        if (upper == 0 || lower == 0 || digits == 0 || wordy(token) || camelCase(token)) {
            return false;
        }
        return entropy(token) >= threshold(token.length());
    }

    /** One-case prefixes of content ids that are no secret: IPFS CIDs (bafy..., bafk...). */
    private static final String[] ONE_CASE_IDS = {"bafy", "bafk", "bafz"};

    /**
     * Keys of one case ({@code i9vjd87kpxe6j8v98lrur9w7vtui4zpa}), letters and digits only, 32 characters or
     * more: shorter ones (cuids, build and container ids) are ids as often as keys. Nix store hashes (32
     * characters of a base32 that leaves out e, o, t and u) and IPFS ids are addresses; the rest must not be
     * made of words and must spread over many characters.
     */
    private static boolean oneCaseKey(String token, int alnum) {
        if (alnum != token.length() || token.length() < 32 || startsWithAny(token, ONE_CASE_IDS)) {
            return false;
        }
        String lower = token.toLowerCase(java.util.Locale.ROOT);
        if (lower.indexOf('e') < 0 && lower.indexOf('o') < 0 && lower.indexOf('t') < 0 && lower.indexOf('u') < 0) {
            return false;
        }
        return !WordPieces.madeOfWords(token) && entropy(token) >= threshold(token.length());
    }

    /**
     * Whether a value given to a name that only says "key" ({@code stripe_key: ...}, {@code Key=...}) or
     * found after a secret noun in a sentence is key material: 16 or more characters of a token alphabet,
     * letters and digits mixed, not a UUID (those name records), not made of words ({@link WordPieces}:
     * {@code feature-flag-2024-rollout}, {@code reports/2024/q3/summary}) and spread over many characters.
     * Shorter than {@link #looksRandom} asks, because the name already says key.
     *
     * <p>Measured on random keys of letters and digits (mixed case, one case, hex), all but about 1.5% pass
     * at 16 characters and 0.4% at 24; random keys of 16 hex characters reach only 2.5 bits per character,
     * so hex needs less spread than the other alphabets.
     */
    static boolean isKeyMaterial(String value) {
        String token = stripPadding(value);
        if (token.length() < 16 || token.length() > 512) {
            return false;
        }
        int letters = 0;
        int digits = 0;
        boolean hex = true;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                letters++;
                hex &= (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            } else if (c == '+' || c == '/' || c == '_' || c == '-') {
                hex = false;
            } else {
                return false;
            }
        }
        if (letters == 0 || digits == 0 || isUuid(token) || WordPieces.madeOfWords(token)) {
            return false;
        }
        return entropy(token) >= (hex ? 2.4 : 2.9);
    }

    static boolean isUuid(String s) {
        if (s.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (dash != (c == '-') || (!dash && !hex)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Bits per character a random base64 string of this length reaches with high probability; camel-case
     * identifiers and paths stay well below it because they repeat a few lower-case letters.
     */
    static double threshold(int length) {
        if (length < 32) {
            return 3.7;
        }
        if (length < 48) {
            return 4.0;
        }
        return 4.2;
    }

    /**
     * Half or more of the characters sit in runs of three or more lower-case letters: words. In random
     * base64 that share stays under a half in 99% of 24-character strings and more often the longer they are.
     */
    static boolean wordy(String s) {
        int inWords = 0;
        int run = 0;
        for (int i = 0; i <= s.length(); i++) {
            char c = i < s.length() ? s.charAt(i) : ' ';
            if (c >= 'a' && c <= 'z') {
                run++;
            } else {
                inWords += run >= 3 ? run : 0;
                run = 0;
            }
        }
        return inWords * 2 >= s.length();
    }

    /**
     * Split into camel-case words and digit runs ({@code batchOn20250326IsAnswered} -> batch, On, 20250326,
     * Is, Answered), the words average 3.2 characters or more: an identifier. Random base64 splits into
     * one- and two-character pieces; fewer than 0.5% of 24-character strings and 0.1% of 32-character
     * strings average that much.
     */
    static boolean camelCase(String s) {
        int words = 0;
        int inWords = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int end = i + 1;
            if (isDigit(c)) {
                while (end < s.length() && isDigit(s.charAt(end))) {
                    end++;
                }
            } else if (isLower(c)) {
                while (end < s.length() && isLower(s.charAt(end))) {
                    end++;
                }
            } else if (isUpper(c)) {
                while (end < s.length() && isUpper(s.charAt(end))) {
                    end++;
                }
                if (end < s.length() && isLower(s.charAt(end))) {
                    if (end - 1 > i) { // an acronym before a capitalized word: HMACSha -> HMAC, Sha
                        words++;
                        inWords += end - 1 - i;
                    }
                    i = end - 1;
                    end = i + 1;
                    while (end < s.length() && isLower(s.charAt(end))) {
                        end++;
                    }
                }
            } else {
                i++;
                continue;
            }
            words++;
            inWords += end - i;
            i = end;
        }
        return words > 0 && inWords >= 3.2 * words;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    /** Shannon entropy in bits per character. */
    static double entropy(String s) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double bits = 0;
        double n = s.length();
        for (int count : counts) {
            bits += term(count, n);
        }
        return bits + term(other, n);
    }

    private static double term(int count, double n) {
        if (count == 0) {
            return 0;
        }
        double p = count / n;
        return -p * (Math.log(p) / Math.log(2));
    }

    private static String stripPadding(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '=') {
            end--;
        }
        return s.substring(0, end);
    }

    /** Hex, allowing two other characters for prefixes such as Gerrit's {@code Change-Id: I<40 hex>}. */
    private static boolean isHex(String s) {
        int other = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '-';
            if (!hex && ++other > 2) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWithAny(String s, String[] prefixes) {
        for (String prefix : prefixes) {
            if (s.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return true;
            }
        }
        return false;
    }
}
