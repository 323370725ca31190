package dev.recall.service;

import dev.recall.index.VectorBuilder;
import dev.recall.sessions.SecretScanner;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.brief.InjectionScanner;
import dev.recall.store.EntryBrowser;
import dev.recall.store.ReviewLabels;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryImport;
import dev.recall.store.EntryCounts;
import dev.recall.store.EntryStats;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.SessionStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;

/** Recall entries: list, get, stats, and the JSONL import. */
public final class EntryService {
    /**
     * The newest entries the filters allow (accepted ones unless the filters name a status); with a query text,
     * the entries ranked by it instead (a lexical query, recorded in the ledger as one).
     *
     * @param query text to rank by, or null for newest first
     * @param summary also count the listed entries by attribute
     * @param evidence also return each listed entry's evidence anchors
     */
    public record ListRequest(Filters filters, int limit, String query, boolean summary, boolean evidence,
            Recording recording) {
        public ListRequest {
            if (limit < 1) {
                throw RecallException.invalid("limit", "must be at least 1");
            }
            query = query == null || query.isBlank() ? null : query;
        }

        public ListRequest(Filters filters, int limit) {
            this(filters, limit, null, false, false, Recording.DEFAULT);
        }
    }

    /**
     * @param summary the listed entries counted by attribute, or null when not asked for
     * @param evidence entry id -> its anchors, or null when not asked for
     * @param queryId the ledger event of a ranked list, or null
     */
    public record ListResult(List<RecallEntry> entries, EntryFilter filter, EntryStats summary,
            Map<String, List<Evidence>> evidence, Long queryId) {}

    /** Counts of the entries the filters select (every entry, any status, when they select nothing). */
    public record StatsRequest(Filters filters) {
        public static final StatsRequest ALL = new StatsRequest(Filters.NONE);
    }

    /** One entry, with its evidence anchors when asked. */
    public record GetRequest(String id, boolean withEvidence) {}

    /** @param evidence the anchors, or null when not asked for */
    public record GetResult(RecallEntry entry, List<Evidence> evidence) {}

    public record StatsResult(EntryStats entries, SessionStats sessions) {}

    /**
     * The corpus as a person browses it: every status unless the filters name one (archived and superseded
     * entries are part of what the agents learned), narrowed by text, extractor and extraction generation.
     */
    public record BrowseRequest(Filters filters, String text, String extractorMethod, String extractionFingerprint,
            int limit, int offset) {}

    public record BrowseResult(EntryBrowser.Page page, EntryBrowser.Facets facets, EntryFilter filter) {}

    /**
     * Everything known about one entry: its evidence, the injection bait it carries (as a brief would flag it),
     * the extraction generation that proposed it, the reviewer's verdict, and its supersession chain: the entries
     * it replaced (older first) and those that replaced it (newest last).
     */
    public record Inspection(RecallEntry entry, List<Evidence> evidence, List<String> injectionFlags,
            String extractionFingerprint, ReviewLabels.Record review, List<RecallEntry> supersedes,
            List<RecallEntry> supersededBy) {}

    /** How far a supersession chain is followed each way: a longer one is cut, never looped over. */
    static final int MAX_CHAIN = 50;

    /**
     * Import a JSONL file of entries, in one transaction.
     *
     * @param write false checks and counts only
     * @param reviewed mark the file's entries human_reviewed
     */
    public record ImportRequest(Path file, boolean write, boolean reviewed, boolean allowPlaceholderSessions) {}

    /** @param autoEmbedded the vector build that followed the import, or null (nothing new, or not configured) */
    public record ImportResult(EntryImport.Report report, VectorBuilder.Report autoEmbedded) {}

    private final Resources resources;
    private final AutoEmbedding autoEmbedding;
    private final SearchService search;

    EntryService(Resources resources, AutoEmbedding autoEmbedding, SearchService search) {
        this.resources = resources;
        this.autoEmbedding = autoEmbedding;
        this.search = search;
    }

    public ListResult list(ListRequest request) {
        EntryFilter filter = request.filters().resolve(EntryStatus.ACCEPTED, false);
        List<RecallEntry> entries;
        Long queryId = null;
        if (request.query() != null) {
            SearchService.QueryResult r = search.query(SearchService.QueryRequest.builder(request.query())
                    .filters(request.filters()).limit(request.limit()).recording(request.recording()).build());
            entries = r.result().hits().stream().map(dev.recall.search.SearchHit::entry).toList();
            queryId = r.queryId();
        } else {
            entries = new Entries(resources.database()).list(filter, request.limit());
        }
        List<String> ids = entries.stream().map(RecallEntry::id).toList();
        return new ListResult(entries, filter,
                request.summary() ? EntryStats.ofIds(resources.database(), ids) : null,
                request.evidence() ? new Entries(resources.database()).evidence(ids) : null, queryId);
    }

