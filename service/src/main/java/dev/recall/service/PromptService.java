package dev.recall.service;

import dev.recall.brief.Brief;
import dev.recall.brief.BriefPacker;
import dev.recall.index.BagOfWords;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.search.SearchHit;
import dev.recall.search.SearchMode;
import dev.recall.search.SearchRequest;
import dev.recall.search.SearchResult;
import dev.recall.service.config.ConfigFile;
import dev.recall.service.config.RecallConfig;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.ToolCalls;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;

/**
 * Prompt-time recall: when the user submits a prompt, the few trusted entries that plainly concern it, as evidence
 * beside the prompt. Most prompts concern nothing recall holds, and then nothing is added: an entry is added only
 * when it holds most of what the prompt says (its lexical coverage: the IDF-weighted share of the prompt's words the
 * entry contains, which, unlike BM25, means the same for a short prompt and a long one). The threshold and the
 * entry count are {@code [hooks]} settings, calibrated on the judged queries and a set of unrelated prompts.
 */
public final class PromptService {
    /** Prompts with fewer distinct searchable words are acknowledgements ("yes", "go on"), never looked up. */
    static final int MIN_TERMS = 3;
    /** Candidates looked at before the threshold: the BM25 head, where anything that clears it is. */
    static final int CANDIDATES = 10;

    /** A long prompt (a pasted log) is looked up by its beginning, where people say what they want. */
    static final int MAX_PROMPT_CHARS = 4000;
    private static final EntryFilter TRUSTED = Filters.NONE.resolve(EntryStatus.ACCEPTED, true);

    /** @param recording whether the lookup goes to the ledger (surface hook) */
    public record PromptRequest(String prompt, Recording recording) {
        public PromptRequest {
            prompt = prompt == null ? "" : prompt.strip();
            if (prompt.length() > MAX_PROMPT_CHARS) {
                prompt = prompt.substring(0, MAX_PROMPT_CHARS);
            }
        }
    }

    /**
     * @param context the framed block to add beside the prompt, or empty
     * @param added the entries in it, in rank order
     * @param candidates the trusted entries looked at, in rank order, with their coverage of the prompt
     * @param skipped why nothing was looked up or added: off, short_prompt, no_results, below_threshold; or null
     */
    public record PromptResult(String context, List<String> added, List<Candidate> candidates,
            Map<String, List<String>> flagged, String skipped) {}

    /** A trusted entry the lookup found, and how much of the prompt it holds (0 to 1). */
    public record Candidate(String id, double coverage) {}

    private final Resources resources;
    private final LedgerRecorder ledger;
    private final LedgerService calls;

    PromptService(Resources resources, LedgerService calls) {
        this.resources = resources;
        this.ledger = new LedgerRecorder(resources);
        this.calls = calls;
    }

    public PromptResult recall(PromptRequest r) {
        Lookup l = lookup(r);
        record(l.ledger());
        return l.result();
    }

    /**
     * The lookup alone, and what it leaves for the ledger: the daemon answers the hook first and records afterwards
     * ({@link #record}, on any of its service instances), so a ledger write never waits on SQLite's write lock
     * while the prompt waits.
     */
    public Lookup lookup(PromptRequest r) {
        long started = System.nanoTime();
        Found f = find(r);
        return new Lookup(f.result(), new LedgerWrite(r.recording(), r.prompt(), f.shown(), f.result().added(),
                f.missReason(), (System.nanoTime() - started) / 1_000_000));
    }

    /** Appends a lookup to the ledger (nothing when it was not looked up or not to be recorded). */
    public void record(LedgerWrite w) {
        if (w == null || w.shown() == null || !w.recording().record()) {
            return;
        }
        Long event = ledger.record(w.recording(), "hook", w.prompt(), w.shown(), TRUSTED, w.added().size(),
                new HashSet<>(w.added()), w.missReason());
        if (event != null) {
            calls.recordCall(new ToolCalls.Call("hook", "user_prompt_submit", true, null, w.added().size(), event,
                    w.millis()));
        }
    }

    /** A lookup's answer and its ledger record, to be written by {@link #record}. */
    public record Lookup(PromptResult result, LedgerWrite ledger) {}

