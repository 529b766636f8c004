package dev.graphiti.ingest.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.redact.Redactor;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Capture keeps a decision, rule, preference or root cause whole, in the words people actually use (issue 30). */
class WholeStatementTest {

    @TempDir
    Path dir;

    private final PatternExtractor extractor = new PatternExtractor(new Redactor());

    @Test
    void aDecisionKeepsTheSentencesThatCarryItsDetails() {
        List<Extraction> found = extract(user("Decision: money is never float. Line amounts are computed with Decimal and"
                + " rounded to cents with ROUND_HALF_UP per line, and the total is the sum of the rounded lines. Convert at the"
                + " edges; the column is NUMERIC(12,2). Can you start with invoice.py?"));

        assertEquals(1, found.size(), found.toString());
        assertEquals("Decision: money is never float", found.get(0).title());
        assertEquals("Decision: money is never float. Line amounts are computed with Decimal and rounded to cents with"
                + " ROUND_HALF_UP per line, and the total is the sum of the rounded lines. Convert at the edges; the column"
                + " is NUMERIC(12,2).", found.get(0).content());
    }

    @Test
    void abbreviationsVersionsPathsAndCodeSpansNeverEndASentence() {
        for (String sentence : List.of(
                "Invoice numbers are uppercase base36 with no 0/O/1/I, i.e. 23456789ABCDEFGHJKLMNPQRSTUVWXYZ after INV-.",
                "Pin the parsers, e.g. Jackson 2.17.1 and SnakeYAML 2.2, in the BOM.",
                "We chose Postgres vs. Redis for the job queue.",
                "Upgrade to v1.2.3 only after docs/api/*.md and config.yaml are regenerated.",
                "Commit messages look like `Fix the parser. Adds a test` and never name a ticket.")) {
            assertEquals(List.of(sentence.replace("`", "")), Sentences.of(sentence));
        }
        assertEquals(List.of("I talked to their team.", "ok: from now on we batch.", "Keys, tokens etc. all live in Vault.",
                        "Then it works."),
                Sentences.of("I talked to their team. ok: from now on we batch. Keys, tokens etc. all live in Vault. Then it"
                        + " works."));
    }

