package dev.graphiti.graph;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What an agent asks a project's memory, in its own words, over what the project stored in other words: the
 * knowledge of a plausible invoicing back end (decisions, architecture, bug root causes, preferences, commits,
 * notes) and questions that each name the item(s) that answer them. Written before any tuning, so it measures
 * the principles (stop words, word forms, paraphrase), not one ranking's habits.
 *
 * <p>Runs against any {@link Ranking}: {@link #load} stores the items through an {@link ItemService},
 * {@link #measure} asks every question and reports hit rate at 5, MRR and scores, per {@link Category}; unrelated
 * questions are asked too, and their best scores reported, since junk must not look like a strong answer.
 */
public final class ParaphraseSuite {

    /** How a question relates to the words of its answer. */
    public enum Category {
        /** Shares content words with the item, perhaps inflected ("assertion" for "assertions"). */
        words,
        /** Needs a short or partial form matched: "postgres" for PostgreSQL, "prod" for production, "db". */
        forms,
        /** Shares no content word with the item: only meaning connects them. */
        meaning
    }

    record Item(String key, Kind kind, String title, String content, int ageDays) {
    }

    record Question(String text, Set<String> expected, Category category) {
    }

    static final List<Item> ITEMS = List.of(
            new Item("postgres", Kind.decision, "Ledger lives in PostgreSQL",
                    "The ledger is stored in PostgreSQL 15, not MongoDB: double-entry bookkeeping needs multi-row"
                            + " transactions and foreign keys. Schema changes go through Flyway migrations in db/migration.", 120),
            new Item("deploy", Kind.architecture, "Release pipeline",
                    "Releases go out through GitHub Actions: pushing a version tag builds the container image, pushes it to"
                            + " ECR, and Argo CD syncs it to the production Kubernetes cluster once the canary stage passes its"
                            + " health checks.", 60),
            new Item("duplicate-email", Kind.bugfix, "Invoices emailed twice",
                    "Root cause: the SES send was retried by the Kafka consumer after a rebalance, and the send was not"
                            + " idempotent. Fixed by storing an idempotency key per invoice in Redis before sending.", 30),
            new Item("assertj", Kind.preference, "AssertJ for assertions",
                    "Tests use AssertJ's assertThat, never Hamcrest matchers or JUnit's assertEquals, so failure messages"
                            + " read the same everywhere.", 200),
            new Item("kafka", Kind.decision, "Kafka for domain events",
                    "Domain events (InvoiceIssued, PaymentSettled) are published to Kafka topics with the outbox pattern:"
                            + " the event row is written in the same transaction as the change and a relay publishes it.", 150),
            new Item("auth", Kind.architecture, "Authentication",
                    "The API gateway validates OAuth2 access tokens issued by Keycloak; services trust the gateway's"
                            + " X-User-Id header and never see passwords.", 90),
            new Item("month-end", Kind.bugfix, "Month-end report off by one day",
                    "The monthly revenue report dropped transactions from the last evening of the month: the cut-off used"
                            + " the server's UTC midnight instead of the merchant's time zone. Fixed by computing period"
                            + " bounds with the merchant's ZoneId.", 45),
            new Item("money", Kind.decision, "Money as minor units",
                    "Amounts are stored as long minor units (cents) with an ISO 4217 currency code; never double or"
                            + " float, to avoid rounding errors.", 300),
            new Item("commits", Kind.preference, "Conventional commit messages",
                    "Commit messages follow Conventional Commits (feat:, fix:, chore:) and reference the Jira ticket;"
                            + " squash before merging.", 250),
            new Item("rates", Kind.architecture, "Caching exchange rates",
                    "Exchange rates are fetched hourly from the ECB feed and cached in Redis with a two hour TTL; the"
                            + " pricing service falls back to the last known rate when the feed is down.", 80),
            new Item("pool", Kind.bugfix, "Connection pool exhaustion",
                    "The checkout service ran out of database connections under load: a streaming query in the export"
                            + " job held its connection open until the client finished downloading. Fixed by paging the"
                            + " export and closing each result set; HikariCP maximumPoolSize stays at 20.", 20),
            new Item("java21", Kind.decision, "Java 21 and virtual threads",
                    "We moved all services to Java 21 and use virtual threads for blocking HTTP calls to payment"
                            + " providers instead of a reactive stack.", 100),
            new Item("no-mocks", Kind.preference, "Real databases in tests",
                    "Integration tests run against a real PostgreSQL in Testcontainers; do not mock repositories or the"
                            + " JDBC layer.", 180),
            new Item("boundaries", Kind.architecture, "Service boundaries",
                    "Billing owns invoices and subscriptions, Payments owns provider integrations (Stripe, Adyen), Ledger"
                            + " owns balances; services talk only through Kafka events or the internal REST API, never"
                            + " through each other's tables.", 160),
            new Item("webhooks", Kind.bugfix, "Stripe webhooks rejected",
                    "Signature verification failed for every Stripe webhook after the proxy upgrade: nginx started"
                            + " re-encoding the request body. The fix was to verify the signature against the raw bytes"
                            + " before any JSON parsing and to disable proxy buffering for /webhooks.", 15),
            new Item("flags", Kind.decision, "Feature flags with Unleash",
                    "New behaviour ships dark behind Unleash feature toggles; a flag is removed within two sprints after"
                            + " full rollout.", 70),
            new Item("oncall", Kind.note, "On-call runbook",
                    "When the payments error rate alert fires, check the provider status pages first, then the Grafana"
                            + " dashboard 'payments-latency'; page the payments team lead if Adyen is degraded for more"
                            + " than 15 minutes.", 40),
            new Item("rate-limit", Kind.decision, "Rate limiting at the gateway",
                    "Public API clients are limited to 100 requests per second per API key with a token bucket in the"
                            + " gateway; internal calls are exempt.", 55),
            new Item("flaky", Kind.bugfix, "Flaky SubscriptionRenewalTest",
                    "SubscriptionRenewalTest failed about once in twenty runs because it read LocalDate.now() around"
                            + " midnight; tests now get a fixed Clock injected.", 25),
            new Item("logging", Kind.preference, "Structured logging",
                    "Log as JSON through Logback's logstash encoder with the request id in MDC; never log card numbers"
                            + " or full e-mail addresses.", 140),
            new Item("search", Kind.architecture, "Invoice search",
                    "Invoice search is served by OpenSearch, fed by a Kafka consumer that indexes InvoiceIssued and"
                            + " InvoicePaid events; the database stays the source of truth and the index can be rebuilt"
                            + " from it.", 110),
            new Item("eks", Kind.decision, "Kubernetes on EKS",
                    "Production runs on Amazon EKS (k8s 1.29) with one namespace per environment; Helm charts live in"
                            + " deploy/charts.", 130),
            new Item("adyen-retry", Kind.commit, "fix(payments): retry Adyen calls with exponential backoff",
                    "Adyen returns 503 during their maintenance windows; PaymentClient now retries up to 3 times with"
                            + " jittered exponential backoff, then marks the payment attempt as pending.", 10),
            new Item("pdf", Kind.commit, "feat(billing): render invoice PDFs with OpenPDF",
                    "InvoicePdfRenderer replaces the wkhtmltopdf shell-out, which leaked zombie processes; fonts are"
                            + " embedded so PDFs look the same on every machine.", 35),
            new Item("oom", Kind.bugfix, "Out of memory in the reconciliation job",
                    "The nightly reconciliation job loaded every settlement of the month into memory and hit the 2 GB"
                            + " heap limit; it now streams settlements in batches of 1,000 ordered by id.", 50),
            new Item("api-version", Kind.decision, "API versioning in the URL",
                    "The public REST API is versioned in the path (/v1, /v2); a version is supported for 12 months after"
                            + " its successor ships, announced in the changelog.", 210),
            new Item("small-prs", Kind.preference, "Small pull requests",
                    "Keep pull requests under about 400 changed lines; split refactorings from behaviour changes so"
                            + " reviewers can follow them.", 190),
            new Item("secrets", Kind.architecture, "Secrets management",
                    "Credentials live in AWS Secrets Manager and reach pods through the External Secrets Operator;"
                            + " nothing secret is committed to the repository or baked into images.", 95),
            new Item("local", Kind.note, "Running the stack locally",
                    "docker compose up starts PostgreSQL, Kafka, Redis and Keycloak; then run ./gradlew bootRun in each"
                            + " service; seed data comes from scripts/seed.sql.", 85),
            new Item("gradle", Kind.decision, "Gradle with version catalogs",
                    "The build uses Gradle with a libs.versions.toml version catalog; Maven was dropped because the"
                            + " multi-module build took twice as long.", 260),
            new Item("yen", Kind.bugfix, "Japanese yen amounts multiplied by 100",
                    "Invoices in JPY showed amounts a hundred times too large: the formatter assumed two decimal places"
                            + " for every currency. Fixed by reading the minor unit digits from java.util.Currency.", 65),
            new Item("tenancy", Kind.architecture, "Multi-tenancy",
                    "Every table carries a tenant_id column and PostgreSQL row-level security policies enforce it; the"
                            + " tenant comes from the token's organisation claim.", 170),
            new Item("utc", Kind.decision, "Timestamps in UTC",
                    "All timestamps are stored as timestamptz in UTC and converted to the merchant's zone only for"
                            + " display and reporting.", 280),
            new Item("naming", Kind.preference, "No abbreviations in names",
                    "Use full words in class and variable names (invoiceNumber, not invNo); acronyms only when they are"
                            + " the domain's own (IBAN, VAT).", 230),
            new Item("vat", Kind.commit, "feat(billing): reverse-charge VAT for EU business customers",
                    "Invoices to EU companies with a valid VAT ID get reverse charge: no VAT line, a legal note on the"
                            + " PDF; VIES is checked at checkout and cached for 24 hours.", 28),
            new Item("deadlock", Kind.bugfix, "Deadlock between payouts and refunds",
                    "Payout batches and refunds locked merchant balance rows in opposite orders and deadlocked under"
                            + " load; both now lock balances ordered by merchant id.", 18),
            new Item("tracing", Kind.decision, "OpenTelemetry for tracing",
                    "Services export traces with the OpenTelemetry Java agent to Grafana Tempo; metrics go to Prometheus"
                            + " via Micrometer.", 75),
            new Item("retention", Kind.architecture, "Data retention",
                    "Invoices and ledger entries are kept for ten years for tax law; personal data in support tickets is"
                            + " deleted after 24 months by the retention job.", 145),
            new Item("load-test", Kind.note, "Load test results",
                    "k6 load test on staging: 1,200 checkout requests per second at p95 180 ms before the database CPU"
                            + " saturates; the bottleneck is the balance update query.", 12),
            new Item("frontend", Kind.decision, "React with TypeScript for the dashboard",
                    "The merchant dashboard is a React and TypeScript single-page app built with Vite; server state"
                            + " through TanStack Query.", 220),
            new Item("expand-contract", Kind.preference, "Backward-compatible migrations",
                    "Database migrations must be backward compatible with the previous release (expand, then contract),"
                            + " because pods of both versions run during a rollout.", 115),
            new Item("certificates", Kind.bugfix, "Tax provider calls failing after certificate rotation",
                    "Calls to the tax provider failed with PKIX path building errors after they rotated their"
                            + " certificate; our image shipped an outdated CA bundle. Fixed by updating the base image and"
                            + " dropping the custom truststore.", 8),
            new Item("shedlock", Kind.architecture, "Scheduled jobs",
                    "Recurring jobs (renewals, dunning, reconciliation) run in the jobs service with ShedLock, so only"
                            + " one pod runs each job even with several replicas.", 125),
            new Item("dunning", Kind.decision, "Dunning schedule",
                    "Failed subscription payments are retried after 1, 3 and 7 days, with an e-mail to the customer each"
                            + " time; after the third failure the subscription is paused, not cancelled.", 88),
            new Item("i18n", Kind.commit, "feat(dashboard): German and French translations",
                    "The merchant dashboard now ships de and fr locales via i18next; invoice PDFs stay in the merchant's"
                            + " configured language.", 22));

    static final List<Question> QUESTIONS = List.of(
            q("postgres", Category.forms, "postgres"),
            q("how do I ship to prod", Category.forms, "deploy"),
            q("prod deploy", Category.forms, "deploy"),
            q("k8s version", Category.forms, "eks"),
            q("why did customers get the same invoice mail twice?", Category.words, "duplicate-email"),
            q("which assertion library should tests use?", Category.words, "assertj"),
            q("where are domain events published?", Category.words, "kafka"),
            q("how does login work for the API?", Category.words, "auth"),
            q("the monthly report is missing the last day's transactions", Category.words, "month-end"),
            q("can I use a double for prices?", Category.words, "money"),
            q("how should I write commit messages?", Category.words, "commits"),
            q("how fresh are the currency conversion rates?", Category.words, "rates"),
            q("we run out of db connections while exporting", Category.forms, "pool"),
            q("do we use reactive programming or threads?", Category.words, "java21"),
            q("may I mock the repository in an integration test?", Category.words, "no-mocks"),
            q("which service is responsible for balances?", Category.words, "boundaries"),
            q("stripe signature check fails", Category.words, "webhooks"),
            q("how do we hide unfinished features from users?", Category.words, "flags"),
            q("what do I do when the payments alert goes off at night?", Category.words, "oncall"),
            q("is there a throttle on public API calls?", Category.words, "rate-limit"),
            q("a test fails randomly around midnight", Category.words, "flaky"),
            q("what format should logs be written in?", Category.words, "logging"),
            q("how is finding invoices implemented?", Category.words, "search"),
            q("which cloud provider hosts our cluster?", Category.meaning, "eks"),
            q("what happens when Adyen is down for maintenance?", Category.words, "adyen-retry"),
            q("how are invoice PDFs generated?", Category.words, "pdf"),
            q("the nightly job crashes with out of memory", Category.words, "oom"),
            q("how long is an old API version supported?", Category.words, "api-version"),
            q("how big should a PR be?", Category.meaning, "small-prs"),
            q("where do passwords and credentials live?", Category.words, "secrets", "auth"),
            q("how do I start everything on my laptop?", Category.meaning, "local"),
            q("why not Maven?", Category.words, "gradle"),
            q("yen prices are wrong by a factor of 100", Category.words, "yen"),
            q("how do we keep one customer's data away from another's?", Category.meaning, "tenancy"),
            q("which time zone are dates saved in?", Category.words, "utc"),
            q("naming conventions for variables", Category.words, "naming"),
            q("do EU business customers pay VAT?", Category.words, "vat"),
            q("refunds and payouts block each other", Category.words, "deadlock"),
            q("where can I see distributed traces?", Category.words, "tracing"),
            q("how long do we keep invoices?", Category.words, "retention"),
            q("what throughput can checkout handle?", Category.words, "load-test"),
            q("what is the dashboard frontend written in?", Category.words, "frontend"),
            q("can a migration drop a column right away?", Category.words, "expand-contract"),
            q("SSL handshake errors when calling the tax provider", Category.words, "certificates"),
            q("how do we make sure a cron job runs on only one replica?", Category.words, "shedlock"),
            q("what happens when a subscription payment fails?", Category.words, "dunning"),
            q("is the dashboard available in other languages?", Category.words, "i18n"),
            q("what did we pick as the main database?", Category.meaning, "postgres"),
            q("how do I roll out a new version to customers?", Category.words, "deploy", "flags"),
            q("what was the root cause of the double emails?", Category.words, "duplicate-email"));

    /** Questions no item answers; each shares at most an ordinary word with some item. */
    static final List<String> UNRELATED = List.of(
            "tips for a job interview",
            "what time does the store open on Sunday",
            "favourite pizza for the team lunch",
            "how do I bake sourdough bread",
            "who won the football world cup",
            "book a flight to Tokyo for the conference");

    private static Question q(String text, Category category, String... expected) {
        return new Question(text, Set.of(expected), category);
    }

    private final Map<String, String> idsByKey = new HashMap<>();
    private final Map<String, String> keysById = new HashMap<>();

    /** Stores the items, each as old as the project says. */
    public void load(ItemService items, Instant now) {
        List<NewItem> requests = new ArrayList<>();
        for (Item item : ITEMS) {
            requests.add(new NewItem(item.kind(), Optional.of(item.title()), item.content(), List.of(), "manual",
                    Optional.empty(), Optional.of(now.minus(Duration.ofDays(item.ageDays())))));
        }
        List<AddResult> added = items.addAll(requests);
        for (int i = 0; i < ITEMS.size(); i++) {
            idsByKey.put(ITEMS.get(i).key(), added.get(i).item().id());
            keysById.put(added.get(i).item().id(), ITEMS.get(i).key());
        }
    }

    /** Asks every question and every unrelated one of {@code ranking}. */
    public Report measure(Ranking ranking) {
        Map<Category, Tally> tallies = new EnumMap<>(Category.class);
        List<String> misses = new ArrayList<>();
        List<Double> answerScores = new ArrayList<>();
        for (Question question : QUESTIONS) {
            List<SearchHit> hits = ranking.search(new SearchQuery(question.text(), ItemFilter.current(), 10, false));
            int rank = 0;
            for (int i = 0; i < hits.size() && rank == 0; i++) {
                if (question.expected().contains(keysById.get(hits.get(i).item().id()))) {
                    rank = i + 1;
                    answerScores.add(hits.get(i).score());
                }
            }
            tallies.computeIfAbsent(question.category(), c -> new Tally()).add(rank);
            if (rank == 0 || rank > 5) {
                misses.add(String.format(Locale.ROOT, "%s [%s] -> %s", question.text(), question.category(),
                        hits.stream().limit(3).map(h -> keysById.get(h.item().id()) + " " + h.score()).toList()));
            }
        }
        Map<String, Double> unrelated = new LinkedHashMap<>();
        for (String text : UNRELATED) {
            List<SearchHit> hits = ranking.search(new SearchQuery(text, ItemFilter.current(), 10, false));
            unrelated.put(text, hits.isEmpty() ? 0 : hits.get(0).score());
        }
        return new Report(tallies, misses, answerScores, unrelated);
    }

    String id(String key) {
        return idsByKey.get(key);
    }

    /** Hits within the first five and reciprocal ranks, for one category of questions. */
    static final class Tally {
        int questions;
        int hitsAt5;
        double reciprocalRanks;

        void add(int rank) {
            questions++;
            if (rank >= 1 && rank <= 5) {
                hitsAt5++;
            }
            reciprocalRanks += rank == 0 ? 0 : 1.0 / rank;
        }
    }

    /** What a ranking reached: per category, the questions it missed, the answers' scores and unrelated best scores. */
    public record Report(Map<Category, Tally> tallies, List<String> misses, List<Double> answerScores,
                         Map<String, Double> unrelatedBest) {

        public double hitRateAt5() {
            return (double) tallies.values().stream().mapToInt(t -> t.hitsAt5).sum()
                    / tallies.values().stream().mapToInt(t -> t.questions).sum();
        }

        public double hitRateAt5(Category category) {
            Tally tally = tallies.get(category);
            return tally == null ? 0 : (double) tally.hitsAt5 / tally.questions;
        }

        public double mrr() {
            return tallies.values().stream().mapToDouble(t -> t.reciprocalRanks).sum()
                    / tallies.values().stream().mapToInt(t -> t.questions).sum();
        }

        /** The median score of the hits that answered a question. */
        public double medianAnswerScore() {
            List<Double> sorted = answerScores.stream().sorted().toList();
            return sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        }

        public double worstUnrelatedScore() {
            return unrelatedBest.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                    "paraphrase suite: %d questions, hit@5 %.3f, MRR %.3f", QUESTIONS.size(), hitRateAt5(), mrr()));
            for (Map.Entry<Category, Tally> entry : tallies.entrySet()) {
                text.append(String.format(Locale.ROOT, "; %s %d/%d", entry.getKey(), entry.getValue().hitsAt5,
                        entry.getValue().questions));
            }
            text.append(String.format(Locale.ROOT, "%nmedian answer score %.3f; unrelated best scores %s",
                    medianAnswerScore(), unrelatedBest));
            misses.forEach(miss -> text.append("\n  missed: ").append(miss));
            return text.toString();
        }
    }
}
