package dev.recall.extract;

import dev.recall.store.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Cuts a session into chunks of consecutive messages, bounded in message count and characters. Each message is
 * rendered with its ordinal (what the model cites as evidence) and cut in the middle when it is too long, keeping
 * its head and tail. Deterministic: the same messages and parameters give the same chunks.
 */
final class Segmenter {
    private final ExtractConfig.Segmentation params;
    private final UnaryOperator<String> redact;

    Segmenter(ExtractConfig.Segmentation params, UnaryOperator<String> redact) {
        this.params = params;
        this.redact = redact;
    }

    List<Chunk> chunks(List<Message> messages) {
        List<Chunk> out = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int first = -1;
        int last = -1;
        int count = 0;
        for (Message m : messages) {
            String rendered = render(m);
            if (count > 0 && (count >= params.maxMessages() || text.length() + rendered.length() > params.maxChars())) {
                out.add(new Chunk(out.size(), first, last, count, text.toString()));
                text.setLength(0);
                count = 0;
            }
            if (count == 0) {
                first = m.ordinal();
            }
            text.append(rendered);
            last = m.ordinal();
            count++;
        }
        if (count > 0) {
            out.add(new Chunk(out.size(), first, last, count, text.toString()));
        }
        return out;
    }

    String render(Message m) {
        StringBuilder b = new StringBuilder();
        b.append("[#").append(m.ordinal()).append(' ').append(m.role());
        if (m.toolName() != null) {
            b.append(' ').append(m.toolName());
        }
        b.append("]\n");
        int budget = params.maxMessageChars();
        if (m.toolInput() != null && !m.toolInput().isBlank()) {
            String input = cut(redact.apply(m.toolInput().strip()), budget / 4);
            b.append("$ ").append(input).append('\n');
            budget -= input.length();
        }
        b.append(cut(redact.apply(m.text().strip()), Math.max(100, budget))).append("\n\n");
        return b.toString();
    }

    /** Keeps the head and the tail: an error usually shows at the end of an output, its command at the start. */
    static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int head = max * 2 / 3;
        int tail = max - head;
        return text.substring(0, head) + "\n[… " + (text.length() - max) + " characters omitted …]\n"
                + text.substring(text.length() - tail);
    }
}
