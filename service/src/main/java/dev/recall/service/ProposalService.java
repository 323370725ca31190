package dev.recall.service;

import dev.recall.index.VectorBuilder;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.Digests;
import dev.recall.store.Entries;
import dev.recall.store.EntryStatus;
import dev.recall.store.EntryType;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.ReviewState;
import dev.recall.store.Scope;
import dev.recall.store.Session;
import dev.recall.store.SessionCatalog;
import dev.recall.store.SessionFilter;
import dev.recall.store.SessionSummary;
import dev.recall.store.Sessions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An agent proposes an entry from the session it is in. The proposal is stored as {@code unreviewed_auto}, so it
 * is never trusted (never in a trusted brief) until a person reviews it; the host, not the agent, anchors its
 * evidence: the agent quotes the conversation, and the quote must occur in the archived session, whose messages
 * give the anchor's ordinals and digest. Anything that looks like a secret refuses the proposal: nothing is
 * stored.
 */
public final class ProposalService {
    /** The extractor method proposals are stored with: review and the ledger tell them from extracted entries. */
    public static final String METHOD = "agent-proposal-v1";
    static final int MAX_TITLE = 200;
    static final int MAX_BODY = 4_000;
    static final int MAX_TRIGGER = 300;
    static final int MIN_QUOTE = 12;
    static final int MAX_QUOTE = 300;

    /**
     * @param sessionId the session the proposal comes from, or null for the newest session recorded in {@code cwd}
     * @param cwd the agent's working directory, used when no session is named
     * @param quote words of the session, verbatim (whitespace and case aside), that support the entry
     */
    public record ProposeRequest(EntryType type, Scope scope, String title, String body, String trigger,
            String quote, String sessionId, String cwd) {
        public ProposeRequest {
            if (type == null) {
                throw RecallException.invalid("type", "is required");
            }
            scope = scope == null ? Scope.PROJECT : scope;
            title = required("title", title, MAX_TITLE);
            body = required("body", body, MAX_BODY);
            trigger = trigger == null || trigger.isBlank() ? null : bounded("trigger", trigger.strip(), MAX_TRIGGER);
            quote = required("evidence_quote", quote, MAX_QUOTE);
            if (quote.length() < MIN_QUOTE) {
                throw RecallException.invalid("evidence_quote", "must be at least " + MIN_QUOTE
                        + " characters of the conversation, to anchor it unambiguously");
            }
            if ((sessionId == null || sessionId.isBlank()) && (cwd == null || cwd.isBlank())) {
                throw RecallException.invalid("session_id", "is required when the working directory is not known");
            }
        }

        private static String required(String field, String value, int max) {
            if (value == null || value.isBlank()) {
                throw RecallException.invalid(field, "is required");
            }
            return bounded(field, value.strip(), max);
        }

        private static String bounded(String field, String value, int max) {
            if (value.length() > max) {
                throw RecallException.invalid(field, "must be at most " + max + " characters, not " + value.length());
            }
            return value;
        }
    }

    /** @param created false when the same proposal (session, type, title) was already stored */
    public record ProposeResult(RecallEntry entry, Evidence evidence, boolean created) {}

    private final Resources resources;
    private final AutoEmbedding autoEmbedding;

    ProposalService(Resources resources, AutoEmbedding autoEmbedding) {
        this.resources = resources;
        this.autoEmbedding = autoEmbedding;
    }

