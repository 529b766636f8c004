package dev.graphiti.redact.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Secrets in the shapes and settings of public secret scanners' test suites (gitleaks rules and their
 * generated true positives, trufflehog detector tests, detect-secrets plugin tests), each written into a
 * code/config snippet and into a sentence of prose, as they reach the graph through add, git and capture.
 *
 * <p>Every class has several contexts; the last quarter of each class's contexts (at least one) is held
 * out: it is never looked at while tuning the detectors, and the benchmark reports it on its own line.
 * Secrets are generated at run time from a seed (see {@link Shapes}).
 */
public final class SecretCorpus {

    /**
     * One secret in its two settings.
     *
     * @param secret   the literal that must never reach the database
     * @param code     a code or config snippet holding it
     * @param prose    one sentence of prose holding it
     * @param pathSafe whether it can stand alone in a file name: it is recognisable without words around it
     *                 (a vendor prefix, a token shape, a long random string) and has no '/' or blank
     */
    public record Secret(int id, String kind, boolean heldOut, String secret, String code, String prose,
                         boolean pathSafe, String source) {
    }

    /** {@code {}} marks where the secret goes in both templates. */
    private record Context(String code, String prose) {
    }

    /**
     * @param selfEvident a secret of this class is recognisable on its own; the others (ordinary-word passwords,
     *                    16-character keys) are secrets only by the words around them, so the benchmark never
     *                    puts them alone in a file name
     */
    private record Kind(String name, int count, Function<Shapes, String> secret, List<Context> contexts,
                        boolean selfEvident) {
        Kind(String name, int count, Function<Shapes, String> secret, List<Context> contexts) {
            this(name, count, secret, contexts, !CONTEXTUAL.contains(name));
        }
    }

    private static final java.util.Set<String> CONTEXTUAL = java.util.Set.of("connection_string_word_password",
            "url_query_secret", "named_key_value", "generic_key_16_in_prose", "generic_key_32_in_prose", "hex_key",
            "password_assignment_word", "password_assignment_chosen", "curl_user_password");

    private SecretCorpus() {
    }

    public static List<Secret> all() {
        return all(20261123L);
    }

