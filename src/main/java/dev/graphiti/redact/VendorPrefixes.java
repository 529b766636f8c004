package dev.graphiti.redact;

import static dev.graphiti.redact.PatternDetector.of;

import java.util.List;
import java.util.function.Consumer;

/**
 * Tokens whose format a vendor documents (a fixed prefix or infix, an alphabet, a length), beyond the
 * older providers {@link StandardDetectors} lists one by one: Google OAuth client secrets and access
 * tokens, Azure AD client secrets, Twilio, Mailgun, Mailchimp, Docker Hub, Hugging Face organisations,
 * Databricks, New Relic, HashiCorp Vault and Terraform Cloud, Postman, Sentry, age, Telegram bots, Square,
 * Figma, Supabase, Pulumi, Groq, Replicate, xAI, Perplexity, Tailscale, Notion, Airtable, Buildkite,
 * CircleCI, Contentful, Dynatrace, Render, Mapbox secret tokens and Firebase Cloud Messaging server keys.
 *
 * <p>The prefixed ones share one pattern tried only where a prefix occurs; the few known by what sits in
 * their middle ({@code 8Q~}, {@code -us12}, {@code :AA}, {@code .atlasv1.}, {@code :APA91b}) look back from it.
 */
record VendorPrefixes(List<PatternDetector> parts) implements Detector {

    private static final String START = "(?<![A-Za-z0-9_\\-])";
    private static final String STOP = "(?![A-Za-z0-9_\\-])";

    static VendorPrefixes detector() {
        return new VendorPrefixes(List.of(
                of(SecretKind.VENDOR_TOKEN, List.of("gocspx-", "ya29.", "sk", "key-", "dckr_", "api_org_", "dapi",
                        "nrak-", "nrii-", "nrra-", "nriq-", "nrjs-", "hvs.", "hvb.", "hvr.", "pmak-", "sntry",
                        "age-secret-key-1", "sq0", "eaaa", "figd_", "sbp_", "pul-", "gsk_", "r8_", "xai-", "pplx-",
                        "tskey-", "secret_", "ntn_", "pat", "bkua_", "ccipat_", "cfpat-", "dt0c01.", "rnd_"), 0, START
                        + "(?:GOCSPX-[A-Za-z0-9_\\-]{28}+|ya29\\.[A-Za-z0-9_\\-]{30,2048}+|SK[0-9a-fA-F]{32}+"
                        + "|key-[0-9a-f]{32}+|dckr_(?:pat|oat)_[A-Za-z0-9_\\-]{20,64}+|api_org_[A-Za-z0-9]{34}+"
                        + "|dapi[0-9a-f]{32}+(?:-[0-9]{1,2}+)?+|NR(?:AK|II|RA|IQ|JS)-[A-Z0-9]{27}+"
                        + "|hv[sbr]\\.[A-Za-z0-9_\\-]{24,1024}+|PMAK-[0-9a-f]{24}+-[0-9a-f]{34}+"
                        + "|sntry[us]_[A-Za-z0-9_+/=\\-]{30,1024}+|AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}+"
                        + "|sq0(?:atp|csp)-[A-Za-z0-9_\\-]{22,43}+|EAAA[A-Za-z0-9_\\-+]{40,400}+"
                        + "|figd_[A-Za-z0-9_\\-]{40,64}+|sbp_[a-f0-9]{40}+|pul-[a-f0-9]{40}+|gsk_[A-Za-z0-9]{52}+"
                        + "|r8_[A-Za-z0-9]{37}+|xai-[A-Za-z0-9]{80}+|pplx-[A-Za-z0-9]{48}+"
                        + "|tskey-[a-z]{1,16}+-[A-Za-z0-9]{6,32}+-[A-Za-z0-9]{20,64}+|secret_[A-Za-z0-9]{43}+"
                        + "|ntn_[0-9]{11}+[A-Za-z0-9]{35}+|pat[A-Za-z0-9]{14}+\\.[a-f0-9]{64}+|bkua_[a-f0-9]{40}+"
                        + "|CCIPAT_[A-Za-z0-9]{22}+_[a-f0-9]{40}+|CFPAT-[A-Za-z0-9_\\-]{43}+"
                        + "|dt0c01\\.[A-Z0-9]{24}+\\.[A-Z0-9]{64}+|rnd_[A-Za-z0-9]{32}+"
                        + "|sk\\.eyJ[A-Za-z0-9_\\-]{20,400}+\\.[A-Za-z0-9_\\-]{20,100}+)" + STOP, 0,
                        m -> hasDigit(m.group())),
                // Azure AD (Entra) client secrets: three characters, a digit, Q~, then 31-34 more.
                of(SecretKind.VENDOR_TOKEN, List.of("q~"), 4,
                        START + "[A-Za-z0-9_~.\\-]{3}+[0-9]Q~[A-Za-z0-9_~.\\-]{31,34}+(?![A-Za-z0-9_~.\\-])", 0, m -> true),
                // Mailchimp: 32 hex, then the datacenter (-us12).
                of(SecretKind.VENDOR_TOKEN, List.of("-us"), 32, START + "[0-9a-f]{32}+-us[0-9]{1,2}+" + STOP, 0,
                        m -> true),
                // Telegram bots: the bot's id, a colon, then AA and 33 more.
                of(SecretKind.VENDOR_TOKEN, List.of(":aa"), 10, "(?<![0-9])[0-9]{8,10}+:AA[A-Za-z0-9_\\-]{33}+" + STOP,
                        0, m -> true),
                of(SecretKind.VENDOR_TOKEN, List.of(".atlasv1."), 14,
                        START + "[A-Za-z0-9]{14}+\\.atlasv1\\.[A-Za-z0-9_\\-=]{60,120}+" + STOP, 0, m -> true),
                of(SecretKind.VENDOR_TOKEN, List.of(":apa91b"), 11,
                        START + "AAAA[A-Za-z0-9_\\-]{7}+:APA91b[A-Za-z0-9_\\-]{100,200}+" + STOP, 0, m -> true)));
    }

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        for (PatternDetector part : parts) {
            part.find(text, lowerCase, findings);
        }
    }

    private static boolean hasDigit(String s) {
        return s.chars().anyMatch(Character::isDigit);
    }
}
