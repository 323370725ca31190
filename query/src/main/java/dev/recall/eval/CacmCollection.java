package dev.recall.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CACM collection in Anserini's layout: {@code cacm.tar.gz} of {@code CACM-NNNN.html} files,
 * {@code topics.cacm.txt} and TREC qrels {@code qrels.cacm.txt}. Read straight from the archive.
 */
public final class CacmCollection {
    static final String ARCHIVE = "cacm.tar.gz";
    static final String TOPICS = "topics.cacm.txt";
    static final String QRELS = "qrels.cacm.txt";

    // Only these four tags, as Anserini's extraction amounts to: a generic <[^>]*> strip would also delete text
    // that sits between '<' and '>' inside the documents (formulas, comparisons) and measures lower (~0.3115 MAP).
    private static final Pattern TAGS = Pattern.compile("<html>|<pre>|</pre>|</html>");
    private static final Pattern TOPIC = Pattern.compile(
            "<DOC>\\s*<DOCNO>\\s*(\\S+)\\s*</DOCNO>(.*?)</DOC>", Pattern.DOTALL);

    private CacmCollection() {}

    public static TestCollection read(Path dir) throws IOException {
        List<CollectionDoc> docs = readDocs(dir.resolve(ARCHIVE));
        List<Topic> topics = readTopics(dir.resolve(TOPICS));
        Qrels qrels = Qrels.readTrec(dir.resolve(QRELS));
        try {
            return new TestCollection(dir.getFileName() == null ? "cacm" : dir.getFileName().toString(),
                    docs, topics, qrels);
        } catch (IllegalArgumentException e) {
            throw new CollectionException(dir, e.getMessage());
        }
    }

    static List<CollectionDoc> readDocs(Path archive) throws IOException {
        List<CollectionDoc> docs = new ArrayList<>();
        TarGzEntries.forEach(archive, (name, content) -> {
            String file = name.substring(name.lastIndexOf('/') + 1);
            if (file.endsWith(".html")) {
                String id = file.substring(0, file.length() - ".html".length());
                docs.add(new CollectionDoc(id, "", extractText(new String(content, StandardCharsets.UTF_8))));
            }
        });
        if (docs.isEmpty()) {
            throw new CollectionException(archive, "archive holds no .html documents");
        }
        return docs;
    }

    static String extractText(String html) {
        return TAGS.matcher(html).replaceAll("");
    }

    static List<Topic> readTopics(Path file) throws IOException {
        String content;
        try {
            content = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CollectionException(file, "topics file not found");
        }
        List<Topic> topics = new ArrayList<>();
        Matcher m = TOPIC.matcher(content);
        int end = 0;
        while (m.find()) {
            if (!content.substring(end, m.start()).isBlank()) {
                throw new CollectionException(file, lineOf(content, firstNonBlank(content, end)),
                        "text outside a <DOC> ... </DOC> block");
            }
            topics.add(new Topic(m.group(1), m.group(2).strip().replaceAll("\\s+", " ")));
            end = m.end();
        }
        if (!content.substring(end).isBlank()) {
            throw new CollectionException(file, lineOf(content, firstNonBlank(content, end)),
                    "unterminated or malformed <DOC> block");
        }
        if (topics.isEmpty()) {
            throw new CollectionException(file, "no <DOC><DOCNO> n </DOCNO> text </DOC> topics found");
        }
        return topics;
    }

    private static int firstNonBlank(String content, int from) {
        int i = from;
        while (i < content.length() && Character.isWhitespace(content.charAt(i))) {
            i++;
        }
        return i;
    }

    private static long lineOf(String content, int index) {
        long line = 1;
        for (int i = 0; i < index; i++) {
            if (content.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
