package dev.recall.search;

import dev.recall.embeddings.Embedder;
import dev.recall.freshness.Freshness;
import dev.recall.freshness.Staleness;
import dev.recall.store.VectorGenerations;
import dev.recall.fusion.FusedHit;
import dev.recall.fusion.LegContribution;
import dev.recall.fusion.RankedHit;
import dev.recall.fusion.RankedList;
import dev.recall.fusion.ReciprocalRankFusion;
import dev.recall.index.LexicalIndex;
import dev.recall.index.PassageVectors;
import dev.recall.index.VectorIndex;
import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.ArchiveScan;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Evidence;
import dev.recall.store.Session;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;

/**
 * Searches the archive's passages: lexical (BM25 over the passage index, synced from the archive journal before
 * every search, filters inside Lucene), vector (HNSW on the sessions store's active generation, refused when it is
 * not stamped at the current archive revision) and hybrid (both legs unfiltered, fused by RRF, then filters). Each hit
 * carries a marked snippet and the evidence of entries that cite messages inside it. Holds the active generation's
 * searcher: close it.
 */
public final class SessionSearch implements AutoCloseable {
    private final Database db;
    private final LexicalIndex passages;
    private final Supplier<Embedder> embedder;
    private final ActiveVectors vectors;
    /** One query analyzer for every search and snippet: analyzers reuse their token streams per thread. */
    private final Analyzer analyzer = AnalyzerKind.CODE.newQueryAnalyzer();

    public SessionSearch(Database db, LexicalIndex passages, Supplier<Embedder> embedder) {
        this.db = db;
        this.vectors = new ActiveVectors(db);
        this.passages = passages;
        this.embedder = embedder;
    }

    public PassageSearchResult search(PassageSearchRequest request) {
        Counters counters = new Counters(db);
        List<String> notes = new ArrayList<>();
        return switch (request.mode()) {
            case LEXICAL -> lexical(request, notes, counters);
            case VECTOR, HYBRID -> vectorOrHybrid(request, notes, counters);
        };
    }

    private PassageSearchResult lexical(PassageSearchRequest request, List<String> notes, Counters counters) {
        sync(notes);
        long revision = counters.archiveRevision();
        int offset = Cursor.offsetFor(request.cursor(), request.signature(), revision);
        try (LexicalIndex.Lease lease = passages.acquire()) {
            PassageLeg leg = new PassageLeg(lease.reader(), analyzer, request.text(), request.k1(), request.b());
            if (!leg.hasTerms()) {
                notes.add("the query has no searchable words (only stopwords or punctuation)");
            }
            int window = Math.max(offset + request.limit(), request.limit());
            PassageLeg.Candidates c = leg.search(request.filter(), window + 1);
            List<PassageLeg.Candidate> all = c.hits();
            List<PassageLeg.Candidate> page = all.subList(Math.min(offset, all.size()),
                    Math.min(all.size(), offset + request.limit()));
            List<PassageHit> hits = new ArrayList<>();
            Page context = context(page.stream().map(PassageLeg.Candidate::sessionId).toList());
            for (PassageLeg.Candidate h : page) {
                LexicalLeg.Breakdown b = request.explain() ? leg.explain(h.doc()) : LexicalLeg.Breakdown.NONE;
                Map<String, Double> breakdown = new LinkedHashMap<>();
                b.perField().forEach((field, v) -> breakdown.put("bm25." + field, v));
                breakdown.put("bm25", h.bm25());
                hits.add(hit(lease.reader(), h, offset + hits.size() + 1, h.bm25(), breakdown, b.matchedTerms(),
                        leg, context));
            }
            String next = c.totalMatches() > offset + page.size()
                    ? Cursor.next(request.signature(), revision, offset + page.size()).encode() : null;
            return new PassageSearchResult(hits, SearchMode.LEXICAL, (int) Math.min(Integer.MAX_VALUE,
                    c.totalMatches()), 0, false, next, revision, null, List.copyOf(notes));
        }
    }

