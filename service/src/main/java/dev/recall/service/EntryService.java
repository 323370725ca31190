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
    /** The newest entries the filters allow (accepted ones unless the filters name a status). */
    public record ListRequest(Filters filters, int limit) {
        public ListRequest {
            if (limit < 1) {
                throw RecallException.invalid("limit", "must be at least 1");
            }
        }
    }

    public record ListResult(List<RecallEntry> entries, EntryFilter filter) {}

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

    EntryService(Resources resources, AutoEmbedding autoEmbedding) {
        this.resources = resources;
        this.autoEmbedding = autoEmbedding;
    }

    public ListResult list(ListRequest request) {
        EntryFilter filter = request.filters().resolve(EntryStatus.ACCEPTED, false);
        return new ListResult(new Entries(resources.database()).list(filter, request.limit()), filter);
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
        List<RecallEntry> older = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>(List.of(id));
        for (String next = r.entry().supersedesEntryId(); next != null && older.size() < MAX_CHAIN
                && seen.add(next); ) {
            Optional<RecallEntry> e = entries.get(next);
            if (e.isEmpty()) {
                break;
            }
            older.addFirst(e.get());
            next = e.get().supersedesEntryId();
        }
        List<RecallEntry> newer = new ArrayList<>();
        for (String next = r.entry().supersededByEntryId(); next != null && newer.size() < MAX_CHAIN
                && seen.add(next); ) {
            Optional<RecallEntry> e = entries.get(next);
            if (e.isEmpty()) {
                break;
            }
            newer.add(e.get());
            next = e.get().supersededByEntryId();
        }
        return new Inspection(r.entry(), r.evidence(), new InjectionScanner().scanEntry(r.entry(), r.evidence()),
                browser.extractionFingerprint(id).orElse(null), new ReviewLabels(resources.database()).record(id).orElse(null), older, newer);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /** Counts of the entries, and of the archived sessions they come from. */
    public StatsResult stats() {
        return new StatsResult(EntryStats.of(resources.database()), SessionStats.of(resources.database()));
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
