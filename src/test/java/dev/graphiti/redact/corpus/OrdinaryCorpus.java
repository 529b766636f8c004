package dev.graphiti.redact.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Ordinary project text that holds no secret but looks random in places: prose with links to document
 * hosts and code hosts, commit ids, UUIDs, data URIs, lock-file hashes, versions, file paths, public
 * certificates and code that names secrets without holding one. Redacting any of it is a false positive.
 * Like {@link SecretCorpus}, the last quarter of each class's templates is held out.
 */
public final class OrdinaryCorpus {

    public record Text(int id, String kind, boolean heldOut, String text, String source) {
    }

    private record Kind(String name, int count, List<Function<Shapes, String>> templates) {
    }

    private OrdinaryCorpus() {
    }

    public static List<Text> all() {
        Shapes s = new Shapes(11235813L);
        List<Text> out = new ArrayList<>();
        for (Kind kind : kinds()) {
            int held = Math.max(1, kind.templates().size() / 4);
            for (int i = 0; i < kind.count(); i++) {
                int t = i % kind.templates().size();
                out.add(new Text(out.size(), kind.name(), t >= kind.templates().size() - held,
                        kind.templates().get(t).apply(s), "ordinary_texts"));
            }
        }
        return List.copyOf(out);
    }

    private static String docsId(Shapes s) {
        return "1" + s.base64url(43);
    }

    private static String slug(Shapes s) {
        return s.pick(List.of("Design", "Runbook", "Q3", "Onboarding", "Incident", "Retro")) + "-"
                + s.pick(List.of("Notes", "Plan", "Review", "Checklist", "Postmortem")) + "-";
    }

