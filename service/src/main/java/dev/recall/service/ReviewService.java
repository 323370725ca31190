package dev.recall.service;

import dev.recall.extract.Review;
import dev.recall.index.VectorBuilder;
import dev.recall.store.RecallEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/** Review of extracted candidates: the only way an entry becomes human_reviewed. */
public final class ReviewService {
    /** @param write false checks and counts only */
    public record ImportRequest(Path file, boolean write) {}

    /** @param autoEmbedded the vector build that followed, or null (nothing applied, or not configured) */
    public record ImportResult(Review.ImportReport report, VectorBuilder.Report autoEmbedded) {}

    private final Resources resources;
    private final AutoEmbedding autoEmbedding;

    ReviewService(Resources resources, AutoEmbedding autoEmbedding) {
        this.resources = resources;
        this.autoEmbedding = autoEmbedding;
    }

    /** Writes the selected candidates with their evidence as JSONL; returns how many. */
    public int export(Review.Selection selection, Writer out) {
        try {
            return review().export(out, selection);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Applies a reviewed JSONL file in one transaction; one bad line rejects the file and nothing is written. */
    public ImportResult importFile(ImportRequest request, VectorBuilder.Progress progress) {
        Review.ImportReport r = review().importFile(request.file(), request.write());
        boolean changed = r.written() && r.applied() + r.superseded() > 0;
        return new ImportResult(r, autoEmbedding.afterChange(changed, progress));
    }

    public List<RecallEntry> candidates(Review.Selection selection) {
        return review().candidates(selection);
    }

    public Review.Item item(String entryId) {
        return review().item(entryId);
    }

    /**
     * One decision from a person at a surface (the web page): the same review record an imported file writes
     * (label, source, time), then the vectors follow when the user consented, as after an import. A decision that
     * cannot be applied is refused as input (nothing written).
     *
     * @return the vector build that followed, or null
     */
    public VectorBuilder.Report decide(Review.Decision decision, String source, VectorBuilder.Progress progress) {
        try {
            review().apply(decision, source);
        } catch (IllegalArgumentException e) {
            throw new dev.recall.store.RecallException(dev.recall.store.RecallException.Kind.REJECTED,
                    "review of '" + decision.entryId() + "' refused: " + e.getMessage(),
                    dev.recall.store.RecallException.Remedy.NONE, java.util.Map.of("id", decision.entryId()));
        }
        return autoEmbedding.afterChange(true, progress);
    }

    /** Applies one decision (interactive review); the source says where it came from. */
    public void apply(Review.Decision decision, String source) {
        review().apply(decision, source);
    }

    private Review review() {
        return new Review(resources.database(), resources.clock());
    }
}
