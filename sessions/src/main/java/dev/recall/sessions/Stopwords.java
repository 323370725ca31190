package dev.recall.sessions;

import java.util.Set;

/**
 * The words that say nothing about a session's topic, for the summary's TextRank and the local extractor's terms
 * alike: English function words, and the filler of chat between a person and an agent ("thing", "fine", "look",
 * "fix"), which would otherwise tie unrelated sentences together. Lower case; contractions as typed.
 */
public final class Stopwords {
    private static final Set<String> WORDS = Set.of(
            "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are",
            "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but",
            "by", "can", "can't", "cannot", "could", "did", "didn't", "do", "does", "doesn't", "doing", "don't",
            "down", "during", "each", "even", "ever", "every", "few", "first", "for", "from", "further", "get",
            "gets", "got", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i",
            "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "isn't", "it", "it's", "its", "itself", "just",
            "let", "let's", "like", "make", "may", "me", "might", "more", "most", "much", "must", "my", "need",
            "needs", "never", "no", "nor", "not", "now", "of", "off", "ok", "okay", "on", "once", "one", "only",
            "or", "other", "our", "ours", "out", "over", "own", "please", "same", "she", "should", "so", "some",
            "still", "such", "sure", "than", "that", "that's", "the", "their", "theirs", "them", "then", "there",
            "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "us", "use", "used",
            "using", "very", "via", "want", "was", "wasn't", "way", "we", "we'd", "we'll", "we're", "were", "what",
            "when", "where", "whether", "which", "while", "who", "why", "will", "with", "without", "won't", "would",
            "yes", "yet", "you", "your", "yours", "it'll", "thing", "things", "good", "fine", "great", "thanks",
            "done", "going", "keep", "put", "run", "runs", "running", "said", "see", "look", "looking", "check",
            "checking", "instead", "rather", "always", "another", "anything", "everything", "nothing", "something",
            "whatever", "two", "three", "new", "working", "clear", "future", "rule", "rules", "everyone",
            "everywhere", "mind", "btw", "fyi", "well", "open", "point", "proposal", "note", "unsure", "wondering",
            "question", "later", "right", "hard", "general", "important", "really", "actually", "probably", "maybe",
            "able", "don", "know", "lot", "bit", "different", "last", "next", "time", "times", "case", "cases",
            "part", "kind", "stuff", "ways", "whole", "fix", "fixed", "work", "works", "tell", "wants", "wanted",
            "needed", "goes", "come", "comes", "take", "takes", "give", "gives");

    private Stopwords() {}

    /** Whether a lower-case word is a stopword. */
    public static boolean contains(String lowerCaseWord) {
        return WORDS.contains(lowerCaseWord);
    }
}
