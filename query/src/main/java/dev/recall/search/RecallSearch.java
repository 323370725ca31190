package dev.recall.search;

import dev.recall.embeddings.Embedder;
import dev.recall.freshness.Freshness;
import dev.recall.freshness.Staleness;
import dev.recall.fusion.ConvexFusion;
import dev.recall.fusion.FusedHit;
import dev.recall.fusion.Fusion;
import dev.recall.fusion.LegContribution;
import dev.recall.fusion.RankedHit;
import dev.recall.fusion.RankedList;
import dev.recall.fusion.ReciprocalRankFusion;
import dev.recall.index.EmbeddingText;
import dev.recall.index.GenerationCheck;
import dev.recall.index.IndexException;
import dev.recall.index.LexicalIndex;
import dev.recall.index.VectorIndex;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.VectorGeneration;
import dev.recall.store.VectorGenerations;
import dev.recall.store.StoreIdentity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Executes {@link SearchRequest}s against the store: lexical (BM25 with explainable boosts, filters inside
 * Lucene), vector (HNSW on the active generation, refused when stale) and hybrid (both legs fused, then
 * filters). The lexical index is synced from the store before every search, so it is never stale; it also
 * decides the filters of vector and hybrid results. Holds the active generation's HNSW searcher: close it.
 */
public final class RecallSearch implements AutoCloseable {
    static final String LEXICAL = "lexical";
    static final String VECTOR = "vector";
    static final int LEXICAL_RERANK_DEPTH = 50;
    /**
     * How many candidates the HNSW search explores (its k) before the vector leg keeps its window: a window of 200
     * as the graph's k found 0.80 of the exact top 10 at 1M entries, 750 found 0.956 for 2 ms more
     * (docs/benchmarks.md, issue 5). Small stores lose nothing: the search ends when the graph is exhausted.
     */
    public static final int VECTOR_CANDIDATES = 750;
    /** A short filtered page widens the window up to this many times the asked one (doubling each time). */
    public static final int MAX_WIDENING = 4;
    /** At most this many distinct query terms in the lexical leg's best hit make it a stray-word match (adaptiveWeight). */
    static final int STRAY_TERMS = 2;