    /**
     * What {@link #record} appends; callers only pass it on.
     *
     * @param shown the kept hits as the ledger records them, or null when nothing was looked up
     */
    public record LedgerWrite(Recording recording, String prompt, SearchResult shown, List<String> added,
            String missReason, long millis) {}

    /** @param shown the kept hits as the ledger records them, or null when nothing was looked up */
    private record Found(PromptResult result, SearchResult shown, String missReason) {}

    private Found find(PromptRequest r) {
        ConfigFile.HooksSection hooks = resources.config().settings().hooks();
        validate(hooks);
        if (!hooks.promptRecall()) {
            return new Found(new PromptResult("", List.of(), List.of(), Map.of(), "off"), null, null);
        }
        List<String> terms = terms(r.prompt());
        if (terms.size() < MIN_TERMS) {
            return new Found(new PromptResult("", List.of(), List.of(), Map.of(), "short_prompt"), null, null);
        }
        RecallConfig config = resources.config();
        SearchResult found = resources.search().search(SearchRequest.builder(r.prompt()).mode(SearchMode.LEXICAL)
                .filter(TRUSTED).limit(CANDIDATES).window(config.window()).weights(config.weights()).coverage(true)
                .build());
        List<SearchHit> kept = new ArrayList<>();
        List<Candidate> candidates = new ArrayList<>();
        for (SearchHit h : found.hits()) {
            double coverage = h.breakdown().getOrDefault("lexical.coverage", 0.0);
            candidates.add(new Candidate(h.entry().id(), coverage));
            if (coverage >= hooks.promptMinCoverage() && kept.size() < hooks.promptMaxEntries()) {
                kept.add(h);
            }
        }
        String skipped = found.hits().isEmpty() ? "no_results" : kept.isEmpty() ? "below_threshold" : null;
        Brief brief = kept.isEmpty() ? null : pack(kept, terms, hooks.promptBudgetBytes());
        List<String> added = brief == null ? List.of() : brief.included();
        SearchResult shown = new SearchResult(kept, SearchMode.LEXICAL, found.candidates(), 0, false, found.window(),
                false, null, found.corpusRevision(), found.queryStateRevision(), null, List.of());
        return new Found(new PromptResult(brief == null ? "" : brief.context(), added, List.copyOf(candidates),
                brief == null ? Map.of() : brief.flagged(), skipped), shown,
                added.isEmpty() ? (found.hits().isEmpty() ? "no_results" : "context_empty") : null);
    }

    private Brief pack(List<SearchHit> kept, List<String> terms, int budget) {
        List<RecallEntry> entries = kept.stream().map(SearchHit::entry).toList();
        Map<String, List<Evidence>> evidence = new dev.recall.store.Entries(resources.database())
                .evidence(entries.stream().map(RecallEntry::id).toList());
        List<BriefPacker.Item> items = new ArrayList<>();
        for (SearchHit h : kept) {
            items.add(new BriefPacker.Item(h.entry(), evidence.getOrDefault(h.entry().id(), List.of()), h.score()));
        }
        return new BriefPacker().pack(items, terms, budget);
    }

    private static void validate(ConfigFile.HooksSection h) {
        if (h.promptMinCoverage() < 0 || h.promptMinCoverage() > 1) {
            throw RecallException.invalid("[hooks] prompt_min_coverage", "must be between 0 and 1, not "
                    + h.promptMinCoverage());
        }
        if (h.promptMaxEntries() < 1 || h.promptMaxEntries() > 10) {
            throw RecallException.invalid("[hooks] prompt_max_entries", "must be between 1 and 10, not "
                    + h.promptMaxEntries());
        }
        if (h.promptBudgetBytes() < 300 || h.promptBudgetBytes() > 16_000) {
            throw RecallException.invalid("[hooks] prompt_budget_bytes", "must be between 300 and 16000, not "
                    + h.promptBudgetBytes());
        }
    }

    private static List<String> terms(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        try (Analyzer a = AnalyzerKind.ENGLISH.newQueryAnalyzer()) {
            return new ArrayList<>(BagOfWords.terms(a, text).keySet());
        }
    }
}
