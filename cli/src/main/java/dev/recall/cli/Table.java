package dev.recall.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * An aligned text table for people: a header row, then rows; each column as wide as its widest cell, numbers
 * aligned right. Nothing is printed for a table without rows but the {@code empty} line.
 */
final class Table {
    private final List<String> header;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    /** Column names; a name starting with '>' marks a right-aligned (numeric) column, the '>' not shown. */
    Table(String... columns) {
        header = new ArrayList<>();
        numeric = new boolean[columns.length];
        for (int i = 0; i < columns.length; i++) {
            numeric[i] = columns[i].startsWith(">");
            header.add(numeric[i] ? columns[i].substring(1) : columns[i]);
        }
    }

    Table row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + header.size());
        }
        List<String> row = new ArrayList<>();
        for (Object c : cells) {
            row.add(c == null ? "-" : c.toString());
        }
        rows.add(row);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintWriter out, String indent) {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        line(out, indent, header, width);
        rows.forEach(r -> line(out, indent, r, width));
    }

    private void line(PrintWriter out, String indent, List<String> cells, int[] width) {
        StringBuilder b = new StringBuilder(indent);
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            boolean last = i == cells.size() - 1;
            if (i > 0) {
                b.append("  ");
            }
            if (numeric[i]) {
                b.append(" ".repeat(width[i] - c.length())).append(c);
            } else {
                b.append(c);
                if (!last) {
                    b.append(" ".repeat(width[i] - c.length()));
                }
            }
        }
        out.println(b.toString().stripTrailing());
    }
}