    /** The same classes and contexts with other secrets drawn: how much the figures owe to one draw. */
    public static List<Secret> all(long seed) {
        Shapes s = new Shapes(seed);
        List<Secret> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Kind kind : kinds()) {
            int held = Math.max(1, kind.contexts().size() / 4);
            for (int i = 0; i < kind.count(); i++) {
                int c = i % kind.contexts().size();
                Context context = kind.contexts().get(c);
                String secret = kind.secret().apply(s);
                for (int tries = 0; !unseen(secret, seen) && tries < 1000; tries++) {
                    secret = kind.secret().apply(s); // a leak must be counted against the sample that leaked it
                }
                out.add(new Secret(out.size(), kind.name(), c >= kind.contexts().size() - held, secret,
                        context.code().replace("{}", secret), context.prose().replace("{}", secret),
                        kind.selfEvident() && secret.matches("[A-Za-z0-9._+=-]+"), "scanner_shapes"));
            }
        }
        return List.copyOf(out);
    }

    /**
     * True, and remembered, when no ten-character stretch of the secret (any case) was in an earlier one: the
     * benchmark finds leaks by such stretches, so two word passwords sharing one would blame each other.
     */
    static boolean unseen(String secret, java.util.Set<String> seen) {
        String lower = secret.toLowerCase(java.util.Locale.ROOT);
        List<String> windows = new ArrayList<>();
        for (int i = 0; i + Math.min(10, lower.length()) <= lower.length(); i++) {
            windows.add(lower.substring(i, i + Math.min(10, lower.length())));
        }
        if (windows.stream().anyMatch(seen::contains)) {
            return false;
        }
        seen.addAll(windows);
        return true;
    }

    private static Context c(String code, String prose) {
        return new Context(code, prose);
    }

    private static List<Kind> kinds() {
        return List.of(
                new Kind("aws_access_key_id", 12, s -> s.pick(List.of("AK" + "IA", "AS" + "IA")) + s.upperAlnum(16), List.of(
                        c("aws_access_key_id = {}", "The deploy user's access key id is {} and it lives in the CI vault."),
                        c("export AWS_ACCESS_KEY_ID={}", "I rotated the old key {} this morning after the audit."),
                        c("{\"AccessKeyId\": \"{}\", \"Expiration\": \"2026-11-23T10:00:00Z\"}", "Credentials for the staging bucket: {} (read-only)."),
                        c("  accessKeyId: '{}',", "Use {} as the access key for the backup job."))),
                new Kind("aws_secret_access_key", 12, s -> s.base64(40), List.of(
                        c("aws_secret_access_key = {}", "The matching secret access key is {} so keep it out of the repo."),
                        c("AWS_SECRET_ACCESS_KEY=\"{}\"", "aws secret: {}"),
                        c("{\"SecretAccessKey\": \"{}\"}", "For the staging account the secret key is {} until Friday."),
                        c("  secretAccessKey: {}", "Secret access key {} was pasted into the ticket by mistake."))),
                new Kind("github_token", 14, s -> s.pick(List.of("gh" + "p_", "gh" + "o_", "gh" + "s_", "gh" + "u_")) + s.alnum(36), List.of(
                        c("GITHUB_TOKEN={}", "The release workflow authenticates with {} for now."),
                        c("git remote set-url origin https://x-access-token:{}@github.com/acme/app.git", "Pushed the tag using {} from my laptop."),
                        c("//npm.pkg.github.com/:_authToken={}", "Personal access token for the bot account: {}."),
                        c("  token: \"{}\"", "Token {} expires in thirty days."))),
                new Kind("github_fine_grained_pat", 6, s -> "github" + "_pat_" + s.alnum(22) + "_" + s.alnum(59), List.of(
                        c("gh auth login --with-token <<< {}", "The fine-grained token for the docs repo is {}."),
                        c("GH_TOKEN: {}", "Reviewers can use {} to read the private packages."))),
                new Kind("gitlab_token", 10, s -> s.pick(List.of("gl" + "pat-", "gl" + "dt-", "gl" + "rt-")) + s.base64url(20), List.of(
                        c("CI_JOB_TOKEN_OVERRIDE={}", "The runner registration token is {} for the shared runners."),
                        c("git clone https://oauth2:{}@gitlab.com/acme/infra.git", "Cloned the infra repo with token {}."),
                        c("private_token = \"{}\"", "GitLab token {} has api scope."),
                        c("headers = {\"PRIVATE-TOKEN\": \"{}\"}", "Use {} in the PRIVATE-TOKEN header."))),
                new Kind("slack_token", 14, s -> switch (s.nextInt(4)) {
                    case 0 -> "xo" + "xb-" + s.digits(12) + "-" + s.digits(13) + "-" + s.alnum(24);
                    case 1 -> "xo" + "xp-" + s.digits(12) + "-" + s.digits(12) + "-" + s.digits(13) + "-" + s.hex(32);
                    case 2 -> "xo" + "xe.xoxp-1-" + s.alnum(150);
                    default -> "xo" + "xe-1-" + s.alnum(140);
                }, List.of(
                        c("SLACK_BOT_TOKEN={}", "The Slack bot posts with {} in the alerts channel."),
                        c("curl -H 'Authorization: Bearer {}' https://slack.com/api/auth.test", "Refresh token {} came back from the OAuth exchange."),
                        c("https://slack.com/api/chat.postMessage?token={}&channel=C024BE91L", "Open https://slack.com/api/oauth.v2.exchange?token={} to trade the legacy token."),
                        c("slack:\n  token: {}\n  channel: '#deploys'", "Slack user token: {}"))),
                new Kind("webhook_url", 12, s -> switch (s.nextInt(3)) {
                    case 0 -> "https://hooks.slack.com/services/T" + s.upperAlnum(8) + "/B" + s.upperAlnum(10) + "/" + s.alnum(24);
                    case 1 -> "https://discord.com/api/webhooks/" + s.digits(18) + "/" + s.base64url(68);
                    default -> "https://acme.webhook.office.com/webhookb2/" + s.uuid() + "@" + s.uuid() + "/IncomingWebhook/" + s.hex(32) + "/" + s.uuid();
                }, List.of(
                        c("ALERT_WEBHOOK_URL={}", "Alerts go to {} now."),
                        c("  webhook: \"{}\"", "The incident bot posts to {} every hour."),
                        c("requests.post(\"{}\", json=payload)", "I pointed the nightly job at {} instead of email."))),
                new Kind("stripe_key", 10, s -> s.pick(List.of("sk" + "_live_", "rk" + "_live_", "sk" + "_test_", "wh" + "sec_")) + s.alnum(32), List.of(
                        c("STRIPE_SECRET_KEY={}", "Checkout uses {} in production."),
                        c("Stripe.apiKey = \"{}\";", "The webhook signing secret is {} for the billing endpoint."),
                        c("stripe:\n  secret: {}", "Billing key {} was rotated after the leak."))),
                new Kind("ai_api_key", 12, s -> switch (s.nextInt(3)) {
                    case 0 -> "sk" + "-ant-api03-" + s.base64url(93) + "AA";
                    case 1 -> "sk" + "-proj-" + s.base64url(48) + "T3Blbk" + "FJ" + s.base64url(48);
                    default -> "sk" + "-" + s.alnum(20) + "T3Blbk" + "FJ" + s.alnum(20);
                }, List.of(
                        c("ANTHROPIC_API_KEY={}", "The eval harness reads {} from the shell."),
                        c("client = OpenAI(api_key=\"{}\")", "My API key for the summarizer is {}."),
                        c("export OPENAI_API_KEY='{}'", "Key {} belongs to the research org."))),
                new Kind("google_api_key", 8, s -> "AI" + "za" + s.base64url(35), List.of(
                        c("GOOGLE_MAPS_KEY={}", "Maps calls use {} from the frontend."),
                        c("<script src=\"https://maps.googleapis.com/maps/api/js?key={}&callback=initMap\"></script>", "Firebase config has apiKey {} in it."))),
                new Kind("vendor_token", 24, s -> switch (s.nextInt(12)) {
                    case 0 -> "np" + "m_" + s.alnum(36);
                    case 1 -> "py" + "pi-AgEIcHlwaS5vcmc" + s.base64url(70);
                    case 2 -> "h" + "f_" + s.alnum(34);
                    case 3 -> "S" + "G." + s.base64url(22) + "." + s.base64url(43);
                    case 4 -> "sh" + "pat_" + s.hex(32);
                    case 5 -> "do" + "p_v1_" + s.hex(64);
                    case 6 -> "li" + "n_api_" + s.alnum(40);
                    case 7 -> "xkey" + "sib-" + s.hex(64) + "-" + s.alnum(16);
                    case 8 -> "gl" + "sa_" + s.alnum(32) + "_" + s.hex(8);
                    case 9 -> "dp" + ".pt." + s.alnum(43);
                    case 10 -> "pscale" + "_tkn_" + s.base64url(43);
                    default -> "AT" + "ATT3" + s.base64url(180) + "=" + s.hex(8).toUpperCase();
                }, List.of(
                        c("TOKEN={}", "The publish step uses {} from the org settings."),
                        c("  \"token\": \"{}\",", "Here is the service token: {}"),
                        c("auth_token = \"{}\"", "We stored {} in the deploy config by accident."),
                        c("--token {}", "Token for the upload is {}."))),
                new Kind("jwt", 10, s -> "ey" + "J" + s.base64url(34) + ".ey" + "J" + s.base64url(90) + "." + s.base64url(43), List.of(
                        c("Authorization: Bearer {}", "The session cookie held {} when the bug happened."),
                        c("const token = \"{}\";", "Decode {} to see the expired claims."),
                        c("id_token={}", "Support pasted the id token {} into the ticket."))),
                new Kind("private_key", 12, s -> switch (s.nextInt(4)) {
                    case 0 -> s.pem("RSA PRIVATE KEY", "\n", 8);
                    case 1 -> s.pem("OPENSSH PRIVATE KEY", "\n", 6);
                    case 2 -> s.pem("PRIVATE KEY", "\\n", 8);
                    default -> s.pem("EC PRIVATE KEY", "\n", 3);
                }, List.of(
                        c("deploy_key: |\n{}\n", "Here is the key:\n{}\nPlease install it on the bastion."),
                        c("{\"type\": \"service_account\", \"private_key\": \"{}\"}", "The service account key is {}"),
                        c("cat > id_ed25519 <<'EOF'\n{}\nEOF", "Pasting the old deploy key so we can rotate it: {}"))),
                new Kind("connection_string_word_password", 24, s -> s.wordPassword(), List.of(
                        c("MONGO_URL=mongodb://root:{}@mongo.internal:27017/app", "Connect with mongodb://root:{}@localhost:27017/orders to see the data."),
                        c("DATABASE_URL=postgres://app:{}@db.internal:5432/app", "The replica is at postgresql://report:{}@replica.acme.io/reports."),
                        c("spring.datasource.url=jdbc:mysql://admin:{}@10.0.3.7:3306/shop", "Use mysql://admin:{}@127.0.0.1/shop for the import."),
                        c("REDIS_URL=redis://default:{}@cache.acme.io:6379/0", "The cache is redis://:{}@cache.acme.io:6379 behind the VPN."),
                        c("broker_url = \"amqp://guest:{}@rabbit:5672//\"", "Celery talks to amqp://worker:{}@rabbit.internal:5672/jobs today."),
                        c("jdbc:postgresql://db:5432/app?user=app&password={}", "Server=db.acme.io;Database=app;User Id=sa;Password={};"),
                        c("SMTP_URL=smtp://mailer:{}@smtp.acme.io:587", "Uploads go to ftp://deploy:{}@files.acme.io/incoming."),
                        c("connectionString: \"Host=db;Username=app;Password={};Database=app\"", "The old server string was mongodb+srv://svc:{}@cluster0.ab12c.mongodb.net/prod."))),
                new Kind("url_query_secret", 24, s -> switch (s.nextInt(4)) {
                    case 0 -> s.alnum(32);
                    case 1 -> s.hex(40);
                    case 2 -> s.base64url(43);
                    default -> s.lowerAlnum(24);
                }, List.of(
                        c("curl 'https://api.acme.io/v1/reports?key={}&format=csv'", "The export link is https://api.acme.io/v1/export?key={} and it never expires."),
                        c("fetch(`https://maps.example.com/tiles?z=4&token={}`)", "Open https://grafana.acme.io/d/ops?orgId=1&auth_token={} for the board."),
                        c("WEBHOOK=https://ci.acme.io/generic-webhook-trigger/invoke?token={}", "The job fires from https://ci.acme.io/job/deploy/build?token={} on merge."),
                        c("url: https://acme.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&sig={}", "Shared the backup at https://acme.blob.core.windows.net/c/db.bak?sp=r&sig={} with support."),
                        c("redirect_uri=https://app.acme.io/cb#access_token={}&token_type=bearer", "The callback got https://app.acme.io/cb?code=x&access_token={} in the logs."),
                        c("GET /v2/search?q=shoes&api_key={} HTTP/1.1", "Search works with https://search.acme.io/v2?apikey={} from the browser."),
                        c("s3_url = \"https://acme.s3.amazonaws.com/f.zip?X-Amz-Signature={}&X-Amz-Expires=3600\"", "Presigned link: https://acme.s3.amazonaws.com/r.csv?X-Amz-Expires=600&X-Amz-Signature={}"),
                        c("client = Client(\"https://api.acme.io/?client_secret={}\")", "Old integration called https://legacy.acme.io/auth?client_id=web&client_secret={} directly."))),
                new Kind("named_key_value", 24, s -> switch (s.nextInt(3)) {
                    case 0 -> s.alnum(32);
                    case 1 -> s.base64(44);
                    default -> s.lowerAlnum(20);
                }, List.of(
                        c("encryption_key: {}", "The encryption key for backups is {} now."),
                        c("stripe_key: {}", "The license key {} unlocks the enterprise build."),
                        c("DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={};EndpointSuffix=core.windows.net", "Account key {} belongs to the logs storage account."),
                        c("Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={}", "Service bus shared access key: {}"),
                        c("app.signing_key = \"{}\"", "The master key is {} so keep it safe."),
                        c("Key={}", "Signing key {} is used for the session cookies."),
                        c("  \"key\": \"{}\",", "Our Mailgun key is {} in the dashboard."),
                        c("MASTER_KEY={}", "The app key {} was regenerated after the breach."))),
                new Kind("generic_key_16_in_prose", 20, s -> s.nextInt(2) == 0 ? s.alnum(16) : s.lowerAlnum(16), List.of(
                        c("api_key = '{}'", "The staging API key is {} for the partner sandbox."),
                        c("apikey: {}", "Use the key {} when you call the geocoder."),
                        c("const API_KEY = \"{}\";", "Partner token is {} until they issue a new one."),
                        c("secret={}", "My access code for the dashboard is {}."),
                        c("KEY {}", "The api key: {}"))),
                new Kind("generic_key_32_in_prose", 20, s -> s.nextInt(2) == 0 ? s.alnum(32) : s.lowerAlnum(32), List.of(
                        c("client_secret: {}", "The OAuth client secret is {} for the web app."),
                        c("app_secret = \"{}\"", "Paste {} as the app secret in the console."),
                        c("x-api-key: {}", "The API key {} is shared by the mobile apps."),
                        c("SECRET_KEY_BASE={}", "Secret for the cookie store: {}."),
                        c("\"apiSecret\": \"{}\"", "The consumer secret is {} according to the portal."))),
                new Kind("hex_key", 20, s -> s.hex(s.pick(List.of(32, 40, 64))), List.of(
                        c("SECRET_KEY={}", "The HMAC secret is {} on every node."),
                        c("webhook_secret: \"{}\"", "Signing secret {} verifies the GitHub webhooks."),
                        c("api_key = {}", "The hex api key {} came from the vendor."),
                        c("config.master_key = '{}'", "Rails master key: {}"),
                        c("datadog:\n  api_key: {}", "Datadog API key {} is in the agent config."))),
                new Kind("password_assignment_word", 20, s -> s.wordPassword(), List.of(
                        c("DB_PASSWORD={}", "The admin password is {} on the staging box."),
                        c("password: \"{}\"", "I set the root password to {} for the demo."),
                        c("spring.datasource.password={}", "Wifi password for the office: {}"),
                        c("mysql -u root -p{} shop < dump.sql", "Login as admin with password {} to see the panel."),
                        c("PGPASSWORD={} psql -h db -U app", "Password for the keystore is {}."))),
                new Kind("password_assignment_chosen", 12, s -> s.chosenPassword(), List.of(
                        c("\"password\": \"{}\"", "Her VPN password {} was in the screenshot."),
                        c("ADMIN_PASS={}", "Use {} as the password for the test account."),
                        c("$password = '{}';", "The database password: {}"))),
                new Kind("authorization_header", 12, s -> s.nextInt(2) == 0 ? "Basic " + s.base64(32) + "=" : "Bearer " + s.base64url(40), List.of(
                        c("Authorization: {}", "Requests carry Authorization: {} from the gateway."),
                        c("curl -H \"Authorization: {}\" https://api.acme.io/me", "The header was {} in the HAR file."),
                        c("headers: { Authorization: '{}' }", "Send {} as the auth header."))),
                new Kind("curl_user_password", 12, s -> s.wordPassword(), List.of(
                        c("curl -u deploy:{} https://nexus.acme.io/repository/", "Download with curl -u ci:{} from the artifact server."),
                        c("curl --user admin:{} -X POST https://jenkins.acme.io/job/deploy/build", "The default login for the NAS is root / {} until we change it."),
                        c("wget --user=admin --password={} https://files.acme.io/x", "Log in to the router with admin / {} and reboot it."))),
                new Kind("high_entropy_bare", 12, s -> s.base64(s.pick(List.of(40, 48, 64))), List.of(
                        c("value: {}", "Found {} in the crash dump."),
                        c("\"{}\"", "Token: {}"),
                        c("const k = '{}';", "It was {} all along."))));
    }
}