    private final Database db;
    /** Where the legs run: the embedded Lucene indexes or a cluster. Everything else here is the same for both. */
    private final SearchBackend backend;
    private final Supplier<Embedder> embedder;
    private final Clock clock;
    private final Consumer<String> notices;
    private final SearchThreads threads;
    /** A second connection to the store for a helper's share of the candidates' rows; null: none. */
    private final Supplier<Database> helperReads;
    /** Where a vector or hybrid query's vector leg (embedding, HNSW) runs, beside the lexical leg (threads on demand). */
    private final ExecutorService vectorLegs = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "recall-vector-leg");
        t.setDaemon(true);
        return t;
    });

    /** A search over the embedded backend: the data dir's lexical index and the active generation's HNSW index. */
    public RecallSearch(Database db, LexicalIndex lexicalIndex, Supplier<Embedder> embedder, Clock clock,
            Consumer<String> notices) {
        this(db, new EmbeddedBackend(db, lexicalIndex), embedder, clock, notices);
    }

    public RecallSearch(Database db, SearchBackend backend, Supplier<Embedder> embedder, Clock clock,
            Consumer<String> notices) {
        this(db, backend, embedder, clock, notices, SearchThreads.perCore());
    }

    /** A search whose re-rank shares its candidates' boosts with a helper when {@code threads} allows it. */
    public RecallSearch(Database db, SearchBackend backend, Supplier<Embedder> embedder, Clock clock,
            Consumer<String> notices, SearchThreads threads) {
        this(db, backend, embedder, clock, notices, threads, null);
    }

    /**
     * As {@link #RecallSearch(Database, SearchBackend, Supplier, Clock, Consumer, SearchThreads)}; when a helper
     * may run, it reads half of the re-rank's candidates (rows, evidence) on {@code helperReads}, a second connection
     * to the same store, and takes their boosts, while the caller does the other half ({@code null}: no second
     * connection, the rows are read on {@code db} alone).
     */
    public RecallSearch(Database db, SearchBackend backend, Supplier<Embedder> embedder, Clock clock,
            Consumer<String> notices, SearchThreads threads, Supplier<Database> helperReads) {
        this.db = db;
        this.helperReads = helperReads;
        this.backend = backend;
        this.embedder = embedder;
        this.clock = clock;
        this.notices = notices;
        this.threads = threads;
    }

    public SearchResult search(SearchRequest request) {
        Counters counters = new Counters(db);
        // a cursor is checked against the store's revision; a first page needs none
        int offset = request.cursor() == null ? 0 : Cursor.offsetFor(request, counters.queryStateRevision());
        List<String> notes = new ArrayList<>();
        return switch (request.mode()) {
            case LEXICAL -> lexical(request, offset, notes, counters);
            case VECTOR, HYBRID -> vectorOrHybrid(request, offset, notes, counters);
        };
    }

    private SearchResult lexical(SearchRequest request, int offset, List<String> notes, Counters counters) {
        syncLexical(notes);
        Counters.Revisions revisions = counters.revisions();
        long queryState = revisions.queryState();
        try (LexicalView view = backend.lexical()) {
            LexicalSearch leg = view.leg(request.text(), request.luceneSyntax(), request.weights());
            if (!leg.hasTerms()) {
                notes.add("the query has no searchable words (only stopwords or punctuation)");
            }
            // Boosts re-rank the BM25 head; a deeper window only costs hydration from the store on every query.
            int window = Math.max(offset + request.limit(), Math.min(request.window(), LEXICAL_RERANK_DEPTH));
            LexicalLeg.Candidates c = leg.search(request.filter(), window);
            List<Scored> scored = rescore(c.hits(), request, c.hits().size());
            List<Scored> page = page(scored, offset, request.limit());
            List<SearchHit> hits = new ArrayList<>();
            // how much of the query (IDF-weighted) each hit holds: a relevance measure comparable across queries,
            // which BM25 is not (the prompt-time hook gates on it)
            double[] coverage = request.explain() || request.coverage()
                    ? leg.coverage(page.stream().mapToInt(s -> s.candidate().doc()).toArray()) : null;
            for (int i = 0; i < page.size(); i++) {
                Scored s = page.get(i);
                LexicalLeg.Breakdown b = request.explain() ? leg.explain(s.candidate().doc())
                        : LexicalLeg.Breakdown.NONE;
                Map<String, Double> breakdown = breakdown(b, s);
                if (coverage != null && !Double.isNaN(coverage[i])) {
                    breakdown.put("lexical.coverage", coverage[i]);
                }
                hits.add(new SearchHit(s.entry(), offset + i + 1, s.lexical(), breakdown, b.matchedTerms()));
            }
            String next = offset + page.size() < scored.size()
                    ? Cursor.next(request, queryState, offset + page.size()).encode() : null;
            return new SearchResult(hits, SearchMode.LEXICAL, scored.size(), 0, c.totalMatches() > window, window,
                    false, next,
                    revisions.corpus(), queryState, null, List.copyOf(notes));
        }
    }

    private SearchResult vectorOrHybrid(SearchRequest request, int offset, List<String> notes, Counters counters) {
        Freshness freshness = new Freshness(new VectorGenerations(db), counters);
        // the model loads only when there are vectors to compare it with: a store without any refuses at once
        Staleness verdict = freshness.check(VectorGenerations.RECALL,
                () -> embedder.get().identity().fingerprint(EmbeddingText.TEMPLATE_VERSION)).orThrow();
        Embedder model = embedder.get();
        boolean hybrid = request.mode() == SearchMode.HYBRID;
        // The vector leg (the query's embedding, a few ms of the model, then the HNSW search) runs while the lexical
        // leg is synced, searched and re-scored: the two need nothing of each other until fusion (docs/benchmarks.md,
        // issue 14). Identifiers followed by their words: the model reads ERR_PNPM_OUTDATED_LOCKFILE as sub-word
        // pieces.
        int asked = explored(request);
        CompletableFuture<Void> synced = new CompletableFuture<>();
        Future<VectorLeg> vectorLeg = vectorLegs.submit(() -> {
            float[] query = model.embedQuery(VectorQueryText.of(request.text()));
            // the search waits for the backend's sync, as it always has: a cluster's sync publishes the active
            // generation's vectors, which its search refuses as stale until then
            synced.join();
            return new VectorLeg(query, backend.nearest(verdict.generation(), query, asked, request.window()));
        });
        try {
            return vectorOrHybrid(request, offset, notes, counters, verdict, freshness, hybrid, synced, vectorLeg);
        } finally {
            synced.cancel(false); // when the sync failed: releases the vector leg
            vectorLeg.cancel(false); // only when something failed first: its answer is no longer wanted
        }
    }

    /** How many candidates the HNSW search explores first (its k). */
    private static int explored(SearchRequest request) {
        return Math.max(request.window(), VECTOR_CANDIDATES);
    }

    /** The query's embedding and the HNSW search's candidates for it (the window's named). */
    private record VectorLeg(float[] query, VectorIndex.Nearest nearest) {}

    private SearchResult vectorOrHybrid(SearchRequest request, int offset, List<String> notes, Counters counters,
            Staleness verdict, Freshness freshness, boolean hybrid, CompletableFuture<Void> synced,
            Future<VectorLeg> vectorLeg) {
        // Both modes: the lexical index is the lexical leg and also where filters are decided.
        syncLexical(notes);
        synced.complete(null);
        long queryState = counters.queryStateRevision();
        try (LexicalView view = backend.lexical()) {
            int window = request.window();
            LexicalSearch leg = null;
            List<Scored> firstLexical = List.of();
            RuntimeException lexicalFailure = null;
            try {
                leg = hybrid ? view.leg(request.text(), request.luceneSyntax(), request.weights()) : null;
                firstLexical = lexicalLeg(leg, request, window);
            } catch (RuntimeException e) {
                lexicalFailure = e; // reported after the vector leg's own failure, in the order they used to run
            }
            VectorLeg vectors = await(vectorLeg);
            float[] queryVector = vectors.query();
            VectorIndex.Nearest nearest = vectors.nearest();
            int maxWindow = request.window() * MAX_WIDENING;
            int asked = explored(request);
            if (lexicalFailure != null) {
                throw lexicalFailure;
            }
            Fused f = fuse(request, leg, firstLexical, nearest.hits(), window, view);
            // Filters apply after fusion, so a narrow filter can leave the page short although matches exist
            // deeper in the legs: widen the window (doubling, at most MAX_WIDENING times the asked one) and fuse
            // again while the page is short, filters removed candidates and a leg filled its window.
            while (f.kept().size() < offset + request.limit() && f.filteredOut() > 0 && f.exhausted()
                    && window < maxWindow) {
                window = Math.min(maxWindow, window * 2);
                boolean more = window > asked && nearest.found() >= asked; // the graph held as many as asked
                if (more || nearest.hits().size() < Math.min(window, nearest.found())) {
                    asked = more ? window : asked;
                    nearest = backend.nearest(verdict.generation(), queryVector, asked, window);
                }
                f = fuse(request, leg, lexicalLeg(leg, request, window), nearest.hits(), window, view);
            }
            freshness.recheck(verdict).orThrow();
            List<Scored> lexical = f.lexical();
            List<FusedHit> fused = f.fused();
            List<FusedHit> kept = f.kept();
            int filteredOut = f.filteredOut();
            boolean exhausted = f.exhausted();
            List<FusedHit> page = kept.subList(Math.min(offset, kept.size()),
                    Math.min(kept.size(), offset + request.limit()));
            Map<String, Scored> lexicalById = new HashMap<>();
            lexical.forEach(s -> lexicalById.put(s.id(), s));
            Map<String, RecallEntry> entries = hydrate(page.stream().map(FusedHit::docId).toList(), lexicalById);
            List<SearchHit> hits = new ArrayList<>();
            for (FusedHit h : page) {
                RecallEntry entry = entries.get(h.docId());
                if (entry == null) {
                    continue; // deleted from the store after the index sync
                }
                Scored s = lexicalById.get(h.docId());
                Map<String, Double> breakdown = new LinkedHashMap<>();
                List<String> terms = List.of();
                if (s != null) {
                    LexicalLeg.Breakdown b = request.explain() ? leg.explain(s.candidate().doc())
                            : LexicalLeg.Breakdown.NONE;
                    breakdown.putAll(breakdown(b, s));
                    terms = b.matchedTerms();
                }
                for (LegContribution c : h.legs()) {
                    breakdown.put(c.leg() + ".rank", (double) c.rank());
                    breakdown.put(c.leg().equals(VECTOR) ? "vector.cosine" : "lexical.score", c.legScore());
                    breakdown.put(f.method().label() + "." + c.leg(), c.contribution());
                    breakdown.put(f.method().label() + "." + c.leg() + "_share", c.share());
                }
                if (f.method() == FusionMethod.ADAPTIVE) {
                    breakdown.put("adaptive.lexical_weight", f.lexicalWeight());
                    Double coverage = f.coverage().get(h.docId());
                    if (coverage != null) {
                        breakdown.put("lexical.coverage", coverage);
                    }
                }
                breakdown.put("total", h.score());
                hits.add(new SearchHit(entry, offset + hits.size() + 1, h.score(), breakdown, terms));
            }
            String next = offset + page.size() < kept.size()
                    ? Cursor.next(request, queryState, offset + page.size()).encode() : null;
            if (filteredOut > 0 && kept.size() < offset + request.limit() && exhausted) {
                notes.add("filters removed " + filteredOut + " of " + fused.size() + " fused candidates and the window"
                        + " of " + window + " ran out; a wider window may find more");
            }
            return new SearchResult(hits, request.mode(), fused.size(), filteredOut, exhausted, window,
                    window > request.window(), next, verdict.currentRevision(), queryState,
                    verdict.generation().id(), List.copyOf(notes));
        }
    }

    /** One fusion of both legs at a window, and what the filters kept of it. */
    private record Fused(List<Scored> lexical, List<FusedHit> fused, List<FusedHit> kept, boolean exhausted,
            FusionMethod method, double lexicalWeight, Map<String, Double> coverage) {
        int filteredOut() {
            return fused.size() - kept.size();
        }
    }

    /** The lexical leg's candidates at a window, unfiltered (filters apply after fusion), the head re-ranked. */
    private List<Scored> lexicalLeg(LexicalSearch leg, SearchRequest request, int window) {
        return leg == null ? List.of() : rescore(leg.search(null, window).hits(), request, LEXICAL_RERANK_DEPTH);
    }

    /** The vector leg, or its own failure (the embedding's, the HNSW search's) as it would have been thrown here. */
    private static VectorLeg await(Future<VectorLeg> vectorLeg) {
        try {
            return vectorLeg.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the vector leg ran", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("the vector leg failed", e.getCause());
        }
    }

    private Fused fuse(SearchRequest request, LexicalSearch leg, List<Scored> lexical, List<VectorIndex.Hit> vector,
            int window, LexicalView view) {
        List<VectorIndex.Hit> nearest = vector.subList(0, Math.min(vector.size(), window));
        boolean exhausted = nearest.size() >= window || lexical.size() >= window;
        // vector mode has one leg to rank: its own order, which RRF keeps
        FusionMethod method = leg == null ? FusionMethod.RRF : request.fusion();
        LexicalSearch.QueryOverlap overlap = method == FusionMethod.ADAPTIVE && !lexical.isEmpty()
                ? leg.overlap(lexical.stream().mapToInt(s -> s.candidate().doc()).toArray()) : null;
        boolean bagOfTerms = overlap != null && !Double.isNaN(overlap.coverage()[0]);
        List<RankedList> legs = new ArrayList<>();
        if (leg != null) {
            List<RankedHit> lexHits = new ArrayList<>();
            for (int i = 0; i < lexical.size(); i++) {
                // adaptive: what the lexical leg brings to fusion is its score times the square root of how much of
                // the query the entry holds, so of two near-equal BM25 scores the one holding more of the query (its
                // rarer terms) leads
                double score = lexical.get(i).lexical() * (bagOfTerms ? Math.sqrt(overlap.coverage()[i]) : 1);
                lexHits.add(new RankedHit(lexical.get(i).id(), score, i + 1));
            }
            legs.add(new RankedList(LEXICAL, lexHits));
        }
        List<RankedHit> vecHits = new ArrayList<>();
        for (int i = 0; i < nearest.size(); i++) {
            vecHits.add(new RankedHit(nearest.get(i).id(), nearest.get(i).cosine(), i + 1));
        }
        legs.add(new RankedList(VECTOR, vecHits));
        double lexicalWeight = switch (method) {
            case RRF -> Double.NaN;
            case CONVEX -> request.convexWeight();
            case ADAPTIVE -> overlap == null ? 0
                    : bagOfTerms ? adaptiveWeight(overlap.coverage()[0], overlap.terms()[0]) : request.convexWeight();
        };
        Fusion fusion = method == FusionMethod.RRF
                ? new ReciprocalRankFusion(request.rrfK()) : new ConvexFusion(lexicalWeight);
        List<FusedHit> fused = fusion.fuse(legs);
        Map<String, Integer> lexicalDocs = new HashMap<>();
        lexical.forEach(s -> lexicalDocs.put(s.id(), s.candidate().doc()));
        Set<String> allowed = view.matching(fused.stream().map(FusedHit::docId).toList(), lexicalDocs,
                request.filter());
        List<FusedHit> kept = fused.stream().filter(h -> allowed.contains(h.docId())).toList();
        Map<String, Double> coverage = new HashMap<>();
        for (int i = 0; bagOfTerms && i < lexical.size(); i++) {
            coverage.put(lexical.get(i).id(), overlap.coverage()[i]);
        }
        return new Fused(lexical, fused, kept, exhausted, method, lexicalWeight, coverage);
    }

    /**
     * The lexical leg's weight for this query, from its best hit: the share of the query (IDF-weighted) that hit holds,
     * squared when it holds at most {@link #STRAY_TERMS} distinct query terms (a match on a stray word or two, as a
     * paraphrase's best lexical hit is). A hit holding every term still decides alone, one holding none not at all
     * (docs/benchmarks.md, issue 20). Without a lexical hit the vector leg decides; with Lucene syntax
     * (no bag of terms) the fixed convex weight applies.
     */
    static double adaptiveWeight(double coverage, int termsHeld) {
        return termsHeld <= STRAY_TERMS ? coverage * coverage : coverage;
    }

    @Override
    public void close() {
        vectorLegs.shutdown();
        backend.close();
    }

    /** The page's entries: those the lexical re-rank loaded already, the rest from the store in one read. */
    private Map<String, RecallEntry> hydrate(List<String> ids, Map<String, Scored> lexicalById) {
        Map<String, RecallEntry> entries = new HashMap<>();
        List<String> missing = new ArrayList<>();
        for (String id : ids) {
            Scored s = lexicalById.get(id);
            if (s != null && s.entry() != null) {
                entries.put(id, s.entry());
            } else {
                missing.add(id);
            }
        }
        entries.putAll(new Entries(db).getAll(missing));
        return entries;
    }

    /**
     * A lexical candidate with its BM25 and lexical score. The re-ranked head carries its entry and boosts; the tail
     * of a hybrid leg keeps BM25 order with no entry loaded and no boosts (both null).
     */
    private record Scored(String id, RecallEntry entry, LexicalLeg.Candidate candidate, LexicalBoosts.Boosts boosts,
            double lexical) {}

    /**
     * BM25 × (1 + Σ boosts) over the first {@code depth} candidates, re-ranked; those missing from the store
     * (deleted meanwhile) are dropped. Candidates below that depth follow in BM25 order: boosts are fractions of
     * BM25 that re-order the head, and loading every entry of a 200-deep hybrid leg from the store cost more than
     * the rest of the query at 1M entries (docs/benchmarks.md).
     */
    private List<Scored> rescore(List<LexicalLeg.Candidate> candidates, SearchRequest request,
            int depth) {
        List<LexicalLeg.Candidate> head = candidates.subList(0, Math.min(candidates.size(), depth));
        LexicalBoosts boosts = new LexicalBoosts(QueryCues.of(request.text()), request.weights(), clock.instant());
        Reranked r;
        if (helperReads != null && head.size() >= 2 * MIN_HELPER_SHARE && threads.partsNow() > 1) {
            // Reading 50 scattered rows was the longest serial step after BM25 at 1M entries, on one connection while
            // the other core idled: the helper reads the second half on its own connection and takes its boosts
            // (docs/benchmarks.md, issue 14). Each half is its own entries' work, so the answer is the same.
            int cut = (head.size() + 1) / 2;
            List<Reranked> halves = threads.both(() -> rerank(db, head.subList(0, cut), boosts, SearchThreads.ONE),
                    () -> rerank(helperReads.get(), head.subList(cut, head.size()), boosts, SearchThreads.ONE));
            r = halves.get(0).then(halves.get(1));
        } else {
            r = rerank(db, head, boosts, threads);
        }
        List<Scored> out = new ArrayList<>();
        for (int i = 0; i < r.found().size(); i++) {
            LexicalLeg.Candidate c = r.found().get(i);
            LexicalBoosts.Boosts b = r.boosts().get(i);
            double sum = b.sum();
            out.add(new Scored(c.id(), r.entries().get(c.id()), c, b, c.bm25() * Math.max(0, 1 + sum)));
        }
        out.sort((a, b) -> a.lexical() != b.lexical() ? Double.compare(b.lexical(), a.lexical())
                : a.id().compareTo(b.id()));
        for (LexicalLeg.Candidate c : candidates.subList(head.size(), candidates.size())) {
            out.add(new Scored(c.id(), null, c, null, c.bm25()));
        }
        return out;
    }

    /** Below this many candidates a half, the helper's hand-off costs more than the read it takes over. */
    static final int MIN_HELPER_SHARE = 8;

    /** Candidates found in the store (in the order given), their rows and boosts. */
    private record Reranked(List<LexicalLeg.Candidate> found, Map<String, RecallEntry> entries,
            List<LexicalBoosts.Boosts> boosts) {
        /** This part followed by {@code next}. */
        Reranked then(Reranked next) {
            List<LexicalLeg.Candidate> f = new ArrayList<>(found);
            f.addAll(next.found);
            Map<String, RecallEntry> e = new HashMap<>(entries);
            e.putAll(next.entries);
            List<LexicalBoosts.Boosts> b = new ArrayList<>(boosts);
            b.addAll(next.boosts);
            return new Reranked(f, e, b);
        }
    }

    /** {@code part}'s rows and evidence read on {@code store}, those missing dropped, the boosts of the rest. */
    private static Reranked rerank(Database store, List<LexicalLeg.Candidate> part, LexicalBoosts boosts,
            SearchThreads boostThreads) {
        Entries entries = new Entries(store);
        Map<String, RecallEntry> rows = entries.getAll(part.stream().map(LexicalLeg.Candidate::id).toList());
        Map<String, List<Evidence>> evidence = entries.evidence(rows.keySet());
        List<LexicalLeg.Candidate> found = part.stream().filter(c -> rows.containsKey(c.id())).toList();
        // each candidate's boosts are its own text's: a helper may take some while the caller takes the rest
        List<LexicalBoosts.Boosts> each = boostThreads.map(found,
                c -> boosts.of(rows.get(c.id()), evidence.getOrDefault(c.id(), List.of())));
        return new Reranked(found, rows, each);
    }

    private static List<Scored> page(List<Scored> all, int offset, int limit) {
        return all.subList(Math.min(offset, all.size()), Math.min(all.size(), offset + limit));
    }

    private static Map<String, Double> breakdown(LexicalLeg.Breakdown b, Scored s) {
        Map<String, Double> m = new LinkedHashMap<>();
        b.perField().forEach((field, v) -> m.put("bm25." + field, v));
        m.put("bm25", s.candidate().bm25());
        if (s.boosts() != null) {
            m.putAll(s.boosts().named());
        }
        m.put("lexical", s.lexical());
        return m;
    }

    private void syncLexical(List<String> notes) {
        backend.sync().ifPresent(notes::add);
    }
}
