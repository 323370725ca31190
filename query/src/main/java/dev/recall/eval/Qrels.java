package dev.recall.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Relevance judgments: query id → document id → grade. A grade above 0 means relevant (trec_eval's default
 * relevance level of 1); 0 or below means judged not relevant.
 */
public final class Qrels {
    private final Map<String, Map<String, Integer>> byQuery;

    private Qrels(Map<String, Map<String, Integer>> byQuery) {
        Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
        byQuery.forEach((q, docs) -> copy.put(q, Collections.unmodifiableMap(new LinkedHashMap<>(docs))));
        this.byQuery = Collections.unmodifiableMap(copy);
    }

    public static Qrels of(Map<String, Map<String, Integer>> byQuery) {
        return new Qrels(byQuery);
    }

    /** Every query with at least one judgment, relevant or not, in file order. */
    public Set<String> queryIds() {
        return byQuery.keySet();
    }

    /** The judgments of one query: document id → grade; empty when the query was not judged. */
    public Map<String, Integer> judgments(String queryId) {
        return byQuery.getOrDefault(queryId, Map.of());
    }

    /** How many documents are judged relevant (grade above 0) for the query. */
    public int relevantCount(String queryId) {
        int n = 0;
        for (int grade : judgments(queryId).values()) {
            if (grade > 0) {
                n++;
            }
        }
        return n;
    }

    /** BEIR's {@code qrels/<split>.tsv}: a header line, then {@code query-id<TAB>corpus-id<TAB>score}. */
    public static Qrels readBeirTsv(Path file) throws IOException {
        return read(file, true, "\t", 3, 0, 1, 2);
    }

    /** TREC qrels: {@code qid iteration docno rel}, separated by blanks, no header. */
    public static Qrels readTrec(Path file) throws IOException {
        return read(file, false, "\\s+", 4, 0, 2, 3);
    }

    private static Qrels read(Path file, boolean header, String separator, int columns, int queryColumn,
                              int docColumn, int gradeColumn) throws IOException {
        Map<String, Map<String, Integer>> byQuery = new LinkedHashMap<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            long lineNo = 0;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if ((header && lineNo == 1) || line.isBlank()) {
                    continue;
                }
                String[] fields = line.strip().split(separator);
                if (fields.length != columns) {
                    throw new CollectionException(file, lineNo,
                            "expected " + columns + " columns, found " + fields.length + ": '" + line + "'");
                }
                int grade;
                try {
                    grade = Integer.parseInt(fields[gradeColumn].strip());
                } catch (NumberFormatException e) {
                    throw new CollectionException(file, lineNo, "grade is not an integer: '" + fields[gradeColumn] + "'");
                }
                String query = fields[queryColumn].strip();
                String doc = fields[docColumn].strip();
                Integer previous = byQuery.computeIfAbsent(query, q -> new LinkedHashMap<>()).put(doc, grade);
                // trec_eval refuses duplicate judgments; an exact repeat is harmless, a conflicting one is not
                if (previous != null && previous != grade) {
                    throw new CollectionException(file, lineNo,
                            "query " + query + " judges " + doc + " twice, as " + previous + " and " + grade);
                }
            }
        } catch (NoSuchFileException e) {
            throw new CollectionException(file, "qrels file not found");
        }
        return new Qrels(byQuery);
    }

    @Override
    public String toString() {
        return "Qrels[" + byQuery.size() + " queries]";
    }
}
