package dev.recall.index;

import dev.recall.store.ArchiveScan;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Session;
import dev.recall.store.SessionMessages;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntField;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.TextField;

/**
 * The archive as the passage index sees it: every searchable session cut into passages, synced by the archive's
 * change journal (a changed session's passages are all replaced; a trashed or automated one loses them).
 */
public final class PassageSource implements LexicalSource {
    static final String REVISION_KEY = "archive_revision";
    private static final int BATCH_DOCS = 2000;

    private final Database db;
    private final PassageCutter cutter;

    public PassageSource(Database db, PassageCutter cutter) {
        this.db = db;
        this.cutter = cutter;
    }

    public PassageSource(Database db) {
        this(db, new PassageCutter());
    }

    @Override
    public String name() {
        return "passage index";
    }

    @Override
    public String keyField() {
        return PassageFields.SESSION_ID;
    }

    @Override
    public String format() {
        return "passages-" + PassageCutter.VERSION;
    }

    @Override
    public String revisionKey() {
        return REVISION_KEY;
    }

    @Override
    public Analyzer analyzer() {
        return PassageFields.indexAnalyzer();
    }

    @Override
    public long revision() {
        return new Counters(db).archiveRevision();
    }

    @Override
    public Map<String, Long> changesSince(long revision) {
        return new Counters(db).archiveChangesSince(revision);
    }

    @Override
    public Map<String, List<Document>> documents(Collection<String> keys) {
        return cuts().of(keys);
    }

    @Override
    public void forEachBatch(Consumer<List<Document>> sink) {
        cuts().forEachBatch(sink);
    }

    private ArchiveCuts<Document> cuts() {
        return new ArchiveCuts<>(new ArchiveScan(db), this::documents, BATCH_DOCS);
    }

    /** The passages of one session, cut as the index cuts them (the vector builder embeds the same ones). */
    public List<Passage> passages(SessionMessages s) {
        return cutter.cut(s.session().id(), s.messages());
    }

    private List<Document> documents(SessionMessages s) {
        List<Document> out = new ArrayList<>();
        for (Passage p : passages(s)) {
            out.add(document(s.session(), p));
        }
        return out;
    }

    static Document document(Session s, Passage p) {
        Document d = new Document();
        d.add(new KeywordField(PassageFields.ID, p.id(), Field.Store.NO));
        d.add(new KeywordField(PassageFields.SESSION_ID, s.id(), Field.Store.NO));
        d.add(new IntField(PassageFields.START_ORDINAL, p.startOrdinal(), Field.Store.YES));
        d.add(new IntField(PassageFields.END_ORDINAL, p.endOrdinal(), Field.Store.YES));
        d.add(new TextField(PassageFields.TEXT, p.text(), Field.Store.YES));
        d.add(new TextField(PassageFields.IDENT, p.text(), Field.Store.NO));
        keyword(d, PassageFields.PROJECT, s.project());
        keyword(d, PassageFields.CWD, s.cwd());
        keyword(d, PassageFields.GIT_BRANCH, s.gitBranch());
        keyword(d, PassageFields.AGENT, s.agent());
        if (s.startedAt() != null) {
            d.add(new LongField(PassageFields.STARTED_AT, s.startedAt().toEpochMilli(), Field.Store.NO));
        }
        return d;
    }

    private static void keyword(Document d, String field, String value) {
        if (value != null) {
            d.add(new KeywordField(field, value, Field.Store.NO));
        }
    }
}
