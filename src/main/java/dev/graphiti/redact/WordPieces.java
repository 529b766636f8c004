package dev.graphiti.redact;

/**
 * Whether a token is made of English words: {@code feature-flag-2024-rollout}, {@code reports/2024/q3/summary}
 * and {@code Base64UrlSafeEncoderTest2} are names, {@code 3mp2z113gj7p31mm} and {@code Xk9fQ2mZ8rT4wL1p} are not.
 *
 * <p>A token splits into pieces at camel-case humps and at everything that is not a letter ({@code HTTPServer2}
 * -> HTTP, Server). A piece of three letters or more is a word when it has a vowel and nearly all its letter
 * pairs are common in English: at most one in four may be rare. The common pairs are the 250 most frequent
 * in the words of this project's documentation and sources (98% of all pairs there); a random pair of
 * letters is one of them 37% of the time, so random letter runs seldom pass. A token is made of words when
 * half its characters or more sit in word pieces and one of them has four letters or more: random keys
 * often hold a syllable of three ({@code pup3cad8...}), names seldom consist of nothing else.
 */
final class WordPieces {

    private static final String COMMON_PAIRS =
            "ab ac ad af ag ai ak al am an ap ar as at au av ax ay ba be bj bl bo bu by ca ce ch ci ck cl co "
            + "cp cr ct cu da dd de dg di do ds du dy ea ec ed ee ef eg el em en eo ep eq er es et ev ew ex ey "
            + "fa fe fi fl fo fr ft fu ga ge gh gi gr gs gt gu ha he hi ho hr ht ia ic id ie if ig il im in io "
            + "ip ir is it iv iz ja je js ka ke ki kn ks la ld le li ll lo ls lt lu ly ma mb mc me mi mm mo mp "
            + "ms na nc nd ne nf ng ni nk nl nn no np ns nt nu nv oa ob oc od og oi oj ok ol om on oo op or os "
            + "ot ou ov ow pa pe ph pi pl po pp pr pt pu ql qu ra rc rd re rg ri rk rm rn ro rr rs rt ru rv ry "
            + "sa sc se sh si sk so sp sq ss st su sw sy ta tc td te th ti tl to tp tr ts tt tu ty ub ud ue ui "
            + "ul um un up ur us ut va ve vi vo wa we wh wi wo wr ws xc xe xi xt yp ys yt ze";
    private static final boolean[] COMMON = new boolean[26 * 26];

    static {
        for (String pair : COMMON_PAIRS.split(" ")) {
            COMMON[(pair.charAt(0) - 'a') * 26 + pair.charAt(1) - 'a'] = true;
        }
    }

    private WordPieces() {
    }

    static boolean madeOfWords(String token) {
        int inWords = 0;
        boolean longWord = false;
        int i = 0;
        int n = token.length();
        while (i < n) {
            char c = token.charAt(i);
            if (!isLetter(c)) {
                i++;
                continue;
            }
            int start = i;
            int end;
            if (isUpper(c)) {
                end = i + 1;
                while (end < n && isUpper(token.charAt(end))) {
                    end++;
                }
                if (end < n && isLower(token.charAt(end))) {
                    if (end - 1 > start) { // an acronym before a capitalized word: HTTPServer -> HTTP, Server
                        end--;
                    } else {
                        while (end < n && isLower(token.charAt(end))) {
                            end++;
                        }
                    }
                }
            } else {
                end = i + 1;
                while (end < n && isLower(token.charAt(end))) {
                    end++;
                }
            }
            if (isWord(token, start, end)) {
                inWords += end - start;
                longWord |= end - start >= 4;
            }
            i = end;
        }
        return longWord && inWords * 2 >= token.length();
    }

    private static boolean isWord(String token, int start, int end) {
        if (end - start < 3) {
            return false;
        }
        boolean vowel = false;
        int rare = 0;
        for (int i = start; i < end; i++) {
            char c = lower(token.charAt(i));
            vowel |= c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
            if (i > start && !COMMON[(lower(token.charAt(i - 1)) - 'a') * 26 + c - 'a']) {
                rare++;
            }
        }
        return vowel && rare <= (end - start - 1) / 4;
    }

    private static char lower(char c) {
        return isUpper(c) ? (char) (c + ('a' - 'A')) : c;
    }

    private static boolean isLetter(char c) {
        return isLower(c) || isUpper(c);
    }

    private static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }
}