    @Test
    void anUnlabelledRuleIsStoredWithItsReason() {
        List<Extraction> found = extract(user("I talked to their team. The limit is 25 per call on the new endpoint, they"
                + " just didn't document it. ok: from now on every push to the feed goes in batches of exactly 25, and we"
                + " never send more than 25 in one call, because the loader silently truncates"));

        assertEquals(1, found.size(), found.toString());
        assertEquals(Extraction.DECISION, found.get(0).kind());
        assertTrue(found.get(0).content().startsWith("ok: from now on every push to the feed goes in batches of exactly 25"),
                found.get(0).content());
        assertTrue(found.get(0).content().endsWith("because the loader silently truncates"), found.get(0).content());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "From now on proration is by the day, not by the second.",
            "We always evaluate on the frozen split eval_v3, never on a fresh random split.",
            "We never edit metrics.log in place; it is append-only.",
            "Let's go with cursor pagination for every list endpoint, limit 50.",
            "The rule is: no hex colours in components, only tokens from tokens.css.",
            "Use date-fns, not moment, and import it per function.",
            "The root cause was journald filling /var on the build hosts.",
            "Going forward the deploy window is Monday to Thursday, 09:00-11:00 UTC.",
            "DECISION: all Terraform state lives in the bucket acme-tfstate.",
            "decision: the main site builds only the latest two minor versions.",
            "Root cause: the Keychain read happens before the first unlock after a reboot."})
    void recognisesWhatPeopleActuallySay(String statement) {
        List<Extraction> found = extract(user(statement));
        assertEquals(1, found.size(), statement);
        assertEquals(statement, found.get(0).content());
    }

    @Test
    void aUsersYesSettlesWhatTheAgentProposed() {
        List<Extraction> found = extract(
                assistant("The CPU limit of 500m is enforced by CFS quotas. I suggest every deployment sets CPU requests but"
                        + " no CPU limits, and the memory limit equal to the request, so pods are never throttled."),
                user("Yes, do that. Start with checkout."));

        assertEquals(1, found.size(), found.toString());
        assertEquals(Extraction.DECISION, found.get(0).kind());
        assertEquals("I suggest every deployment sets CPU requests but no CPU limits, and the memory limit equal to the"
                + " request, so pods are never throttled.", found.get(0).content());
    }

    @Test
    void aReplyThatAgreesWithAStatedRootCauseAddsNothingOfItsOwn() {
        List<Extraction> found = extract(
                assistant("The root cause is target leakage: the feature uses refunds after the churn date. Every feature is"
                        + " computed from data strictly before the prediction cutoff."),
                user("Agreed, that's how all features work from now on."));

        assertEquals(1, found.size(), found.toString());
        assertEquals(Extraction.BUGFIX, found.get(0).kind());
        assertTrue(found.get(0).content().endsWith("strictly before the prediction cutoff."), found.get(0).content());
    }

    @Test
    void aProposalDeclinedOrAskedAboutSettlesNothing() {
        assertEquals(List.of(), extract(assistant("I'd suggest we raise num_workers to 8. Want me to try?"), user("later")));
        assertEquals(List.of(), extract(assistant("I suggest we cache target/ as well."),
                user("yes, but only on main branches instead")));
        assertEquals(List.of(), extract(assistant("Should we go with a useCallback there or leave them?"), user("yes")));
    }

    /** A rule said without any marker word: over everything of a kind, what is never done, what it is and is not. */
    @ParameterizedTest
    @ValueSource(strings = {
            "Every migration ships with a down script that restores the previous schema exactly.",
            "No credentials in the repository, ever: tokens come from the vault at deploy time.",
            "Timestamps in the API are RFC 3339 strings in UTC, not epoch seconds.",
            "Thumbnails are generated once at upload and never resized on request."})
    void anUnmarkedRuleIsStoredWhole(String statement) {
        List<Extraction> found = extract(user(statement));
        assertEquals(1, found.size(), statement);
        assertEquals(Extraction.DECISION, found.get(0).kind());
        assertEquals(statement, found.get(0).content());
    }

    /** What happened, a short reply or "every time I ..." is not a rule, whatever words it shares with one. */
    @Test
    void reportsAndRepliesAreNotUnmarkedRules() {
        assertEquals(List.of(), extract(user("After a restart the scanner sometimes never reconnects until it is unplugged."),
                user("later, not today"), user("No worries, I will look at it after lunch."),
                user("Every time I open the settings page it logs me out.")));
    }

    @Test
    void aRuleGoesOnWithItsNextSentenceAboutTheSameThing() {
        List<Extraction> found = extract(user("Let's go with feature flags for every new checkout step: each flag defaults"
                + " to off in production. We never remove a flag before its step has run for two weeks at 100%."));

        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).content().endsWith("two weeks at 100%."), found.get(0).content());
    }

    @Test
    void aMightInsideTheRuleDoesNotHedgeIt() {
        List<Extraction> found = extract(user("From now on error responses carry only the problem id, and anything that"
                + " might reveal a file path goes through the sanitizer first."));

        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).content().contains("goes through the sanitizer first"), found.get(0).content());
    }

    @Test
    void aPlanOfferedAsHowAboutAndAcceptedIsSettled() {
        List<Extraction> found = extract(
                assistant("How about this layout: every service gets its own schema named after it, and cross-service"
                        + " reads go through views in a shared schema."),
                user("yes, go with that"));

        assertEquals(1, found.size(), found.toString());
        assertEquals(Extraction.DECISION, found.get(0).kind());
        assertTrue(found.get(0).content().contains("cross-service reads go through views"), found.get(0).content());
    }

    @Test
    void whatItTurnedOutToComeFromIsARootCause() {
        List<Extraction> found = extract(assistant("It turned out the memory growth came from the image cache keeping every"
                + " decoded frame, because its size limit counted files instead of bytes."));

        assertEquals(1, found.size(), found.toString());
        assertEquals(Extraction.BUGFIX, found.get(0).kind());
    }

    /** Routine work (tests, reads, small fixes, questions, tool output, thinking aloud) stores nothing. */
    @Test
    void routineSessionsStoreNothing() throws Exception {
        List<MemoryLoopCorpus.Session> routine = new ArrayList<>(MemoryLoopCorpus.common());
        for (MemoryLoopCorpus.Domain domain : MemoryLoopCorpus.domains()) {
            if (!domain.heldOut()) {
                routine.addAll(domain.routine());
            }
        }
        for (MemoryLoopCorpus.Session session : routine) {
            Path file = dir.resolve(ClaudeCodeSessionWriter.sessionId(session.name()) + ".jsonl");
            new ClaudeCodeSessionWriter("s", "/repo", Instant.EPOCH).blocks(session.blocks()).write(file);
            assertEquals(List.of(), extractor.extract(new TranscriptReader().read(file, 0, "s").turns()), session.name());
        }
    }

    private List<Extraction> extract(Turn... turns) {
        return extractor.extract(List.of(turns));
    }

    private static Turn user(String text) {
        return new Turn("s", Turn.Role.user, text, Instant.EPOCH);
    }

    private static Turn assistant(String text) {
        return new Turn("s", Turn.Role.assistant, text, Instant.EPOCH);
    }
}
