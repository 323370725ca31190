package dev.recall.index;

import dev.recall.index.analysis.AnalyzerKind;
import dev.recall.store.Counters;
import dev.recall.store.Database;
import dev.recall.store.Entries;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;

/** Recall entries as the lexical index sees them: one document per entry, synced by the query-state journal. */
final class EntrySource implements LexicalSource {
    private static final int BATCH = 1000;

    private final Database db;
    private final AnalyzerKind analysis;

    EntrySource(Database db, AnalyzerKind analysis) {
        this.db = db;
        this.analysis = analysis;
    }

    @Override
    public String name() {
        return "lexical index";
    }

    @Override
    public String keyField() {
        return EntryFields.ID;
    }

    @Override
    public String format() {
        return LexicalIndex.FORMAT;
    }

    @Override
    public String revisionKey() {
        return LexicalIndex.REVISION_KEY;
    }

    @Override
    public Analyzer analyzer() {
        return EntryFields.indexAnalyzer(analysis);
    }

    @Override
    public long revision() {
        return new Counters(db).queryStateRevision();
    }

    @Override
    public Map<String, Long> changesSince(long revision) {
        return new Counters(db).entryChangesSince(revision);
    }

    @Override
    public Map<String, List<Document>> documents(Collection<String> keys) {
        Entries entries = new Entries(db);
        Map<String, RecallEntry> current = entries.getAll(keys);
        Map<String, List<Evidence>> evidence = entries.evidence(current.keySet());
        Map<String, List<Document>> out = new LinkedHashMap<>();
        current.forEach((id, e) -> out.put(id, List.of(EntryDocuments.of(e, evidence.getOrDefault(id, List.of())))));
        return out;
    }

    @Override
    public void forEachBatch(Consumer<List<Document>> sink) {
        List<RecallEntry> batch = new ArrayList<>();
        Entries entries = new Entries(db);
        entries.forEach(e -> {
            batch.add(e);
            if (batch.size() == BATCH) {
                sink.accept(documents(entries, batch));
                batch.clear();
            }
        });
        sink.accept(documents(entries, batch));
    }

    private static List<Document> documents(Entries entries, List<RecallEntry> batch) {
        Map<String, List<Evidence>> evidence = entries.evidence(batch.stream().map(RecallEntry::id).toList());
        return batch.stream().map(e -> EntryDocuments.of(e, evidence.getOrDefault(e.id(), List.of()))).toList();
    }
}
