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
        if (e.trigger() != null) {
            d.add(new TextField(EntryFields.TRIGGER, e.trigger(), Field.Store.NO));
        }
        String snippets = EntryFields.evidenceText(evidence);
        if (!snippets.isEmpty()) {
            d.add(new TextField(EntryFields.EVIDENCE, snippets, Field.Store.NO));
        }
        String all = e.title() + "\n" + e.body() + "\n" + (e.trigger() == null ? "" : e.trigger()) + "\n" + snippets;
        d.add(new TextField(EntryFields.IDENT, all, Field.Store.NO));
        EntryFields.keywords(e).forEach((field, value) -> d.add(new KeywordField(field, value, Field.Store.NO)));
        d.add(new LongField(EntryFields.UPDATED_AT, e.updatedAt().toEpochMilli(), Field.Store.NO));
        return d;
    }
}