    private static List<Kind> kinds() {
        return List.of(
                new Kind("prose_with_urls", 160, List.of(
                        s -> "The design doc is at https://docs.google.com/document/d/" + docsId(s) + "/edit?usp=sharing, comments welcome.",
                        s -> "Numbers are in https://docs.google.com/spreadsheets/d/" + docsId(s) + "/edit#gid=" + s.digits(9) + " (tab Q3).",
                        s -> "See the Notion page https://www.notion.so/acme/" + slug(s) + s.hex(32) + " for the plan.",
                        s -> "Notion: https://www.notion.so/" + s.hex(32) + "?v=" + s.hex(32) + "&p=" + s.hex(32) + "&pm=s",
                        s -> "Runbook: https://acme.atlassian.net/wiki/spaces/OPS/pages/" + s.digits(10) + "/Deploy+Runbook before you deploy.",
                        s -> "Fixed in https://github.com/acme/app/commit/" + s.hex(40) + " and backported.",
                        s -> "The parser lives at https://github.com/acme/app/blob/" + s.hex(40) + "/src/main/java/dev/acme/Parser.java#L" + s.digits(3) + ".",
                        s -> "Compare https://github.com/acme/app/compare/" + s.hex(12) + "..." + s.hex(12) + " to see what changed.",
                        s -> "Artifacts are in s3://acme-build-artifacts/" + s.hex(40) + "/app-" + s.digits(3) + ".tar.gz as usual.",
                        s -> "Slides: https://drive.google.com/file/d/" + docsId(s) + "/view?usp=drive_link for the review.",
                        s -> "Mockups are in https://www.figma.com/file/" + s.alnum(22) + "/Checkout-Redesign?node-id=" + s.digits(3) + "-" + s.digits(4) + " now.",
                        s -> "The dashboard https://grafana.acme.io/d/" + s.alnum(9) + "/api-latency?orgId=1&from=now-6h shows the spike.",
                        s -> "Sentry issue https://acme.sentry.io/issues/" + s.digits(10) + "/?project=" + s.digits(7) + "&query=is%3Aunresolved has the trace.",
                        s -> "Recording: https://www.youtube.com/watch?v=" + s.base64url(11) + "&t=" + s.digits(3) + "s from the demo day.",
                        s -> "Logs from the run are in gs://acme-ci-logs/" + s.uuid() + "/" + s.alnum(24) + "/build.log if you need them.",
                        s -> "PR https://gitlab.com/acme/app/-/merge_requests/" + s.digits(4) + "/diffs?commit_id=" + s.hex(40) + " has the fix.",
                        s -> "Images are served from https://cdn.acme.io/assets/" + s.alnum(32) + "/hero@2x.png after the migration.",
                        s -> "Jira ACME-" + s.digits(4) + " links to https://acme.atlassian.net/browse/ACME-" + s.digits(4) + "?focusedCommentId=" + s.digits(6) + ".",
                        s -> "Azure DevOps build https://dev.azure.com/acme/app/_build/results?buildId=" + s.digits(6) + "&view=logs&j=" + s.uuid() + " failed on the linter.",
                        s -> "The archived thread https://acme.slack.com/archives/C" + s.upperAlnum(10) + "/p" + s.digits(16) + " explains the decision.")),
                new Kind("commit_shas", 120, List.of(
                        s -> "commit " + s.hex(40) + "\nAuthor: Ada <ada@acme.io>\n\n    Fix the cache key for carts",
                        s -> "Reverted " + s.hex(12) + " because it broke the nightly build.",
                        s -> "Cherry-picked " + s.hex(7) + " and " + s.hex(7) + " onto release/2.4.",
                        s -> "Change-Id: I" + s.hex(40) + "\nReviewed-on: https://gerrit.acme.io/c/app/+/" + s.digits(5),
                        s -> "This reverts commit " + s.hex(40) + ".",
                        s -> "git rebase --onto " + s.hex(40) + " " + s.hex(12) + " feature/cart",
                        s -> "Merge: " + s.hex(7) + " " + s.hex(7) + "\nMerge pull request #" + s.digits(4) + " from acme/feature-x",
                        s -> "(cherry picked from commit " + s.hex(40) + ")")),
                new Kind("uuids", 120, List.of(
                        s -> "Request " + s.uuid() + " timed out after 30 s on the gateway.",
                        s -> "{\"id\": \"" + s.uuid() + "\", \"tenant\": \"" + s.uuid() + "\", \"status\": \"active\"}",
                        s -> "UPDATE orders SET state = 'paid' WHERE id = '" + s.uuid() + "';",
                        s -> "trace_id=" + s.hex(32) + " span_id=" + s.hex(16) + " level=error msg=\"upstream reset\"",
                        s -> "The tenant " + s.uuid().toUpperCase() + " has the wrong plan.",
                        s -> "<ProjectGuid>{" + s.uuid().toUpperCase() + "}</ProjectGuid>",
                        s -> "Correlation-Id: " + s.uuid() + "\nX-Request-Id: " + s.hex(32),
                        s -> "subscription " + s.uuid() + " / resource group rg-app-prod / vault kv-" + s.lowerAlnum(6))),
                new Kind("data_uris", 100, List.of(
                        s -> "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA" + s.base64(180) + "=\" alt=\"logo\">",
                        s -> "background: url(data:image/svg+xml;base64,PHN2ZyB4bWxucz0i" + s.base64(120) + ");",
                        s -> "src: url(\"data:font/woff2;base64,d09GMgABAAAAA" + s.base64(240) + "\") format(\"woff2\");",
                        s -> "const icon = 'data:image/gif;base64,R0lGODlhAQABAIAAA" + s.base64(60) + "==';")),
                new Kind("lockfile_hashes", 120, List.of(
                        s -> "      \"integrity\": \"sha512-" + s.base64(86) + "==\",",
                        s -> "  resolved \"https://registry.yarnpkg.com/left-pad/-/left-pad-1.3.0.tgz#" + s.hex(40) + "\"\n  integrity sha1-" + s.base64(27) + "=",
                        s -> "github.com/acme/lib v1." + s.digits(1) + ".0 h1:" + s.base64(43) + "=",
                        s -> "checksum = \"" + s.hex(64) + "\"",
                        s -> "    --hash=sha256:" + s.hex(64) + " \\",
                        s -> "  resolution: {integrity: sha512-" + s.base64(86) + "==}",
                        s -> "\"sha256\": \"" + s.hex(64) + "\", \"url\": \"https://files.pythonhosted.org/packages/" + s.hex(2) + "/" + s.hex(2) + "/" + s.hex(60) + "/pkg-1.0.tar.gz\"",
                        s -> "nixpkgs.narHash = \"sha256-" + s.base64(43) + "=\";")),
                new Kind("versions_and_images", 100, List.of(
                        s -> "image: ghcr.io/acme/api@sha256:" + s.hex(64),
                        s -> "Bumped to 2." + s.digits(1) + ".0-rc." + s.digits(1) + "+build." + s.digits(5) + " (was 2.3.1-SNAPSHOT).",
                        s -> "<version>" + s.digits(1) + ".0.0-20251104.120341-" + s.digits(2) + "</version>",
                        s -> "go: downloading golang.org/x/sys v0.0.0-2025" + s.digits(10) + "-" + s.hex(12),
                        s -> "FROM eclipse-temurin:21.0.5_11-jre-jammy@sha256:" + s.hex(64),
                        s -> "pip install acme-sdk==3." + s.digits(1) + ".post" + s.digits(1) + " torch==2.5.1+cu121",
                        s -> "kernel 6.8.0-" + s.digits(2) + "-generic, node v22." + s.digits(2) + ".0, build " + s.alnum(8) + ".",
                        s -> "Using Gradle wrapper distributionSha256Sum=" + s.hex(64))),
                new Kind("file_paths", 120, List.of(
                        s -> "src/main/java/dev/acme/billing/internal/InvoiceReconciliationServiceImpl" + s.digits(2) + "Test.java",
                        s -> "dist/assets/index-" + s.base64url(8) + ".js and dist/assets/vendor-" + s.alnum(8) + ".css changed.",
                        s -> "/home/ada/.gradle/caches/modules-2/files-2.1/org.slf4j/slf4j-api/2.0.16/" + s.hex(40) + "/slf4j-api-2.0.16.jar",
                        s -> ".next/static/" + s.base64url(21) + "/_buildManifest.js",
                        s -> "/var/lib/docker/overlay2/" + s.hex(64) + "/merged/etc/nginx/nginx.conf",
                        s -> "~/.m2/repository/com/fasterxml/jackson/core/jackson-databind/2.18.1/jackson-databind-2.18.1.jar",
                        s -> "node_modules/.pnpm/@babel+core@7.26.0_" + s.hex(20) + "/node_modules/@babel/core/lib/index.js",
                        s -> "C:\\Users\\ada\\AppData\\Local\\Temp\\" + s.uuid() + "\\build\\output.log",
                        s -> "/tmp/pytest-of-ada/pytest-" + s.digits(3) + "/test_upload0/" + s.lowerAlnum(12) + ".json",
                        s -> "~/.cache/bazel/_bazel_ada/" + s.hex(32) + "/execroot/__main__/bazel-out/k8-fastbuild/bin/app")),
                new Kind("code_naming_secrets", 160, List.of(
                        s -> "String password = request.getParameter(\"password\");",
                        s -> "this.apiKey = Objects.requireNonNull(apiKey, \"apiKey\");",
                        s -> "primary_key: id\nsort_key: created_at_" + s.digits(2),
                        s -> "- key: app.kubernetes.io/name\n  operator: In\n  values: [api]",
                        s -> "cache_key = f\"user:{user_id}:cart:" + s.digits(3) + "\"",
                        s -> "token_count = len(tokens)  # " + s.digits(3) + " max",
                        s -> "const { data: session } = await auth.getSession({ token: req.cookies.session });",
                        s -> "password: ${DB_PASSWORD}\nusername: ${DB_USER}",
                        s -> "if (keyCode === 13) { submit(); } // key " + s.digits(2),
                        s -> "private static final String TOKEN_HEADER = \"X-Auth-Token\";",
                        s -> "secretName: app-tls-" + s.digits(2) + "\nkeyRef: tls.key",
                        s -> "export GITHUB_TOKEN=$(gh auth token)",
                        s -> "api_key = os.environ[\"ACME_API_KEY\"]",
                        s -> "@Value(\"${stripe.secret-key}\") String stripeSecretKey;",
                        s -> "passwordEncoder.matches(rawPassword, user.getPasswordHash())",
                        s -> "AWS_SECRET_ACCESS_KEY: {{ secrets.AWS_SECRET_ACCESS_KEY }}")),
                new Kind("public_certificates_and_keys", 100, List.of(
                        s -> s.pem("CERTIFICATE", "\n", 10),
                        s -> s.pem("PUBLIC KEY", "\n", 4),
                        s -> "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + s.base64(43) + " ada@laptop",
                        s -> "-----BEGIN PGP SIGNATURE-----\n\n" + s.base64(64) + "\n" + s.base64(64) + "\n=" + s.alnum(4) + "\n-----END PGP SIGNATURE-----")),
                new Kind("prose_about_secrets", 160, List.of(
                        s -> "The password is stored as a bcrypt hash with cost " + s.digits(2) + ".",
                        s -> "The token is valid for " + s.digits(2) + " minutes and then the client refreshes it.",
                        s -> "Rotate the API key every 90 days; the key is required for every call.",
                        s -> "The password is case-sensitive and must have at least 12 characters.",
                        s -> "The secret is mounted at /var/run/secrets/app-" + s.digits(2) + " by the operator.",
                        s -> "The token is a JWT signed with RS256 by the auth service.",
                        s -> "Users reset their password from the login page; the password reset link expires after an hour.",
                        s -> "The cache key is the user id followed by the date, for example user:" + s.digits(5) + ":2026-11-23.",
                        s -> "Set the password to something long and store it in the vault, not in the repo.",
                        s -> "The access token is short-lived; the refresh token lives for " + s.digits(2) + " days.",
                        s -> "We log in with password authentication only on the bastion, keys everywhere else.",
                        s -> "The key is unique per tenant and derived from the tenant id.",
                        s -> "The webhook secret is checked with a constant-time comparison in WebhookVerifier.",
                        s -> "If the token is missing, the gateway answers 401 with a WWW-Authenticate header.",
                        s -> "The password field uses autocomplete=new-password so browsers suggest a strong one.",
                        s -> "Use the key from the team vault entry named staging-" + s.digits(2) + ", never a personal one.")),
                new Kind("prose_with_ids", 120, List.of(
                        s -> "Build " + s.digits(5) + " failed on runner " + s.lowerAlnum(8) + " with exit code 137 (OOM).",
                        s -> "The Stripe customer cus_" + s.alnum(14) + " was charged twice for invoice in_" + s.alnum(24) + ".",
                        s -> "Order #" + s.digits(7) + " shipped via tracking number 1Z" + s.upperAlnum(16) + ".",
                        s -> "The video id " + s.base64url(11) + " in the embed was wrong.",
                        s -> "Grafana alert rule " + s.alnum(14) + " fired at 02:14 UTC.",
                        s -> "Use the Cloudflare zone " + s.hex(32) + " for the staging domain.",
                        s -> "AMI ami-" + s.hex(17) + " in vpc-" + s.hex(17) + " has the old kernel.",
                        s -> "The Kubernetes pod api-" + s.lowerAlnum(10) + "-" + s.lowerAlnum(5) + " restarted 14 times.")),
                // Close to what the login-pair and key-material rules take: navigation and sign-in options
                // written "a / b", values of key names made of words and numbers.
                new Kind("near_misses", 120, List.of(
                        s -> "Log in to the admin / settings page and turn on two-factor auth for every account.",
                        s -> "After you log in, open admin / users and remove the accounts of people who left.",
                        s -> "Sign in with Google / GitHub on the login page; password sign-in is off.",
                        s -> "Login works with email / password or with a magic link sent to the inbox.",
                        s -> "  - key: feature-flag-" + s.digits(4) + "-rollout\n    enabled: true",
                        s -> "aws s3api delete-objects --bucket acme-reports --delete 'Objects=[{Key=reports/" + s.digits(4) + "/q3/monthly-summary}]'",
                        s -> "<li data-key=\"product-card-" + s.digits(4) + "-hero\">",
                        s -> "Cache entries use the key: tenant-" + s.digits(5) + "-invoice-summary",
                        s -> "Log in with sso / okta and pick the staging org.",
                        s -> "The deploy login is stored as kv/staging-app" + s.digits(1) + " in Vault.",
                        s -> "Log in as admin/operator to approve change " + s.digits(4) + ".",
                        s -> "Logging in as root / sudo is disabled on the build agents.",
                        s -> "{\"key\": \"onboarding-step-" + s.digits(1) + "-welcome-banner\", \"seen\": true}",
                        s -> "Default credentials are in the runbook: log in as admin, then change them under account / security.")));
    }
}
