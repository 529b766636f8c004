package dev.graphiti.redact.corpus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Secrets and look-alikes written the way they stand in sixteen kinds of real documents (sources): a .env
 * file, a docker-compose file, a Slack chat, a CI log, an incident write-up, ... Written for issue 28 in
 * our own words, not taken from any scanner's tests; the token formats follow what each vendor documents
 * ({@link VendorTokens}).
 *
 * <p>Whole sources are held out, not rows: {@link #HELD_OUT} was fixed before any detector was changed and
 * its sources were never looked at while tuning (the benchmark never lists their misses). A held-out figure
 * therefore says how detection does on a kind of document nobody tuned it on.
 *
 * <p>Every sample belongs to one family (how the secret is written: a vendor's prefixed token, a URL or DSN
 * with a password, a value of a named key in YAML/XML/a table/properties, a credential assigned in prose, a
 * bare high-entropy key, a private key, a JWT or auth header) or, for negatives, to one class of ordinary
 * text that looks secret-ish (commit ids, UUIDs, data URIs, versions, identifiers, URLs without a password,
 * digests, references).
 */
public final class SourceCorpus {

    /** Decided on 2026-11-28 before tuning: two code sources, two config sources, two prose sources. */
    public static final Set<String> HELD_OUT = Set.of("ci_log", "shell_history", "terraform_hcl", "ini_files",
            "support_email", "incident_postmortem");

    /** Sources written as sentences; the others are code, configuration, logs and tables. */
    private static final Set<String> PROSE_SOURCES = Set.of("slack_chat", "readme_setup", "design_note",
            "support_email", "incident_postmortem");

    /** Each template is drawn this many times with other secrets. */
    private static final int DRAWS = 2;

    static final String VENDOR = "vendor_token";
    static final String URL = "url_or_dsn_password";
    static final String NAMED = "named_value";
    static final String PROSE = "prose_assignment";
    static final String BARE = "bare_high_entropy";
    static final String PEM = "private_key";
    static final String JWT = "jwt_or_auth_header";

    /** A secret sample, or a negative one when {@code secret} is null. */
    private record Item(String family, Function<Shapes, String> secret, Function<Shapes, String> text,
                        String template) {
    }

    private record Source(String name, List<Item> items) {
    }

    private SourceCorpus() {
    }

    public static boolean isProse(String source) {
        return PROSE_SOURCES.contains(source);
    }

    public static List<SecretCorpus.Secret> secrets() {
        return build().secrets;
    }

    public static List<OrdinaryCorpus.Text> ordinary() {
        return build().texts;
    }

    private record Built(List<SecretCorpus.Secret> secrets, List<OrdinaryCorpus.Text> texts) {
    }

    private static Built build() {
        Shapes s = new Shapes(20261128L);
        Map<String, Function<Shapes, String>> vendors = VendorTokens.all();
        List<String> vendorNames = new ArrayList<>(vendors.keySet());
        int nextVendor = 0;
        List<SecretCorpus.Secret> secrets = new ArrayList<>();
        List<OrdinaryCorpus.Text> texts = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int id = 0;
        for (Source source : sources()) {
            boolean held = HELD_OUT.contains(source.name());
            for (int draw = 0; draw < DRAWS; draw++) {
                for (Item item : source.items()) {
                    if (item.text() != null) {
                        texts.add(new OrdinaryCorpus.Text(id++, item.family(), held, item.text().apply(s), source.name()));
                        continue;
                    }
                    Function<Shapes, String> gen = item.secret();
                    if (gen == null) { // a vendor slot: the next vendor in turn
                        gen = vendors.get(vendorNames.get(nextVendor++ % vendorNames.size()));
                    }
                    String secret = gen.apply(s);
                    for (int tries = 0; !SecretCorpus.unseen(secret, seen) && tries < 1000; tries++) {
                        secret = gen.apply(s);
                    }
                    String text = item.template().replace("{}", secret);
                    secrets.add(new SecretCorpus.Secret(id++, item.family(), held, secret, text, text, false,
                            source.name()));
                }
            }
        }
        return new Built(List.copyOf(secrets), List.copyOf(texts));
    }

    private static Item sec(String family, Function<Shapes, String> secret, String template) {
        return new Item(family, secret, null, template);
    }

    /** The next vendor's token in turn, so every documented format appears somewhere. */
    private static Item vendor(String template) {
        return new Item(VENDOR, null, null, template);
    }

    private static Item neg(String kind, Function<Shapes, String> text) {
        return new Item(kind, null, text, null);
    }

    private static Function<Shapes, String> word() {
        return Shapes::wordPassword;
    }

    private static Function<Shapes, String> chosen() {
        return Shapes::chosenPassword;
    }

    private static Function<Shapes, String> alnum(int n) {
        return s -> s.alnum(n);
    }

    private static Function<Shapes, String> lower(int n) {
        return s -> s.lowerAlnum(n);
    }

    private static Function<Shapes, String> hex(int n) {
        return s -> s.hex(n);
    }

    private static Function<Shapes, String> b64(int n) {
        return s -> s.base64(n);
    }

    private static Function<Shapes, String> jwt() {
        return s -> "ey" + "J" + s.base64url(36) + ".ey" + "J" + s.base64url(80) + "." + s.base64url(43);
    }

    private static Function<Shapes, String> pem(String label) {
        return s -> s.pem(label, "\n", 5);
    }

    private static List<Source> sources() {
        return List.of(
                new Source("dotenv", List.of(
                        vendor("# bot for the release channel\nRELEASE_BOT_TOKEN={}\n"),
                        vendor("UPSTREAM_CREDENTIAL={}"),
                        vendor("ACME_INTEGRATION={}  # rotated in march"),
                        sec(URL, word(), "DATABASE_URL=postgres://orders_rw:{}@orders-db.internal:5432/orders"),
                        sec(URL, word(), "CACHE_URL=rediss://default:{}@cache-7.acme.cloud:6380/2"),
                        sec(NAMED, word(), "SMTP_PASS={}"),
                        sec(NAMED, alnum(32), "SESSION_SIGNING_SECRET=\"{}\""),
                        sec(NAMED, hex(64), "COOKIE_KEY={}"),
                        sec(BARE, alnum(40), "LEGACY_HMAC={}"),
                        sec(JWT, jwt(), "SERVICE_JWT={}"),
                        neg("commit_sha", s -> "BUILD_COMMIT=" + s.hex(40) + "\nBUILD_BRANCH=main"),
                        neg("uuid", s -> "TENANT_ID=" + s.uuid()),
                        neg("reference", s -> "DB_PASSWORD=${VAULT_DB_PASSWORD}\nAPI_TOKEN=changeme"),
                        neg("url_without_password", s -> "PUBLIC_URL=https://app.acme.io/checkout?step=" + s.digits(2)),
                        neg("version", s -> "NODE_VERSION=22." + s.digits(1) + ".1\nIMAGE_TAG=2026.11." + s.digits(2) + "-" + s.hex(7)))),
                new Source("docker_compose", List.of(
                        vendor("services:\n  worker:\n    environment:\n      - PUBLISH_TOKEN={}\n"),
                        vendor("    environment:\n      UPLOAD_KEY: \"{}\""),
                        sec(URL, word(), "      SPRING_DATASOURCE_URL: jdbc:postgresql://ledger:{}@db:5432/ledger"),
                        sec(URL, word(), "      BROKER: amqp://jobs:{}@rabbitmq:5672/%2F"),
                        sec(URL, word(), "      MONGO_URI: mongodb+srv://reporting:{}@cluster1.x7k2p.mongodb.net/reports?retryWrites=true"),
                        sec(NAMED, word(), "      POSTGRES_PASSWORD: {}"),
                        sec(NAMED, chosen(), "      MYSQL_ROOT_PASSWORD: '{}'"),
                        sec(NAMED, alnum(32), "      MINIO_SECRET_KEY: {}"),
                        sec(NAMED, b64(44), "    secrets:\n      grafana_admin:\n        value: {}"),
                        neg("digest", s -> "    image: postgres:16.4@sha256:" + s.hex(64)),
                        neg("identifier", s -> "    container_name: ledger-api-" + s.lowerAlnum(5) + "\n    restart: unless-stopped"),
                        neg("reference", s -> "      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      REDIS_URL: redis://cache:6379/0"),
                        neg("version", s -> "version: \"3.9\"\n    image: ghcr.io/acme/ledger:1." + s.digits(2) + ".0-alpine"))),
                new Source("spring_properties", List.of(
                        sec(URL, word(), "spring.datasource.url=jdbc:mysql://billing:{}@mysql-primary:3306/billing?useSSL=true"),
                        sec(URL, word(), "spring.datasource.url=jdbc:postgresql://pg:5432/app?user=app&password={}"),
                        sec(URL, word(), "spring.datasource.url=jdbc:sqlserver://mssql:1433;databaseName=crm;user=crm_app;password={};encrypt=true"),
                        sec(URL, word(), "spring.rabbitmq.addresses=amqps://events:{}@mq.acme.io:5671"),
                        sec(NAMED, word(), "spring.mail.password={}"),
                        sec(NAMED, alnum(40), "acme.partner.api-key={}"),
                        sec(NAMED, lower(32), "app.jwt.signing-key = {}"),
                        vendor("github.app.installation-token={}"),
                        vendor("acme.notifier.credentials={}"),
                        neg("reference", s -> "spring.datasource.password=${DB_PASSWORD:}\nspring.datasource.username=app"),
                        neg("identifier", s -> "logging.level.dev.acme.billing.InvoiceReconciler" + s.digits(2) + "=DEBUG"),
                        neg("url_without_password", s -> "spring.datasource.url=jdbc:postgresql://pg-" + s.digits(2) + ".acme.internal:5432/app?ssl=true&sslmode=verify-full"),
                        neg("uuid", s -> "acme.tenant.default-id=" + s.uuid()))),
                new Source("k8s_helm_values", List.of(
                        vendor("registry:\n  pullToken: {}\n"),
                        vendor("alerting:\n  receiver:\n    apiCredential: {}"),
                        sec(NAMED, b64(44), "apiVersion: v1\nkind: Secret\nstringData:\n  signing-secret: {}"),
                        sec(NAMED, word(), "postgresql:\n  auth:\n    password: {}\n    database: inventory"),
                        sec(NAMED, alnum(32), "oauth2-proxy:\n  config:\n    clientSecret: \"{}\""),
                        sec(URL, word(), "externalRedis:\n  url: redis://:{}@redis-master.cache.svc:6379"),
                        sec(URL, word(), "  dsn: \"postgresql://keycloak:{}@keycloak-db:5432/keycloak?sslmode=require\""),
                        sec(PEM, pem("RSA PRIVATE KEY"), "tls:\n  key: |\n{}\n"),
                        neg("digest", s -> "image:\n  repository: ghcr.io/acme/inventory\n  digest: sha256:" + s.hex(64)),
                        neg("base64_image", s -> "  logo: data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA" + s.base64(120) + "="),
                        neg("reference", s -> "  existingSecret: inventory-db\n  secretKeys:\n    adminPasswordKey: postgres-password"),
                        neg("identifier", s -> "  podAnnotations:\n    checksum/config: " + s.hex(64)))),
                new Source("app_source", List.of(
                        vendor("const client = new Client({ auth: \"{}\" });"),
                        vendor("HEADERS = {\"X-Service-Key\": \"{}\"}"),
                        vendor("private static final String UPLOAD = \"{}\"; // TODO move to vault"),
                        sec(URL, word(), "engine = create_engine(\"postgresql+psycopg2://analytics:{}@warehouse:5432/dw\")"),
                        sec(URL, word(), "DataSource ds = new DriverManagerDataSource(\"jdbc:postgresql://report:{}@localhost:5432/report\");"),
                        sec(NAMED, chosen(), "conn = psycopg2.connect(host=\"db\", user=\"etl\", password=\"{}\")"),
                        sec(NAMED, alnum(32), "webhookSecret: '{}',"),
                        sec(BARE, alnum(48), "const SALT = \"{}\";"),
                        sec(JWT, s -> "Bearer " + s.base64url(48), "req.headers['Authorization'] = '{}';"),
                        neg("identifier", s -> "public void reconcileInvoice" + s.digits(2) + "(InvoiceId id, TokenBucket bucket) {"),
                        neg("reference", s -> "String password = System.getenv(\"DB_PASSWORD\");\napiKey = config.get(\"api_key\")"),
                        neg("commit_sha", s -> "// regression from " + s.hex(40) + ", see #" + s.digits(4)),
                        neg("uuid", s -> "UUID ORDER_NS = UUID.fromString(\"" + s.uuid() + "\");"))),
                new Source("xml_config", List.of(
                        sec(NAMED, s -> "{AQAAABAAAAA" + s.base64(64) + "=}", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <username>deployer</username>\n  <password>{}</password>"),
                        sec(NAMED, s -> "{AQAAABAAAAAQ" + s.base64(44) + "}", "<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <secret>{}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>"),
                        sec(NAMED, word(), "<server>\n  <id>acme-releases</id>\n  <username>ci</username>\n  <password>{}</password>\n</server>"),
                        sec(NAMED, word(), "<Resource name=\"jdbc/app\" username=\"app\" password=\"{}\" url=\"jdbc:postgresql://db/app\"/>"),
                        sec(NAMED, alnum(32), "<add key=\"PaymentGatewaySecret\" value=\"{}\" />"),
                        sec(URL, word(), "<connectionUrl>jdbc:mariadb://shop:{}@mariadb:3306/shop</connectionUrl>"),
                        vendor("<apiToken>{}</apiToken>"),
                        vendor("<entry key=\"notifier\">{}</entry>"),
                        neg("reference", s -> "<password>${env.NEXUS_PASSWORD}</password>\n<privateKey>${user.home}/.ssh/id_ed25519</privateKey>"),
                        neg("version", s -> "<version>3." + s.digits(1) + ".0-20261104.120341-" + s.digits(2) + "</version>"),
                        neg("identifier", s -> "<ProjectGuid>{" + s.uuid().toUpperCase() + "}</ProjectGuid>"))),
                new Source("markdown_table", List.of(
                        sec(NAMED, hex(40), "| name | value |\n|---|---|\n| apiKey |{}|"),
                        sec(NAMED, word(), "| service | user | password |\n|---|---|---|\n| grafana | admin | {} |"),
                        sec(NAMED, alnum(32), "| Variable | Value | Notes |\n| --- | --- | --- |\n| `PARTNER_SECRET` | `{}` | rotate yearly |"),
                        sec(NAMED, chosen(), "| Environment | DB password |\n|---|---|\n| staging | {} |"),
                        sec(URL, word(), "| db | `postgres://svc:{}@10.20.0.4:5432/main` |"),
                        vendor("| CI token | {} | expires 2027-01 |"),
                        vendor("| Key | {} |"),
                        neg("commit_sha", s -> "| release | commit |\n|---|---|\n| 4.2.0 | " + s.hex(40) + " |"),
                        neg("uuid", s -> "| tenant | id |\n|---|---|\n| acme | " + s.uuid() + " |"),
                        neg("reference", s -> "| field | type | required |\n|---|---|---|\n| password | string | yes |\n| token | string | no |"),
                        neg("version", s -> "| component | version |\n|---|---|\n| api | 2." + s.digits(1) + ".0-rc." + s.digits(1) + " |"))),
                new Source("slack_chat", List.of(
                        vendor("[10:02] dana: here's the token for the import script {} (don't forward)"),
                        vendor("[10:05] omar: pasting what the vendor sent: {}"),
                        vendor("[11:40] li: try {} it should still work"),
                        sec(URL, word(), "[09:12] ines: prod replica is postgres://readonly:{}@replica.acme.io:5432/app if you need it"),
                        sec(PROSE, word(), "[09:30] ines: I set DB_PASSWORD to {} on staging, restart the pods"),
                        sec(PROSE, chosen(), "[09:31] ravi: REDIS_PASSWORD is {} now"),
                        sec(BARE, alnum(40), "[14:20] ravi: {} <- that's the one for the sandbox"),
                        sec(BARE, lower(32), "[14:22] dana: and for the old account {}"),
                        sec(JWT, jwt(), "[16:01] omar: the request had {} in it when it failed"),
                        neg("commit_sha", s -> "[10:11] li: deployed " + s.hex(40) + " to staging"),
                        neg("uuid", s -> "[10:13] ravi: failing job id " + s.uuid()),
                        neg("url_without_password", s -> "[10:20] dana: doc is at https://docs.google.com/document/d/1" + s.base64url(43) + "/edit"),
                        neg("identifier", s -> "[10:25] omar: the flaky one is InvoiceRetryPolicyTest" + s.digits(1) + "#retriesThreeTimes"))),
                new Source("readme_setup", List.of(
                        sec(PROSE, word(), "Before the first run, set `ADMIN_PASSWORD` to {} so the seed script can log in."),
                        sec(PROSE, alnum(32), "Export STRIPE_WEBHOOK_SECRET={} in your shell before `npm run dev`."),
                        sec(URL, word(), "Point the app at the shared dev database: `postgres://dev:{}@dev-db.acme.io:5432/app`."),
                        sec(URL, word(), "The demo broker runs at redis://:{}@demo.acme.io:6379 and is wiped nightly."),
                        vendor("For the demo tenant use the token `{}`."),
                        vendor("The sandbox key is {} (sandbox only)."),
                        sec(BARE, alnum(32), "Our shared test account uses {} for everything."),
                        neg("url_without_password", s -> "Run `docker compose up` and open http://localhost:" + s.digits(4) + "/admin/login?next=%2F."),
                        neg("reference", s -> "Copy `.env.example` to `.env` and fill in `DB_PASSWORD` and `API_TOKEN` from the vault."),
                        neg("base64_image", s -> "![badge](data:image/svg+xml;base64,PHN2ZyB4bWxucz0i" + s.base64(100) + ")"),
                        neg("version", s -> "Requires Java 17+, Maven 3.9." + s.digits(1) + " and Node 22.11.0."))),
                new Source("design_note", List.of(
                        sec(PROSE, alnum(32), "The webhook verifier compares against SIGNING_SECRET, which is {} in staging."),
                        sec(PROSE, word(), "For the migration window we set the replication password to {} and rotate it after."),
                        sec(BARE, alnum(44), "During the spike we replayed requests signed with {} against the old cluster."),
                        sec(BARE, lower(36), "We fell back to {} for the partner sandbox while theirs was broken."),
                        sec(URL, word(), "The service reads its events from amqp://ingest:{}@events.internal:5672/ingest."),
                        vendor("Until the broker lands, the importer keeps {} in memory and sends it on each call."),
                        sec(JWT, jwt(), "A captured session ({}) showed the audience claim was missing."),
                        neg("commit_sha", s -> "The change in " + s.hex(12) + " moved token refresh into the gateway."),
                        neg("identifier", s -> "TokenRefreshScheduler" + s.digits(1) + " and PasswordPolicyValidator share the clock."),
                        neg("uuid", s -> "Each request carries a correlation id such as " + s.uuid() + " end to end."),
                        neg("digest", s -> "Artifacts are pinned by digest (sha256:" + s.hex(64) + ")."))),
                // ---- held-out sources: never looked at while tuning ----
                new Source("ci_log", List.of(
                        sec(URL, word(), "2026-11-27T10:14:03Z [migrate] connecting to postgresql://migrator:{}@db-prod:5432/app"),
                        sec(URL, word(), "+ liquibase --url=jdbc:postgresql://liquibase:{}@db:5432/app update"),
                        vendor("Run echo \"{}\" | docker login ghcr.io -u ci --password-stdin"),
                        vendor("##[debug]Evaluating: env.DEPLOY_TOKEN => '{}'"),
                        sec(NAMED, word(), "+ export PGPASSWORD={}"),
                        sec(JWT, s -> "Bearer " + s.base64url(40), "> GET /v1/releases HTTP/1.1\n> Authorization: {}"),
                        sec(BARE, alnum(40), "[INFO] signature input: {}"),
                        neg("commit_sha", s -> "HEAD is now at " + s.hex(7) + " Merge pull request #" + s.digits(4) + " from acme/fix-timeouts"),
                        neg("digest", s -> "#12 writing image sha256:" + s.hex(64) + " done"),
                        neg("version", s -> "Downloading org.postgresql:postgresql:42.7." + s.digits(1) + " (1.1 MB)"),
                        neg("identifier", s -> "Job runner-" + s.lowerAlnum(8) + "-project-" + s.digits(6) + "-concurrent-0 started"))),
                new Source("shell_history", List.of(
                        sec(URL, word(), "psql 'postgresql://admin:{}@10.0.4.12:5432/postgres'"),
                        sec(URL, word(), "redis-cli -u redis://default:{}@cache.acme.io:6379 FLUSHDB"),
                        sec(URL, word(), "mongosh \"mongodb+srv://ops:{}@prod.abc12.mongodb.net/admin\""),
                        vendor("curl -H \"PRIVATE-TOKEN: {}\" https://gitlab.acme.io/api/v4/projects"),
                        vendor("export SERVICE_TOKEN={}"),
                        sec(NAMED, word(), "mysql -h db -u root --password={} inventory"),
                        sec(BARE, alnum(32), "./sync.sh --tenant acme {}"),
                        neg("commit_sha", s -> "git show " + s.hex(40) + " -- src/"),
                        neg("uuid", s -> "kubectl delete pod -l run=" + s.uuid().substring(0, 8) + " --grace-period=0"),
                        neg("url_without_password", s -> "curl -s https://api.acme.io/v2/status?region=eu-west-" + s.digits(1)))),
                new Source("terraform_hcl", List.of(
                        sec(NAMED, word(), "resource \"aws_db_instance\" \"main\" {\n  username = \"app\"\n  password = \"{}\"\n}"),
                        sec(NAMED, alnum(32), "variable \"partner_secret\" {\n  default = \"{}\"\n}"),
                        sec(NAMED, b64(40), "provider \"aws\" {\n  access_key = \"AK" + "IAIOSFODNN7EXAMPLE\"\n  secret_key = \"{}\"\n}"),
                        vendor("datadog_token = \"{}\""),
                        vendor("  api_token = \"{}\""),
                        sec(URL, word(), "  connection_string = \"postgres://tf:{}@state-db:5432/terraform\""),
                        neg("reference", s -> "  password = var.db_password\n  api_key  = data.vault_generic_secret.app.data[\"api_key\"]"),
                        neg("identifier", s -> "  vpc_id = \"vpc-" + s.hex(17) + "\"\n  ami    = \"ami-" + s.hex(17) + "\""),
                        neg("version", s -> "  required_version = \">= 1." + s.digits(1) + ".0\"\n  version = \"~> 5." + s.digits(2) + "\""))),
                new Source("ini_files", List.of(
                        sec(NAMED, word(), "[client]\nuser = backup\npassword = {}"),
                        sec(NAMED, word(), "db.acme.io:5432:orders:reporter:{}"),
                        sec(NAMED, word(), "machine nexus.acme.io login deploy password {}"),
                        sec(URL, word(), "[global]\nindex-url = https://ci:{}@pypi.acme.io/simple"),
                        vendor("[auth]\ntoken = {}"),
                        sec(NAMED, alnum(32), "[oauth]\nclient_secret = {}"),
                        neg("reference", s -> "[client]\npassword_file = /etc/mysql/secret.cnf"),
                        neg("url_without_password", s -> "[global]\nindex-url = https://pypi.acme.io/simple\ntrusted-host = pypi.acme.io"),
                        neg("version", s -> "[tool.poetry]\nversion = \"0." + s.digits(2) + ".3\""))),
                new Source("support_email", List.of(
                        sec(PROSE, word(), "Hi team, we changed the SFTP password for your drop folder to {} as you asked."),
                        sec(PROSE, chosen(), "Please set API_SECRET to {} in your integration settings and retry."),
                        sec(URL, word(), "You can reach the export via ftp://customer42:{}@files.acme.io/export until Monday."),
                        vendor("Your new credential is {} - please store it safely."),
                        sec(BARE, alnum(40), "Attached the logs; the failing request used {} if that helps."),
                        sec(BARE, lower(32), "The value we have on file for you is {}."),
                        neg("uuid", s -> "Your ticket reference is " + s.uuid() + "; reply above this line."),
                        neg("url_without_password", s -> "Reset it yourself at https://app.acme.io/account/reset?ref=mail" + s.digits(3) + "."),
                        neg("identifier", s -> "Invoice INV-" + s.digits(6) + " for order " + s.upperAlnum(10) + " is attached."))),
                new Source("incident_postmortem", List.of(
                        sec(PROSE, word(), "10:42 the on-call engineer changed MONGO_PASSWORD to {} on all three nodes."),
                        sec(BARE, alnum(48), "The leaked value ({}) was revoked at 11:05."),
                        sec(URL, word(), "Root cause: the healthcheck logged mysql://health:{}@db-2:3306/ on every probe."),
                        vendor("A contractor's token {} was found in a public gist."),
                        vendor("We rotated {} after the report."),
                        sec(JWT, jwt(), "The attacker replayed {} for 14 minutes."),
                        neg("commit_sha", s -> "Fixed by " + s.hex(40) + " and deployed at 12:30."),
                        neg("digest", s -> "The bad image was sha256:" + s.hex(64) + "."),
                        neg("identifier", s -> "Alert HighErrorRate" + s.digits(2) + " fired for pod api-" + s.lowerAlnum(9) + "-" + s.lowerAlnum(5) + "."))));
    }
}
