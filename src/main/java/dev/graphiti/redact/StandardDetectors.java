package dev.graphiti.redact;

import static dev.graphiti.redact.PatternDetector.of;

import java.util.List;
import java.util.regex.Matcher;

/**
 * The detectors the {@link Redactor} runs, most specific first: where two findings overlap, the one
 * listed earlier wins, so a GitHub token assigned to {@code GITHUB_TOKEN=} is reported as a GitHub token
 * and the generic checks (key names, entropy) only see what no provider format claimed.
 */
final class StandardDetectors {

    /** Nothing of a token's alphabet before it: the token starts here and is not the tail of a word. */
    private static final String START = "(?<![A-Za-z0-9_\\-])";
    /** Nothing of a token's alphabet after it. */
    private static final String STOP = "(?![A-Za-z0-9_\\-])";

    private StandardDetectors() {
    }

    static List<Detector> inPriorityOrder() {
        return List.of(
                new PrivateKeyBlockDetector(),
                of(SecretKind.ANTHROPIC_KEY, List.of("sk-ant-"), START + "sk-ant-[A-Za-z0-9_\\-]{20,400}+" + STOP),
                of(SecretKind.OPENAI_KEY, List.of("sk-"), 0, START + "sk-(?!ant-)[A-Za-z0-9_\\-]{20,400}+" + STOP, 0,
                        m -> hasDigit(m.group()) && m.group().chars().anyMatch(Character::isUpperCase)),
                of(SecretKind.GITHUB_TOKEN, List.of("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
                        START + "(?:gh[pousr]_[A-Za-z0-9]{36,251}+|github_pat_[A-Za-z0-9_]{22,244}+)" + STOP),
                of(SecretKind.GITLAB_TOKEN, List.of("glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glcbt-", "glsoat-",
                        "gloas-", "glimt-", "glagent-", "glwt-", "glffct-", "gltst-"), START
                        + "gl(?:pat|dt|rt|ptt|ft|cbt|soat|oas|imt|agent|wt|ffct|tst)-[A-Za-z0-9_\\-]{20,255}+" + STOP),
                // Keep https://hooks.slack.com/services/ so the text still says a webhook was there.
                of(SecretKind.SLACK_WEBHOOK, List.of("hooks.slack.com/"), "https://".length(),
                        "https://hooks\\.slack\\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/\\-]{8,255}+)", 1,
                        m -> true),
                // Discord and Microsoft Teams incoming webhooks: the URL is the credential.
                of(SecretKind.WEBHOOK_URL, List.of("/api/webhooks/"), "https://discordapp.com".length(),
                        "https://(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/([0-9]{5,30}+/[A-Za-z0-9_\\-]{20,255}+)",
                        1, m -> true),
                of(SecretKind.WEBHOOK_URL, List.of("webhook.office.com/"), 64,
                        "https://[A-Za-z0-9\\-]{1,63}+\\.webhook\\.office\\.com/(webhookb?2?/[A-Za-z0-9@/\\-]{20,400}+)", 1,
                        m -> true),
                // Every xox?- kind (bot, user, app, refresh xoxe-, config xoxe.xoxp-, client xoxc-, cookie xoxd-
                // with its %-escapes); a digit required, so words such as "xoxo-style" stay.
                of(SecretKind.SLACK_TOKEN, List.of("xox", "xapp-"), 0,
                        START + "(?:xoxe\\.)?+(?:xox[a-z]|xapp)-[A-Za-z0-9%\\-]{10,255}+" + STOP, 0,
                        m -> hasDigit(m.group())),
                // Publishable test keys (pk_test_) are meant to ship in web pages; every other Stripe key is a secret.
                of(SecretKind.STRIPE_KEY, List.of("_live_", "_test_", "whsec_"), "sk".length(), START
                        + "(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,247}+|pk_live_[A-Za-z0-9]{10,247}+"
                        + "|whsec_[A-Za-z0-9]{20,250}+)" + STOP, 0, m -> true),
                of(SecretKind.GOOGLE_API_KEY, List.of("aiza"), START + "AIza[0-9A-Za-z_\\-]{35}+" + STOP),
                of(SecretKind.NPM_TOKEN, List.of("npm_"), START + "npm_[A-Za-z0-9]{36}+" + STOP),
                // .npmrc: //registry.npmjs.org/:_authToken=...
                of(SecretKind.NPM_TOKEN, List.of(":_"), 0,
                        ":_(?:authToken|auth|password)[ \\t]{0,4}+=[ \\t]{0,4}+([^\\s'\"]{1,512}+)", 1,
                        m -> !StandIns.isStandIn(m.group(1))),
                // Other providers whose tokens carry a fixed prefix (shapes from gitleaks' rules): Shopify,
                // DigitalOcean, PyPI, Hugging Face, Linear, Brevo, Grafana, Doppler, PlanetScale, Atlassian, SendGrid.
                of(SecretKind.VENDOR_TOKEN, List.of("shp", "dop_v1_", "doo_v1_", "dor_v1_", "pypi-", "hf_", "lin_api_",
                        "xkeysib-", "glsa_", "glc_", "dp.pt.", "dp.st.", "pscale_", "atatt3", "sg."), START
                        + "(?:shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}+|do[opr]_v1_[a-f0-9]{64}+|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\\-]{50,1000}+"
                        + "|hf_[A-Za-z0-9]{34,40}+|lin_api_[A-Za-z0-9]{40}+|xkeysib-[a-f0-9]{64}+-[A-Za-z0-9]{16}+"
                        + "|glsa_[A-Za-z0-9]{32}+_[A-Fa-f0-9]{8}+|glc_[A-Za-z0-9+/]{32,400}+={0,2}+"
                        + "|dp\\.(?:pt|st|sa|ct)\\.[A-Za-z0-9]{40,44}+|pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.\\-]{32,64}+"
                        + "|ATATT3[A-Za-z0-9_\\-=]{186}+|SG\\.[A-Za-z0-9_\\-]{22}+\\.[A-Za-z0-9_\\-]{43}+)" + STOP),
                VendorPrefixes.detector(),
                of(SecretKind.AWS_ACCESS_KEY, List.of("akia", "asia", "abia", "acca", "a3t"),
                        "(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}+(?![A-Za-z0-9])"),
                of(SecretKind.AWS_SECRET_KEY, List.of("secret"), "aws_".length(),
                        "(?i)(?<![A-Za-z0-9])(?:aws[_\\-.]?)?secret[_\\-.]?(?:access[_\\-.]?)?key[\"']?+[ \\t]{0,4}+"
                        + "(?::=|=>|=|:)[ \\t]{0,4}+[\"']?+([A-Za-z0-9/+]{40}+)(?![A-Za-z0-9/+=])", 1, m -> true),
                of(SecretKind.JWT, List.of("eyj"),
                        START + "eyJ[A-Za-z0-9_\\-]{4,}+\\.eyJ[A-Za-z0-9_\\-]{4,}+\\.[A-Za-z0-9_\\-]*+"),
                of(SecretKind.AUTHORIZATION_HEADER, List.of("authorization"), "proxy-".length(),
                        "(?i)" + START + "(?:proxy-)?authorization[\"']?+[ \\t]{0,4}+[:=][ \\t]{0,4}+[\"']?+"
                        + "(?:(?:bearer|basic|token|digest|negotiate|ntlm|apikey|bot)[ \\t]{1,4}+)?"
                        + "([A-Za-z0-9._~+/\\-]{8,4096}+=*+)", 1, StandardDetectors::credentialLooksReal),
                of(SecretKind.AUTHORIZATION_HEADER, List.of("bearer"), 0,
                        START + "[Bb]earer[ \\t]{1,4}+([A-Za-z0-9._~+/\\-]{16,4096}+=*+)", 1,
                        m -> hasDigit(m.group(1)) && !StandIns.isStandIn(m.group(1))),
                // scheme://user:password@host -> only the password goes; user and host say where it was used.
                // People paste passwords unencoded, so '#' and '?' count as part of it.
                of(SecretKind.URL_PASSWORD, List.of("://"), 32,
                        "(?<![A-Za-z0-9+.\\-])[A-Za-z][A-Za-z0-9+.\\-]{0,31}+://"
                        + "[^\\s:/?#@'\"<>\\[\\]]{0,256}+:([^\\s/'\"<>]{1,256})@", 1,
                        m -> !StandIns.isReference(m.group(1))),
                // ?key=..., &access_token=..., #access_token=..., &sig=...: a query parameter named for a secret.
                of(SecretKind.URL_PARAMETER, List.of("?", "&", "#"), 0,
                        "[?&#]([A-Za-z][A-Za-z0-9_.\\-]{0,63}+)=([^\\s&#'\"<>`\\\\)]{6,1024}+)", 2,
                        m -> isSecretParameter(m.group(1)) && secretParameterValue(m.group(2))),
                // mysql -u root -pPASSWORD (the password glued to -p)
                of(SecretKind.SECRET_ASSIGNMENT, List.of("mysql", "mariadb"), 0,
                        "(?<![A-Za-z0-9_\\-])(?:mysql|mysqldump|mysqladmin|mariadb)(?:[ \\t]{1,4}+[^\\s]{1,64}+){0,6}?"
                        + "[ \\t]{1,4}+-p([^\\s'\"]{1,128}+)", 1, m -> !StandIns.isStandIn(m.group(1))),
                // curl -u user:password, --user=user:password (not uid:gid pairs such as docker's -u 1000:1000).
                of(SecretKind.SECRET_ASSIGNMENT, List.of("-u", "--user"), 0,
                        "(?<![A-Za-z0-9_\\-])(?:-u|--user)(?:[ \\t]{1,4}+|=)[\"']?+"
                        + "([^\\s:'\"]{1,128}+):([^\\s'\"]{1,256}+)", 2,
                        m -> !StandIns.isStandIn(m.group(2)) && !m.group(2).equals(m.group(1))
                                && !m.group(2).chars().allMatch(Character::isDigit)),
                // ~/.netrc (curl, git, ftp): machine HOST [port N] login USER [account A] password SECRET
                of(SecretKind.SECRET_ASSIGNMENT, List.of("machine"), 0,
                        "(?<![A-Za-z0-9_\\-])machine[ \\t]{1,8}+[^\\s]{1,253}+(?:\\s{1,16}+port\\s{1,16}+[0-9]{1,5}+)?"
                        + "\\s{1,16}+login\\s{1,16}+[^\\s]{1,256}+(?:\\s{1,16}+account\\s{1,16}+[^\\s]{1,256}+)?"
                        + "\\s{1,16}+password\\s{1,16}+([^\\s]{1,256}+)", 1, m -> !StandIns.isStandIn(m.group(1))
                                && (m.group().indexOf('\n') >= 0 || ProseSecretDetector.isPassword(m.group(1), false))),
                new PgpassDetector(),
                new KeyValueDetector(),
                new TableDetector(),
                of(SecretKind.SECRET_ASSIGNMENT, List.of("<"), 0,
                        "<([A-Za-z_][A-Za-z0-9_.\\-:]{0,63}+)(?:\\s[^<>]{0,256}+)?>([^<\\r\\n]{1,512}+)</\\1>", 2,
                        m -> SecretNames.isSecretName(m.group(1)) && !StandIns.isStandIn(m.group(2))),
                of(SecretKind.SECRET_ASSIGNMENT, List.of("password", "identified"), 0,
                        "(?i)(?<![A-Za-z0-9_])(?:password|identified[ \\t]{1,4}+by)[ \\t]{1,4}+"
                        + "'([^'\\r\\n]{1,256}+)'", 1, m -> !StandIns.isStandIn(m.group(1))),
                new ProseSecretDetector(),
                new LoginPairDetector(),
                new HighEntropyDetector());
    }

    /** Query parameter names that carry credentials by convention, beyond the names that say secret. */
    private static final java.util.Set<String> SECRET_PARAMETERS = java.util.Set.of("key", "sig", "signature",
            "x-amz-signature", "x-amz-security-token", "x-goog-signature", "apikey", "api-key", "code_verifier", "jwt");

    private static boolean isSecretParameter(String name) {
        return SECRET_PARAMETERS.contains(name.toLowerCase(java.util.Locale.ROOT)) || SecretNames.isSecretName(name);
    }

    /** Not a reference or an example; a digit, or long enough that it is no word. */
    private static boolean secretParameterValue(String value) {
        return !StandIns.isStandIn(value) && (hasDigit(value) || value.length() >= 16);
    }

    private static boolean hasDigit(String s) {
        return s.chars().anyMatch(Character::isDigit);
    }

    /** A header credential, not prose about headers: something beyond lower-case letters, and no reference. */
    private static boolean credentialLooksReal(Matcher m) {
        String credential = m.group(1);
        return !StandIns.isStandIn(credential) && !credential.chars().allMatch(Character::isLowerCase);
    }
}
