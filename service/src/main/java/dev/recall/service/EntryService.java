package dev.recall.service;

import dev.recall.index.VectorBuilder;
import dev.recall.store.Entries;
import dev.recall.store.EntryFilter;
import dev.recall.store.EntryImport;
import dev.recall.store.EntryStats;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.RecallException;
import dev.recall.store.SessionStats;
import java.nio.file.Path;
import java.util.List;
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

    /** Counts of the entries, and of the archived sessions they come from. */
    public StatsResult stats() {
        return new StatsResult(EntryStats.of(resources.database()), SessionStats.of(resources.database()));
    }

    public ImportResult importEntries(ImportRequest request, VectorBuilder.Progress progress) {
        EntryImport.Report report = new EntryImport(resources.database()).run(request.file(),
                new EntryImport.Options(request.reviewed(), request.allowPlaceholderSessions()), request.write());
        VectorBuilder.Report built = autoEmbedding.afterChange(report.written() && report.inserted() > 0, progress);
        return new ImportResult(report, built);
    }
}
