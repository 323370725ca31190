package dev.recall.sessions;

import java.util.ArrayList;
import java.util.List;

/**
 * A markdown document of titled sections that fits a character budget. When it is too long, items are dropped from
 * the end of the least important section that still has more than its minimum, until it fits; only then is the text
 * cut, at a line boundary.
 */
final class ContextDocument {
    /** A section; lower {@code keep} is dropped from first. */
    static final class Section {
        final String title;
        final int keep;
        final int minItems;
        final List<String> lead = new ArrayList<>();
        final List<String> items = new ArrayList<>();

        Section(String title, int keep, int minItems) {
            this.title = title;
            this.keep = keep;
            this.minItems = minItems;
        }

        Section lead(String line) {
            lead.add(line);
            return this;
        }

        Section item(String line) {
            items.add(line);
            return this;
        }

        boolean isEmpty() {
            return lead.isEmpty() && items.isEmpty();
        }
    }

    private final String header;
    private final List<Section> sections = new ArrayList<>();

    ContextDocument(String header) {
        this.header = header;
    }

    void add(Section s) {
        if (!s.isEmpty()) {
            sections.add(s);
        }
    }

    String render() {
        StringBuilder out = new StringBuilder(header.strip()).append("\n");
        for (Section s : sections) {
            if (s.isEmpty()) {
                continue;
            }
            out.append("\n## ").append(s.title).append("\n");
            s.lead.forEach(l -> out.append(l).append("\n"));
            s.items.forEach(l -> out.append(l).append("\n"));
        }
        return out.toString();
    }

    String render(int budget) {
        String text = render();
        while (text.length() > budget) {
            Section victim = null;
            for (Section s : sections) {
                if (s.items.size() > s.minItems && (victim == null || s.keep < victim.keep)) {
                    victim = s;
                }
            }
            if (victim == null) {
                break;
            }
            victim.items.remove(victim.items.size() - 1);
            text = render();
        }
        if (text.length() <= budget) {
            return text;
        }
        String note = "\n[... cut to the size budget]\n";
        int cut = text.lastIndexOf('\n', Math.max(0, budget - note.length()));
        return text.substring(0, Math.max(cut, 0)) + note;
    }
}
