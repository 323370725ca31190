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
        d.add(new TextField(EntryFields.BODY, e.body(), Field.Store.NO));
        if (e.trigger() != null) {
            d.add(new TextField(EntryFields.TRIGGER, e.trigger(), Field.Store.NO));
        }
        StringBuilder snippets = new StringBuilder();
        for (Evidence ev : evidence) {
            if (ev.snippet() != null) {
                snippets.append(ev.snippet()).append('\n');
            }
        }
        if (!snippets.isEmpty()) {
            d.add(new TextField(EntryFields.EVIDENCE, snippets.toString(), Field.Store.NO));
        }
        String all = e.title() + "\n" + e.body() + "\n" + (e.trigger() == null ? "" : e.trigger()) + "\n" + snippets;
        d.add(new TextField(EntryFields.IDENT, all, Field.Store.NO));
        keyword(d, EntryFields.PROJECT, e.project());
        keyword(d, EntryFields.CWD, e.cwd());
        keyword(d, EntryFields.GIT_BRANCH, e.gitBranch());
        keyword(d, EntryFields.AGENT, e.agent());
        keyword(d, EntryFields.TYPE, e.type().label());
        keyword(d, EntryFields.SCOPE, e.scope().label());
        keyword(d, EntryFields.STATUS, e.status().label());
        keyword(d, EntryFields.REVIEW_STATE, e.reviewState().label());
        keyword(d, EntryFields.TRUSTED, Boolean.toString(e.trusted()));
        keyword(d, EntryFields.EXTRACTOR_METHOD, e.extractorMethod());
        keyword(d, EntryFields.SOURCE_SESSION_ID, e.sourceSessionId());
        keyword(d, EntryFields.SOURCE_EPISODE_ID, e.sourceEpisodeId());
        keyword(d, EntryFields.SOURCE_RUN_ID, e.sourceRunId());
        keyword(d, EntryFields.SUPERSEDES_ENTRY_ID, e.supersedesEntryId());
        keyword(d, EntryFields.SUPERSEDED_BY_ENTRY_ID, e.supersededByEntryId());
        d.add(new LongField(EntryFields.UPDATED_AT, e.updatedAt().toEpochMilli(), Field.Store.NO));
        return d;
    }

    private static void keyword(Document d, String field, String value) {
        if (value != null) {
            d.add(new KeywordField(field, value, Field.Store.NO));
        }
    }
}
