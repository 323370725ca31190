package dev.recall.index;

import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.TextField;

/** Maps an entry and its evidence to the one Lucene document that represents it. */
final class EntryDocuments {
    private EntryDocuments() {}

    static Document of(RecallEntry e, List<Evidence> evidence) {
        Document d = new Document();
        d.add(new KeywordField(EntryFields.ID, e.id(), Field.Store.YES));
        d.add(new TextField(EntryFields.TITLE, e.title(), Field.Store.NO));
        d.add(new TextField(EntryFields.CONTENT, EntryFields.content(e), Field.Store.NO));
        // Every document holds every BM25 field, empty where the entry has no such text: a field without tokens still
        // writes a norm (zero), so each field's norms are dense, read by position, where a field most documents lack
        // kept sparse norms that BM25 looked up per scored document (a fifth of a long query's BM25 at 1M entries;
        // docs/benchmarks.md, issue 14). The scores do not change: an empty field adds no term, no length and no
        // document to the field's statistics.
        String snippets = EntryFields.evidenceText(evidence);
        d.add(new TextField(EntryFields.TRIGGER, e.trigger() == null ? "" : e.trigger(), Field.Store.NO));
        d.add(new TextField(EntryFields.EVIDENCE, snippets, Field.Store.NO));
        String all = e.title() + "\n" + e.body() + "\n" + (e.trigger() == null ? "" : e.trigger()) + "\n" + snippets;
        d.add(new TextField(EntryFields.IDENT, all, Field.Store.NO));
        EntryFields.keywords(e).forEach((field, value) -> d.add(new KeywordField(field, value, Field.Store.NO)));
        d.add(new LongField(EntryFields.UPDATED_AT, e.updatedAt().toEpochMilli(), Field.Store.NO));
        return d;
    }
}
