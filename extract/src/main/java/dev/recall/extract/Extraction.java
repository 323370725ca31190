package dev.recall.extract;

import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Evidence;
import dev.recall.store.ExtractedEntries;
import dev.recall.store.ExtractionCandidates;
import dev.recall.store.ExtractionGeneration;
import dev.recall.store.ExtractionGenerations;
import dev.recall.store.ExtractionSession;
import dev.recall.store.ExtractionSessions;
import dev.recall.store.GenerationState;
import dev.recall.store.Message;
import dev.recall.store.ProposedEntry;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.Rereads;
import dev.recall.store.Session;
import dev.recall.store.Sessions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Extraction over the session archive: runs the configured extractor on pending sessions, reports coverage,
 * previews a session, and moves generations through building → active → retired.
 *
 * <p>Only the active generation's entries are served. A building generation's proposals wait in
 * extraction_candidates; {@link #activate} moves them into recall_entries in one transaction and retires the
 * previously active generation, whose unreviewed entries are archived. Runs under the active generation write
 * straight into recall_entries. Entry ids are derived from the fingerprint, session, type and title, so running
 * again on the same archive inserts nothing new.
 */
public final class Extraction {
    /**
     * Which sessions to run: one session, all of them again (--full), at most limit of them. A session whose last
     * attempt failed waits {@code failureBackoff} before it is tried again (null: it is retried on every run, as
     * `extract run` does), unless its transcript changed since.
     */
    public record RunOptions(String sessionId, boolean full, int limit, Duration failureBackoff) {
        public RunOptions {
            if (limit < 1) {
                throw RecallException.invalid("limit", "must be at least 1");
            }
            if (failureBackoff != null && failureBackoff.isNegative()) {
                throw RecallException.invalid("failure_backoff", "must not be negative");
            }
        }

        public RunOptions(String sessionId, boolean full, int limit) {
            this(sessionId, full, limit, null);
        }

        public static RunOptions all() {
            return new RunOptions(null, false, Integer.MAX_VALUE);
        }

        public RunOptions withFailureBackoff(Duration backoff) {
            return new RunOptions(sessionId, full, limit, backoff);
        }
    }

    /** What happened to one session. */
    public record SessionOutcome(String sessionId, String status, String reason, int proposed, int inserted) {}

    /** What a run did; {@code superseded} lists the near-duplicates across sessions it retired, with why. */
    public record RunReport(String fingerprint, String method, String state, int sessions, int done, int failed,
            int ineligible, int proposed, int inserted, int droppedAnchors, int droppedProposals, long messages,
            Duration elapsed, List<SessionOutcome> outcomes, List<Supersession> superseded) {}

    /** An extracted entry superseding a near-duplicate of another session (see CrossSessionDuplicates). */
    public record Supersession(String winnerId, String loserId, String reason) {}

    /** One generation with what it holds. */
    public record GenerationInfo(String fingerprint, String method, String state, Instant createdAt,
            Instant activatedAt, Instant retiredAt, long servedEntries, long waitingCandidates, long sessionsDone) {}

    /** Coverage of the configured generation: how many sessions are done, pending, failed, ineligible and why. */
    public record Status(String fingerprint, String method, String state, long sessions, long done, long pending,
            long failed, long ineligible, Map<String, Long> failedReasons, Map<String, Long> ineligibleReasons,
            List<SessionOutcome> problems, List<GenerationInfo> generations) {}

    /** An entry the extractor would propose, with its host-computed evidence. */
    public record Proposal(RecallEntry entry, List<Evidence> evidence) {}

    /** What extraction would see and, for the local extractor, propose for one session; nothing is written. */
    public record Preview(String sessionId, String fingerprint, String method, String eligibility,
            List<Chunk> chunks, List<Proposal> proposals) {}

    public record Activation(String fingerprint, String previous, boolean alreadyActive, int inserted,
            int restored, int archivedFromPrevious, List<Supersession> superseded) {}

    public record Retirement(String fingerprint, String previousState, int archived, int candidatesKept) {}

    /** The resolved configuration, its fingerprint, and a probe of the extractor. */
    public record Doctor(Map<String, Object> config, String fingerprint, String method, String canonicalConfig,
            String state, String transport, Probe probe) {}

    public record Probe(boolean ok, long millis, int entries, String error) {}

    private final Database db;
    private final ExtractConfig config;
    private final Function<String, String> env;
    private final Clock clock;
    private final Fingerprint fingerprint;
    private final Sessions sessions;
    private final Entries entries;
    private final ExtractionGenerations generations;
    private final ExtractionSessions states;
    private final ExtractionCandidates candidates;
    private final ExtractedEntries served;
    private final SecretScanner outbound = SecretScanner.outbound();

    public Extraction(Database db, ExtractConfig config, Function<String, String> env, Clock clock) {
        this.db = db;
        this.config = config;
        this.env = env;
        this.clock = clock;
        this.fingerprint = Fingerprint.of(config);
        this.sessions = new Sessions(db);
        this.entries = new Entries(db);
        this.generations = new ExtractionGenerations(db);
        this.states = new ExtractionSessions(db);
        this.candidates = new ExtractionCandidates(db);
        this.served = new ExtractedEntries(db);
    }

    public String fingerprint() {
        return fingerprint.value();
    }

    public String method() {
        return fingerprint.method();
    }

    // ---- run --------------------------------------------------------------------------------------------------

    /** A pass's progress, one call per session handled (done of total). */
    public interface Progress {
        void session(int done, int total);

        Progress NONE = (done, total) -> {};
    }

    public RunReport run(RunOptions options) {
        return run(options, Progress.NONE);
    }

    public RunReport run(RunOptions options, Progress progress) {
        long started = System.nanoTime();
        ExtractionGeneration gen = generations.ensure(fingerprint.value(), fingerprint.method(),
                fingerprint.canonicalConfig(), clock.instant());
        if (gen.state() == GenerationState.RETIRED) {
            throw new ExtractException(ExtractException.Kind.CONFLICT, "generation " + fingerprint.shortValue()
                    + " (this configuration) is retired; activating it serves it again, or change the configuration"
                    + " to start a new generation", RecallException.Remedy.ACTIVATE_EXTRACTION,
                    Map.of("fingerprint", fingerprint.shortValue()));
        }
        if (options.sessionId() != null && sessions.get(options.sessionId()).isEmpty()) {
            throw new ExtractException(ExtractException.Kind.NOT_FOUND, "no session '" + options.sessionId() + "'");
        }
        Instant failedBefore = options.failureBackoff() == null ? null
                : clock.instant().minus(options.failureBackoff());
        List<String> ids = states.pending(fingerprint.value(), options.sessionId(), options.full(), options.limit(),
                failedBefore);
        Eligibility eligibility = new Eligibility(db, config, SecretScanner.archive(), clock);
        List<SessionOutcome> outcomes = new ArrayList<>();
        int[] totals = new int[6]; // done, failed, ineligible, proposed, inserted, dropped proposals
        long messageCount = 0;
        int droppedAnchors = 0;
        Map<String, String> forks = forkParents();
        int handled = 0;
        try (Runner runner = runner()) {
            for (String id : ids) {
                progress.session(handled++, ids.size());
                Session s = sessions.get(id).orElseThrow();
                List<Message> messages = sessions.messages(id);
                messageCount += messages.size();
                Eligibility.Verdict verdict = eligibility.check(s, messages);
                if (!verdict.eligible()) {
                    record(s, ExtractionSession.INELIGIBLE, verdict.describe(), 0);
                    outcomes.add(new SessionOutcome(id, "ineligible", verdict.describe(), 0, 0));
                    totals[2]++;
                    continue;
                }
                List<Candidate> candidates;
                try {
                    candidates = runner.extractor().extract(s, messages);
                    candidates = ownOf(s, messages, candidates, forks);
                } catch (Extractor.ExtractionFailure f) {
                    String reason = f.reason() + ": " + f.getMessage();
                    record(s, ExtractionSession.FAILED, reason, 0);
                    outcomes.add(new SessionOutcome(id, "failed", reason, 0, 0));
                    totals[1]++;
                    continue;
                }
                Anchoring.Plan plan = Anchoring.plan(fingerprint, s, messages, candidates, clock.instant());
                droppedAnchors += plan.droppedAnchors();
                totals[5] += plan.droppedCandidates();
                int[] written = write(s, plan);
                outcomes.add(new SessionOutcome(id, "done", null, written[0], written[1]));
                totals[0]++;
                totals[3] += written[0];
                totals[4] += written[1];
            }
            droppedAnchors += runner.droppedAnchors();
            totals[5] += runner.droppedProposals();
        }
        progress.session(ids.size(), ids.size());
        GenerationState state = generations.get(fingerprint.value()).orElseThrow().state();
        List<Supersession> superseded = state == GenerationState.ACTIVE && totals[4] > 0
                ? supersedeNearDuplicates(fingerprint.value()) : List.of();
        return new RunReport(fingerprint.value(), fingerprint.method(), state.label(), ids.size(), totals[0],
                totals[1], totals[2], totals[3], totals[4], droppedAnchors, totals[5], messageCount,
                Duration.ofNanos(System.nanoTime() - started), List.copyOf(outcomes), superseded);
    }

    /**
     * Retires the served near-duplicates across sessions of a generation: the same knowledge learned in two sessions
     * is served once, by the entry CrossSessionDuplicates ranks higher; the other is archived, linked to it, with its
     * evidence kept. One transaction; reviewed entries are left alone.
     */
    private List<Supersession> supersedeNearDuplicates(String generation) {
        return db.transaction(() -> {
            List<Supersession> found = CrossSessionDuplicates.find(served.unreviewedServed(generation));
            Instant now = clock.instant();
            for (Supersession s : found) {
                served.supersedeUnreviewed(s.loserId(), s.winnerId(), now);
            }
            return found;
        });
    }

    // ---- reconcile --------------------------------------------------------------------------------------------

    /**
     * Stops serving the extracted entries of sessions trashed, marked automated or found to hold secrets since
     * they were extracted (unreviewed ones are archived; see ExtractedEntries). Returns how many were withdrawn.
     */
    public int reconcile() {
        return served.withdrawFromHiddenSessions(clock.instant());
    }

    /** Whether any generation was ever activated, so that extracted entries may be served. */
    public boolean everServed() {
        return generations.list().stream().anyMatch(g -> g.activatedAt() != null);
    }

    /** Fork session id to the session it diverged from, from the log of re-reads. */
    private Map<String, String> forkParents() {
        Map<String, String> out = new java.util.HashMap<>();
        for (Rereads.Event e : new Rereads(db).since(0)) {
            if (e.outcome() == Rereads.Outcome.DIVERGED && e.forkSessionId() != null) {
                out.put(e.forkSessionId(), e.sessionId());
            }
        }
        return out;
    }

    /** A fork's proposals without those resting only on the messages it shares with its parent (ForkPrefix). */
    private List<Candidate> ownOf(Session s, List<Message> messages, List<Candidate> candidates,
            Map<String, String> forks) {
        String parent = forks.get(s.id());
        if (parent == null) {
            return candidates;
        }
        return ForkPrefix.own(candidates, ForkPrefix.shared(messages, sessions.messages(parent)));
    }

    /** Writes a session's plan; returns {entries the generation holds for it, newly inserted}. */
    private int[] write(Session s, Anchoring.Plan plan) {
        return db.transaction(() -> {
            // Read the state inside the transaction: another process may have activated the generation meanwhile.
            GenerationState state = generations.get(fingerprint.value()).orElseThrow().state();
            List<String> reviewed = served.reviewed(s.id()).stream()
                    .map(r -> r.type().label() + "\n" + Texts.titleKey(r.title())).toList();
            int held = 0;
            int inserted = 0;
            for (ProposedEntry p : plan.entries()) {
                RecallEntry e = p.entry();
                if (reviewed.contains(e.type().label() + "\n" + Texts.titleKey(e.title()))) {
                    continue; // a person already reviewed this very entry from an earlier generation
                }
                held++;
                if (candidates.taken(e.id())) {
                    continue;
                }
                if (state == GenerationState.ACTIVE) {
                    served.insertServed(p, fingerprint.value());
                } else {
                    candidates.insert(p, fingerprint.value());
                }
                inserted++;
            }
            states.record(fingerprint.value(), s.id(), ExtractionSession.DONE, null, held, s.transcriptRevision(),
                    clock.instant());
            return new int[] {held, inserted};
        });
    }

    private void record(Session s, String status, String reason, int count) {
        states.record(fingerprint.value(), s.id(), status, reason, count, s.transcriptRevision(), clock.instant());
    }

    /** The configured extractor for one run, closing its transport afterwards. */
    private final class Runner implements AutoCloseable {
        private final Extractor extractor;
        private final ChatEndpoint endpoint;

        Runner(Extractor extractor, ChatEndpoint endpoint) {
            this.extractor = extractor;
            this.endpoint = endpoint;
        }

        Extractor extractor() {
            return extractor;
        }

        int droppedAnchors() {
            return extractor instanceof EndpointExtractor e ? e.droppedAnchors() : 0;
        }

        int droppedProposals() {
            return extractor instanceof EndpointExtractor e ? e.droppedProposals() : 0;
        }

        @Override
        public void close() {
            if (endpoint != null) {
                endpoint.close();
            }
        }
    }

    /** The configured extractor; an endpoint whose transport rules fail refuses the whole run up front. */
    private Runner runner() {
        if (config.extractor() == ExtractConfig.Kind.LOCAL) {
            return new Runner(new LocalExtractor(config.maxFactsPerSession()), null);
        }
        ChatEndpoint endpoint = new ChatEndpoint(config.endpoint(), env, outbound);
        try {
            endpoint.checkTransport();
        } catch (Extractor.ExtractionFailure f) {
            endpoint.close();
            throw new ExtractException(ExtractException.Kind.REJECTED, f.reason() + ": " + f.getMessage());
        }
        return new Runner(new EndpointExtractor(config, endpoint, outbound), endpoint);
    }

    // ---- status -----------------------------------------------------------------------------------------------

    public Status status() {
        var gen = generations.get(fingerprint.value());
        long total = sessions.count();
        long done = 0;
        long failed = 0;
        long ineligible = 0;
        Map<String, Long> failedReasons = new TreeMap<>();
        Map<String, Long> ineligibleReasons = new TreeMap<>();
        List<SessionOutcome> problems = new ArrayList<>();
        for (var st : states.states(fingerprint.value()).values()) {
            switch (st.status()) {
                case "done" -> done++;
                case "pending" -> { } // transcript changed since: counted as pending below
                case "failed" -> {
                    failed++;
                    failedReasons.merge(code(st.reason()), 1L, Long::sum);
                    problems.add(new SessionOutcome(st.sessionId(), "failed", st.reason(), 0, 0));
                }
                default -> {
                    ineligible++;
                    ineligibleReasons.merge(code(st.reason()), 1L, Long::sum);
                    problems.add(new SessionOutcome(st.sessionId(), "ineligible", st.reason(), 0, 0));
                }
            }
        }
        long pending = total - done - failed - ineligible;
        List<GenerationInfo> infos = new ArrayList<>();
        for (var g : generations.list()) {
            long gDone = states.states(g.fingerprint()).values().stream()
                    .filter(s -> s.status().equals(ExtractionSession.DONE)).count();
            infos.add(new GenerationInfo(g.fingerprint(), g.method(), g.state().label(), g.createdAt(),
                    g.activatedAt(), g.retiredAt(), served.servedCount(g.fingerprint()),
                    candidates.count(g.fingerprint()), gDone));
        }
        return new Status(fingerprint.value(), fingerprint.method(),
                gen.map(g -> g.state().label()).orElse("new"), total, done, pending, failed,
                ineligible, failedReasons, ineligibleReasons, problems, infos);
    }

    private static String code(String reason) {
        if (reason == null) {
            return "unknown";
        }
        int colon = reason.indexOf(':');
        return colon < 0 ? reason : reason.substring(0, colon);
    }

    // ---- preview ----------------------------------------------------------------------------------------------

    public Preview preview(String sessionId) {
        Session s = sessions.get(sessionId).orElseThrow(() -> new ExtractException(ExtractException.Kind.NOT_FOUND,
                "no session '" + sessionId + "'"));
        List<Message> messages = sessions.messages(sessionId);
        Eligibility eligibility = new Eligibility(db, config, SecretScanner.archive(), clock);
        String verdict = eligibility.check(s, messages).describe();
        List<Chunk> chunks = new Segmenter(config.segmentation(), outbound::redact).chunks(messages);
        List<Proposal> proposals = new ArrayList<>();
        if (config.extractor() == ExtractConfig.Kind.LOCAL) {
            List<Candidate> candidates = ownOf(s, messages,
                    new LocalExtractor(config.maxFactsPerSession()).extract(s, messages), forkParents());
            for (var p : Anchoring.plan(fingerprint, s, messages, candidates, clock.instant()).entries()) {
                proposals.add(new Proposal(p.entry(), p.evidence()));
            }
        }
        return new Preview(sessionId, fingerprint.value(), fingerprint.method(), verdict, chunks, proposals);
    }

    // ---- generations ------------------------------------------------------------------------------------------

    /** Activates a generation (by fingerprint or prefix; null means the configured one). */
    public Activation activate(String fingerprintOrPrefix) {
        Instant now = clock.instant();
        return db.transaction(() -> {
            ExtractionGeneration gen = resolve(fingerprintOrPrefix);
            if (gen.state() == GenerationState.ACTIVE) {
                return new Activation(gen.fingerprint(), null, true, 0, 0, 0, List.of());
            }
            String previous = null;
            int archived = 0;
            var active = generations.active();
            if (active.isPresent()) {
                previous = active.get().fingerprint();
                archived = served.archiveUnreviewed(previous, now);
                generations.setState(previous, GenerationState.RETIRED, now);
            }
            int restored = gen.state() == GenerationState.RETIRED
                    ? served.restoreUnreviewed(gen.fingerprint(), now) : 0;
            generations.setState(gen.fingerprint(), GenerationState.ACTIVE, now);
            int inserted = 0;
            for (ProposedEntry p : candidates.list(gen.fingerprint())) {
                candidates.delete(p.entry().id());
                if (entries.get(p.entry().id()).isEmpty()) {
                    served.insertServed(p, gen.fingerprint());
                    inserted++;
                }
            }
            return new Activation(gen.fingerprint(), previous, false, inserted, restored, archived,
                    supersedeNearDuplicates(gen.fingerprint()));
        });
    }

    /**
     * Retires a generation: it is no longer served; its unreviewed entries are archived. Retiring the active
     * generation leaves nothing extracted in service, so it takes force.
     */
    public Retirement retire(String fingerprintOrPrefix, boolean force) {
        if (fingerprintOrPrefix == null || fingerprintOrPrefix.isBlank()) {
            throw new ExtractException(ExtractException.Kind.INVALID, "retire needs a fingerprint",
                    RecallException.Remedy.NAME_EXTRACTION, Map.of("field", "fingerprint"));
        }
        Instant now = clock.instant();
        return db.transaction(() -> {
            ExtractionGeneration gen = resolve(fingerprintOrPrefix);
            if (gen.state() == GenerationState.RETIRED) {
                throw new ExtractException(ExtractException.Kind.CONFLICT, "generation "
                        + gen.fingerprint().substring(0, 12) + " is already retired");
            }
            if (gen.state() == GenerationState.ACTIVE && !force) {
                throw new ExtractException(ExtractException.Kind.CONFLICT, "generation "
                        + gen.fingerprint().substring(0, 12) + " is the active one: retiring it archives its "
                        + served.servedCount(gen.fingerprint()) + " served entries and leaves no extracted entries"
                        + " in service", ExtractException.Remedy.FORCE_RETIRE,
                        java.util.Map.of("fingerprint", gen.fingerprint()));
            }
            int archived = served.archiveUnreviewed(gen.fingerprint(), now);
            generations.setState(gen.fingerprint(), GenerationState.RETIRED, now);
            return new Retirement(gen.fingerprint(), gen.state().label(), archived,
                    (int) candidates.count(gen.fingerprint()));
        });
    }

    private ExtractionGeneration resolve(String fingerprintOrPrefix) {
        if (fingerprintOrPrefix == null) {
            return generations.get(fingerprint.value()).orElseThrow(() -> new ExtractException(
                    ExtractException.Kind.NOT_FOUND, "the configured generation " + fingerprint.shortValue()
                            + " has not run yet", RecallException.Remedy.RUN_EXTRACTION, Map.of()));
        }
        if (fingerprintOrPrefix.length() < 6) {
            throw new ExtractException(ExtractException.Kind.INVALID, "give at least 6 characters of the fingerprint");
        }
        List<ExtractionGeneration> matches = generations.list().stream()
                .filter(g -> g.fingerprint().startsWith(fingerprintOrPrefix)).toList();
        if (matches.size() > 1) {
            throw new ExtractException(ExtractException.Kind.INVALID, "fingerprint prefix '" + fingerprintOrPrefix
                    + "' matches " + matches.size() + " generations; give more characters");
        }
        return matches.stream().findFirst().orElseThrow(() -> new ExtractException(
                ExtractException.Kind.NOT_FOUND, "no extraction generation '" + fingerprintOrPrefix + "'"));
    }

    // ---- doctor -----------------------------------------------------------------------------------------------

    public Doctor doctor(boolean probe) {
        Map<String, Object> resolved = new LinkedHashMap<>();
        resolved.put("enabled", config.enabled());
        resolved.put("extractor", config.extractor().label());
        resolved.put("quiet_period", config.quietPeriod().toString());
        resolved.put("candidate_findings", config.candidateFindings().label());
        resolved.put("max_facts", config.maxFactsPerSession());
        ExtractConfig.Segmentation s = config.segmentation();
        resolved.put("max_chunk_messages", s.maxMessages());
        resolved.put("max_chunk_chars", s.maxChars());
        resolved.put("max_message_chars", s.maxMessageChars());
        String transport = "none (local extractor: nothing leaves the machine)";
        if (config.endpoint() != null) {
            ExtractConfig.Endpoint e = config.endpoint();
            resolved.put("endpoint", e.baseUrl().toString());
            resolved.put("chat_url", e.chatUrl().toString());
            resolved.put("model", e.model());
            resolved.put("api_key_env", e.apiKeyEnv());
            resolved.put("api_key_present", e.apiKeyEnv() != null && env.apply(e.apiKeyEnv()) != null);
            resolved.put("allow_http", e.allowHttp());
            resolved.put("timeout", e.timeout().toString());
            ModelRequest r = config.request();
            resolved.put("prompts_profile", r.profile());
            resolved.put("prompt_sha256", dev.recall.store.Digests.sha256(r.systemPrompt()).substring(0, 12));
            resolved.put("temperature", r.temperature());
            resolved.put("max_tokens", r.maxTokens());
            resolved.put("extra_body", r.extraBody());
            try (ChatEndpoint endpoint = new ChatEndpoint(e, env, outbound)) {
                endpoint.checkTransport();
                transport = "ok";
            } catch (Extractor.ExtractionFailure f) {
                transport = f.reason() + ": " + f.getMessage();
            }
        }
        String state = generations.get(fingerprint.value()).map(g -> g.state().label()).orElse("new");
        Probe p = probe ? probe() : null;
        return new Doctor(resolved, fingerprint.value(), fingerprint.method(), fingerprint.canonicalConfig(), state,
                transport, p);
    }

    private Probe probe() {
        Session session = new Session("doctor-probe", "probe", "probe", null, null, null, null, Session.ARCHIVE,
                null, 0);
        List<Message> messages = List.of(
                Message.of("doctor-probe", 0, "user", "Please always run the tests with -count=1 so that we never"
                        + " look at cached results.", null, null, null, null));
        long started = System.nanoTime();
        try {
            int entries;
            if (config.extractor() == ExtractConfig.Kind.LOCAL) {
                entries = new LocalExtractor(config.maxFactsPerSession()).extract(session, messages).size();
            } else {
                try (ChatEndpoint endpoint = new ChatEndpoint(config.endpoint(), env, outbound)) {
                    entries = new EndpointExtractor(config, endpoint, outbound).extract(session, messages).size();
                }
            }
            return new Probe(true, (System.nanoTime() - started) / 1_000_000, entries, null);
        } catch (Extractor.ExtractionFailure f) {
            return new Probe(false, (System.nanoTime() - started) / 1_000_000, 0, f.reason() + ": " + f.getMessage());
        }
    }
}
