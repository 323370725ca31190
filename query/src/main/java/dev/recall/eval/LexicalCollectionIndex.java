package dev.recall.eval;

import dev.recall.fusion.RankedHit;
import dev.recall.index.BagOfWords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;

/**
 * A throwaway in-memory BM25 index of a test collection, for measuring lexical retrieval. Built once, searched
 * from any thread, closed when the measurement is done.
 */
public final class LexicalCollectionIndex implements AutoCloseable {
    static final String ID = "id";
    static final String CONTENTS = "contents";
    static final String TITLE = "title";
    static final String TEXT = "text";

    private final Directory directory;
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final Analyzer queryAnalyzer;
    private final Map<String, Float> fieldWeights;
    private final String[] docIds;

    private LexicalCollectionIndex(Directory directory, DirectoryReader reader, LexicalSettings settings,
                                   Analyzer queryAnalyzer) throws IOException {
        this.directory = directory;
        this.reader = reader;
        this.searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity(settings.k1(), settings.b()));
        this.queryAnalyzer = queryAnalyzer;
        this.fieldWeights = fieldWeights(settings);
        // ids by Lucene doc number, read once: the index never changes and hits then cost no stored-field reads
        this.docIds = new String[reader.maxDoc()];
        StoredFields stored = reader.storedFields();
        for (int doc = 0; doc < docIds.length; doc++) {
            docIds[doc] = stored.document(doc).get(ID);
        }
    }

    public static LexicalCollectionIndex build(TestCollection collection, LexicalSettings settings) throws IOException {
        Directory directory = new ByteBuffersDirectory();
        Analyzer queryAnalyzer = settings.analyzer().newQueryAnalyzer();
        DirectoryReader reader = null;
        try (Analyzer indexAnalyzer = settings.analyzer().newIndexAnalyzer()) {
            IndexWriterConfig config = new IndexWriterConfig(indexAnalyzer)
                    .setSimilarity(new BM25Similarity(settings.k1(), settings.b()))
                    .setRAMBufferSizeMB(256)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE);
            try (IndexWriter writer = new IndexWriter(directory, config)) {
                for (CollectionDoc doc : collection.docs()) {
                    writer.addDocument(toDocument(doc, settings.layout()));
                }
                writer.commit();
            }
            reader = DirectoryReader.open(directory);
            return new LexicalCollectionIndex(directory, reader, settings, queryAnalyzer);
        } catch (IOException | RuntimeException e) {
            IOUtils.closeWhileHandlingException(reader, queryAnalyzer, directory);
            throw e;
        }
    }

    private static Document toDocument(CollectionDoc doc, LexicalSettings.FieldLayout layout) {
        Document d = new Document();
        d.add(new StoredField(ID, doc.id()));
        switch (layout) {
            case COMBINED -> d.add(new TextField(CONTENTS, doc.titleAndText(), Field.Store.NO));
            case SEPARATE -> {
                d.add(new TextField(TITLE, doc.title(), Field.Store.NO));
                d.add(new TextField(TEXT, doc.text(), Field.Store.NO));
            }
            case COMBINED_PLUS_TITLE -> {
                d.add(new TextField(CONTENTS, doc.titleAndText(), Field.Store.NO));
                d.add(new TextField(TITLE, doc.title(), Field.Store.NO));
            }
        }
        return d;
    }

    private static Map<String, Float> fieldWeights(LexicalSettings settings) {
        Map<String, Float> weights = new LinkedHashMap<>();
        switch (settings.layout()) {
            case COMBINED -> weights.put(CONTENTS, 1f);
            case SEPARATE -> {
                weights.put(TITLE, settings.titleWeight());
                weights.put(TEXT, 1f);
            }
            case COMBINED_PLUS_TITLE -> {
                weights.put(CONTENTS, 1f);
                weights.put(TITLE, settings.titleWeight());
            }
        }
        return weights;
    }

    /** BM25 over the collection: the query text is analyzed like the documents and OR-ed term by term. */
    public Retriever retriever() {
        return this::search;
    }

    private List<RankedHit> search(String queryText, int topN) throws IOException {
        TopDocs top = searcher.search(BagOfWords.query(BagOfWords.terms(queryAnalyzer, queryText), fieldWeights), topN);
        List<RankedHit> hits = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc sd : top.scoreDocs) {
            hits.add(new RankedHit(docIds[sd.doc], sd.score, hits.size() + 1));
        }
        return hits;
    }

    /** Distinct terms and term occurrences of one field, comparable with Anserini's index statistics. */
    record FieldStats(long uniqueTerms, long totalTerms) {}

    FieldStats stats(String field) throws IOException {
        Terms terms = MultiTerms.getTerms(reader, field);
        if (terms == null) {
            return new FieldStats(0, 0);
        }
        long unique = 0;
        TermsEnum it = terms.iterator();
        while (it.next() != null) {
            unique++;
        }
        return new FieldStats(unique, terms.getSumTotalTermFreq());
    }

    /** Documents in the index; equals the collection's document count. */
    public int size() {
        return reader.numDocs();
    }

    @Override
    public void close() throws IOException {
        IOUtils.close(queryAnalyzer, reader, directory);
    }
}