    public GetResult get(GetRequest request) {
        Entries entries = new Entries(resources.database());
        RecallEntry entry = entries.get(request.id()).orElseThrow(() -> new RecallException(
                RecallException.Kind.NOT_FOUND, "no entry with id '" + request.id() + "'",
                RecallException.Remedy.NONE, Map.of("id", request.id())));
        return new GetResult(entry, request.withEvidence() ? entries.evidence(request.id()) : null);
    }

    /** The evidence anchors of several entries at once (a page of hits), by entry id. */
    public Map<String, List<Evidence>> evidence(java.util.Collection<String> ids) {
        return new Entries(resources.database()).evidence(ids);
    }

    public BrowseResult browse(BrowseRequest request) {
        EntryFilter filter = request.filters().resolve(null, false);
        EntryBrowser browser = new EntryBrowser(resources.database());
        EntryBrowser.Page page = browser.page(new EntryBrowser.Query(filter, blankToNull(request.text()),
                blankToNull(request.extractorMethod()), blankToNull(request.extractionFingerprint()), request.limit(),
                request.offset()));
        return new BrowseResult(page, browser.facets(), filter);
    }

    public Inspection inspect(String id) {
        GetResult r = get(new GetRequest(id, true));
        Entries entries = new Entries(resources.database());
        EntryBrowser browser = new EntryBrowser(resources.database());
        java.util.Set<String> seen = new java.util.HashSet<>(List.of(id));
        List<RecallEntry> older = chain(entries, r.entry().supersedesEntryId(), RecallEntry::supersedesEntryId, seen)
                .reversed();
        List<RecallEntry> newer = chain(entries, r.entry().supersededByEntryId(), RecallEntry::supersededByEntryId,
                seen);
        return new Inspection(r.entry(), r.evidence(), new InjectionScanner().scanEntry(r.entry(), r.evidence()),
                browser.extractionFingerprint(id).orElse(null), new ReviewLabels(resources.database()).record(id).orElse(null), older, newer);
    }

    /** Follows one direction of a supersession chain from an entry's link, at most MAX_CHAIN, never round a loop. */
    private static List<RecallEntry> chain(Entries entries, String first,
            java.util.function.Function<RecallEntry, String> next, java.util.Set<String> seen) {
        List<RecallEntry> out = new ArrayList<>();
        for (String id = first; id != null && out.size() < MAX_CHAIN && seen.add(id); ) {
            Optional<RecallEntry> e = entries.get(id);
            if (e.isEmpty()) {
                break;
            }
            out.add(e.get());
            id = next.apply(e.get());
        }
        return out;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /**
     * Completes the entries' kept statistics if a migration left out the entries already stored (one scan, no write
     * lock held meanwhile); true if it scanned. Otherwise the first count of all entries does it.
     */
    public boolean completeCounts() {
        return EntryCounts.complete(resources.database());
    }

    /** Counts of all entries, and of the archived sessions they come from. */
    public StatsResult stats() {
        return stats(StatsRequest.ALL);
    }

    /** Counts of the entries the filters select, and of the archive's sessions. */
    public StatsResult stats(StatsRequest request) {
        EntryFilter filter = request.filters().resolve(null, false);
        return new StatsResult(EntryStats.of(resources.database(), filter), SessionStats.of(resources.database()));
    }

    public ImportResult importEntries(ImportRequest request, VectorBuilder.Progress progress) {
        EntryImport.Options options = new EntryImport.Options(request.reviewed(), request.allowPlaceholderSessions());
        if (!request.write() && !Files.exists(resources.dataDir().resolve(Database.FILE_NAME))) {
            return new ImportResult(checkAgainstEmptyStore(request.file(), options), null);
        }
        EntryImport.Report report = new EntryImport(resources.database(), SecretScanner.archive()).run(request.file(), options, request.write());
        VectorBuilder.Report built = autoEmbedding.afterChange(report.written() && report.inserted() > 0, progress);
        return new ImportResult(report, built);
    }

    /** A dry run writes nothing, not even a new store: it checks against an empty one in a scratch dir. */
    private EntryImport.Report checkAgainstEmptyStore(Path file, EntryImport.Options options) {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("recall-dry-run");
        } catch (IOException e) {
            throw new RecallException(RecallException.Kind.INTERNAL, "cannot create a scratch dir for the dry run: "
                    + e.getMessage(), e);
        }
        try (Database empty = Database.open(scratch)) {
            return new EntryImport(empty, SecretScanner.archive()).run(file, options, false);
        } finally {
            try (var all = Files.walk(scratch)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                resources.notice("could not remove the dry run's scratch dir " + scratch + ": " + e.getMessage());
            }
        }
    }
}
