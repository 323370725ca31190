package dev.recall.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Real text to sample from: the documents of a BEIR corpus ({@code corpus.jsonl}), split into sentences. Every
 * tenth document is held out for the queries, so no query is a verbatim copy of an entry's text.
 */
final class SentenceCorpus {
    static final int HOLD_OUT_EVERY = 10;
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z0-9(\\[])");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final int MIN_WORDS = 5;
    private static final int MAX_WORDS = 60;

    private final List<SourceDoc> entryDocs;
    private final List<SourceDoc> queryDocs;
    private final Path file;

    private SentenceCorpus(Path file, List<SourceDoc> entryDocs, List<SourceDoc> queryDocs) {
        this.file = file;
        this.entryDocs = List.copyOf(entryDocs);
        this.queryDocs = List.copyOf(queryDocs);
    }

    static SentenceCorpus load(Path corpusJsonl) {
        ObjectMapper json = new ObjectMapper();
        List<SourceDoc> entries = new ArrayList<>();
        List<SourceDoc> queries = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(corpusJsonl, StandardCharsets.UTF_8)) {
            int lineNo = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode doc = json.readTree(line);
                String title = clean(doc.path("title").asText(""));
                List<String> sentences = sentences(doc.path("text").asText(""));
                if (title.isEmpty() || sentences.isEmpty()) {
                    continue;
                }
                (lineNo++ % HOLD_OUT_EVERY == 0 ? queries : entries).add(new SourceDoc(title, sentences));
            }
        } catch (IOException e) {
            throw new BenchException("cannot read the source corpus " + corpusJsonl + ": " + e.getMessage(), e);
        }
        if (entries.size() < 10 || queries.isEmpty()) {
            throw new BenchException("the source corpus " + corpusJsonl + " has too few usable documents ("
                    + (entries.size() + queries.size()) + "); expected a BEIR corpus.jsonl such as SciFact's");
        }
        return new SentenceCorpus(corpusJsonl, entries, queries);
    }

    static List<String> sentences(String text) {
        List<String> out = new ArrayList<>();
        for (String s : SENTENCE_END.split(clean(text))) {
            int words = WHITESPACE.split(s).length;
            if (words >= MIN_WORDS && words <= MAX_WORDS) {
                out.add(s);
            }
        }
        return out;
    }

    private static String clean(String s) {
        return WHITESPACE.matcher(s).replaceAll(" ").strip();
    }

    List<SourceDoc> entryDocs() {
        return entryDocs;
    }

    List<SourceDoc> queryDocs() {
        return queryDocs;
    }

    Path file() {
        return file;
    }

    int sentenceCount() {
        return entryDocs.stream().mapToInt(d -> d.sentences().size()).sum();
    }
}