    public ProposeResult propose(ProposeRequest r) {
        refuseSecrets(r);
        Session session = session(r);
        List<Message> messages = new Sessions(resources.database()).messages(session.id());
        Anchor anchor = anchor(r.quote(), messages).orElseThrow(() -> new RecallException(
                RecallException.Kind.REJECTED, "evidence_quote does not occur in session '" + session.id() + "' ("
                        + messages.size() + " messages archived); quote the conversation word for word, and if it"
                        + " is from the last turn, retry once the transcript is archived",
                RecallException.Remedy.NONE, Map.of("field", "evidence_quote", "session", session.id())));
        String id = "p-" + Digests.sha256(METHOD, session.id(), r.type().label(),
                r.title().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ")).substring(0, 16);
        Entries entries = new Entries(resources.database());
        Optional<RecallEntry> existing = entries.get(id);
        if (existing.isPresent()) {
            List<Evidence> ev = entries.evidence(id);
            return new ProposeResult(existing.get(), ev.isEmpty() ? null : ev.getFirst(), false);
        }
        Instant now = resources.clock().instant();
        RecallEntry entry = new RecallEntry(id, r.type(), r.scope(), EntryStatus.ACCEPTED, ReviewState.UNREVIEWED_AUTO,
                r.title(), r.body(), r.trigger(), null, null, session.project(), session.cwd(), session.gitBranch(),
                session.agent(), session.id(), METHOD, true, true, null, null, null, now, now);
        Evidence evidence = new Evidence(0, id, session.id(), anchor.message().ordinal(), anchor.message().ordinal(),
                anchor.message().sourceUuid(), anchor.message().sourceUuid(), null, anchor.snippet(),
                Digests.anchor(List.of(anchor.message())));
        entries.insert(entry, List.of(evidence));
        autoEmbedding.afterChange(true, VectorBuilder.Progress.NONE);
        List<Evidence> stored = entries.evidence(id);
        return new ProposeResult(entries.get(id).orElse(entry), stored.isEmpty() ? evidence : stored.getFirst(), true);
    }

    /** The secrets gate: a proposal holding anything the archive would redact is refused whole. */
    private static void refuseSecrets(ProposeRequest r) {
        SecretScanner scanner = SecretScanner.archive();
        String[][] fields = {{"title", r.title()}, {"body", r.body()}, {"trigger", r.trigger()},
                {"evidence_quote", r.quote()}};
        for (String[] f : fields) {
            if (f[1] == null) {
                continue;
            }
            var found = scanner.scan(f[1]).findings();
            if (!found.isEmpty()) {
                throw new RecallException(RecallException.Kind.REJECTED, f[0] + " holds what looks like a secret ("
                        + found.getFirst().rule() + "); nothing was stored: propose the entry without the value",
                        RecallException.Remedy.NONE, Map.of("field", f[0], "rule", found.getFirst().rule()));
            }
        }
    }

    private Session session(ProposeRequest r) {
        SessionCatalog catalog = new SessionCatalog(resources.database());
        if (r.sessionId() != null && !r.sessionId().isBlank()) {
            return catalog.summary(r.sessionId()).map(SessionSummary::session).orElseThrow(() -> new RecallException(
                    RecallException.Kind.NOT_FOUND, "no session with id '" + r.sessionId() + "' in the archive",
                    RecallException.Remedy.NAME_SESSION, Map.of("session", r.sessionId())));
        }
        List<SessionSummary> newest = catalog.list(new SessionFilter(null, null, r.cwd(), null, null, null, false), 1, 0);
        if (newest.isEmpty()) {
            throw new RecallException(RecallException.Kind.NOT_FOUND, "no archived session was recorded in "
                    + r.cwd() + "; name the session, or propose once this session's transcript is archived",
                    RecallException.Remedy.NAME_SESSION, Map.of("cwd", r.cwd()));
        }
        return newest.getFirst().session();
    }

    private record Anchor(Message message, String snippet) {}

    /**
     * The newest message holding the quote, and the quote as the message spells it: words matched in order, case
     * and runs of whitespace aside, so a quote re-flowed by the agent still anchors, and the stored snippet is the
     * archive's own text.
     */
    static Optional<Anchor> anchor(String quote, List<Message> messages) {
        List<String> words = List.of(quote.strip().split("\\s+"));
        List<String> quoted = new ArrayList<>();
        words.forEach(w -> quoted.add(Pattern.quote(w)));
        Pattern p = Pattern.compile(String.join("\\s+", quoted), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        for (int i = messages.size() - 1; i >= 0; i--) {
            Message m = messages.get(i);
            Matcher matcher = p.matcher(m.text());
            if (matcher.find()) {
                return Optional.of(new Anchor(m, matcher.group()));
            }
        }
        return Optional.empty();
    }
}