    private PassageSearchResult vectorOrHybrid(PassageSearchRequest request, List<String> notes,
            Counters counters) {
        Embedder model = embedder.get();
        Freshness freshness = new Freshness(new VectorGenerations(db), counters);
        String fingerprint = model.identity().fingerprint(new PassageVectors(db).templateVersion());
        Staleness verdict = freshness.check(VectorGenerations.SESSIONS, fingerprint).orThrow();
        boolean hybrid = request.mode() == SearchMode.HYBRID;
        sync(notes);
        long revision = verdict.currentRevision();
        int offset = Cursor.offsetFor(request.cursor(), request.signature(), revision);
        float[] queryVector = model.embedQuery(request.text());
        List<VectorIndex.Hit> explored = vectors.nearest(verdict.generation(), queryVector,
                Math.max(request.window(), RecallSearch.VECTOR_CANDIDATES));
        List<VectorIndex.Hit> nearest = explored.subList(0, Math.min(explored.size(), request.window()));
        try (LexicalIndex.Lease lease = passages.acquire()) {
            PassageLeg leg = new PassageLeg(lease.reader(), analyzer, request.text(), request.k1(), request.b());
            List<PassageLeg.Candidate> lexical = hybrid ? leg.search(null, request.window()).hits() : List.of();
            freshness.recheck(verdict).orThrow();
            boolean exhausted = nearest.size() >= request.window() || lexical.size() >= request.window();
            List<RankedList> legs = new ArrayList<>();
            if (hybrid) {
                List<RankedHit> lexHits = new ArrayList<>();
                for (int i = 0; i < lexical.size(); i++) {
                    lexHits.add(new RankedHit(lexical.get(i).id(), lexical.get(i).bm25(), i + 1));
                }
                legs.add(new RankedList(RecallSearch.LEXICAL, lexHits));
            }
            List<RankedHit> vecHits = new ArrayList<>();
            for (int i = 0; i < nearest.size(); i++) {
                vecHits.add(new RankedHit(nearest.get(i).id(), nearest.get(i).cosine(), i + 1));
            }
            legs.add(new RankedList(RecallSearch.VECTOR, vecHits));
            List<FusedHit> fused = new ReciprocalRankFusion(request.rrfK()).fuse(legs);
            // Filters after fusion; the index (synced above) knows each passage's session attributes.
            Map<String, PassageLeg.Candidate> allowed = PassageLeg.matching(lease.reader(),
                    fused.stream().map(FusedHit::docId).toList(), request.filter());
            List<FusedHit> kept = fused.stream().filter(h -> allowed.containsKey(h.docId())).toList();
            int filteredOut = fused.size() - kept.size();
            List<FusedHit> page = kept.subList(Math.min(offset, kept.size()),
                    Math.min(kept.size(), offset + request.limit()));
            Page context = context(page.stream().map(h -> allowed.get(h.docId()).sessionId()).toList());
            List<PassageHit> hits = new ArrayList<>();
            for (FusedHit h : page) {
                PassageLeg.Candidate c = allowed.get(h.docId());
                Map<String, Double> breakdown = new LinkedHashMap<>();
                List<String> terms = List.of();
                if (h.leg(RecallSearch.LEXICAL).isPresent() && request.explain()) {
                    LexicalLeg.Breakdown b = leg.explain(c.doc());
                    b.perField().forEach((field, v) -> breakdown.put("bm25." + field, v));
                    terms = b.matchedTerms();
                }
                for (LegContribution l : h.legs()) {
                    breakdown.put(l.leg() + ".rank", (double) l.rank());
                    breakdown.put(l.leg().equals(RecallSearch.VECTOR) ? "vector.cosine" : "bm25", l.legScore());
                    breakdown.put("rrf." + l.leg(), l.contribution());
                    breakdown.put("rrf." + l.leg() + "_share", l.share());
                }
                breakdown.put("total", h.score());
                hits.add(hit(lease.reader(), c, offset + hits.size() + 1, h.score(), breakdown, terms, leg, context));
            }
            String next = offset + page.size() < kept.size()
                    ? Cursor.next(request.signature(), revision, offset + page.size()).encode() : null;
            if (filteredOut > 0 && kept.size() < offset + request.limit() && exhausted) {
                notes.add("filters removed " + filteredOut + " of " + fused.size() + " fused candidates and the window"
                        + " of " + request.window() + " ran out; a wider window may find more");
            }
            return new PassageSearchResult(hits, request.mode(), fused.size(), filteredOut, exhausted, next,
                    revision, verdict.generation().id(), List.copyOf(notes));
        }
    }

    /** What a page needs from the store: its sessions and the evidence anchored in them. */
    private record Page(Map<String, Session> sessions, Map<String, List<Evidence>> evidence) {}

    private Page context(List<String> sessionIds) {
        ArchiveScan scan = new ArchiveScan(db);
        Set<String> ids = Set.copyOf(sessionIds);
        return new Page(scan.sessionsById(ids), scan.evidenceBySession(ids));
    }

    private PassageHit hit(DirectoryReader reader, PassageLeg.Candidate c, int rank, double score,
            Map<String, Double> breakdown, List<String> terms, PassageLeg leg, Page page) {
        PassageLeg.Stored stored = PassageLeg.stored(reader, c.doc());
        List<Evidence> cited = page.evidence().getOrDefault(c.sessionId(), List.of()).stream()
                .filter(e -> e.startOrdinal() <= stored.endOrdinal() && e.endOrdinal() >= stored.startOrdinal())
                .toList();
        return new PassageHit(c.id(), page.sessions().get(c.sessionId()), stored.startOrdinal(),
                stored.endOrdinal(), rank, score, breakdown, terms, Snippets.of(analyzer, stored.text(), leg.terms()), cited);
    }

    private void sync(List<String> notes) {
        LexicalIndex.SyncReport r = passages.sync();
        if (r.rebuilt()) {
            notes.add("passage index rebuilt from the archive (" + r.updated() + " passages)");
        }
    }

    @Override
    public void close() {
        vectors.close();
        analyzer.close();
    }
}
