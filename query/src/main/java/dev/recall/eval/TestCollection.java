package dev.recall.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A retrieval test collection in memory: documents, topics and relevance judgments. Every topic that has a
 * relevant judgment must exist, or the collection is refused: evaluating without it would silently drop a query.
 */
public record TestCollection(String name, List<CollectionDoc> docs, List<Topic> topics, Qrels qrels) {
    public TestCollection {
        Objects.requireNonNull(name, "name");
        docs = List.copyOf(docs);
        topics = List.copyOf(topics);
        Objects.requireNonNull(qrels, "qrels");
        Set<String> topicIds = new HashSet<>();
        for (Topic t : topics) {
            if (!topicIds.add(t.id())) {
                throw new IllegalArgumentException(name + ": topic " + t.id() + " appears more than once");
            }
        }
        for (String q : qrels.queryIds()) {
            if (qrels.relevantCount(q) > 0 && !topicIds.contains(q)) {
                throw new IllegalArgumentException(name + ": qrels judge query " + q + " but there is no such topic");
            }
        }
    }

    /** The topics with at least one relevant judgment, in topic order: the ones every average is taken over. */
    public List<Topic> judgedTopics() {
        return topics.stream().filter(t -> qrels.relevantCount(t.id()) > 0).toList();
    }
}
