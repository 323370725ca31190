package dev.recall.cli;

import dev.recall.server.Views;
import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import dev.recall.store.Times;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How entries are shown: a compact human line, a full human record, and the JSON shape. */
final class EntryView {
    private EntryView() {}

    static String line(RecallEntry e) {
        String where = String.join(" ", nonNull(e.project(), e.gitBranch() == null ? null : "@" + e.gitBranch()));
        return String.format("%-28s %-16s %-10s %s%s%s", e.id(), e.type().label(), e.scope().label(),
                e.title(), where.isEmpty() ? "" : "  [" + where + "]", flags(e));
    }

    static String flags(RecallEntry e) {
        StringBuilder b = new StringBuilder();
        if (e.trusted()) b.append(" (trusted)");
        if (!"current".equals(e.lifecycle()) && !"replacement".equals(e.lifecycle())) b.append(" (").append(e.lifecycle()).append(')');
        return b.toString();
    }

    static void full(PrintWriter out, RecallEntry e, List<Evidence> evidence) {
        out.println(e.id() + "  " + e.title());
        out.println("  type " + e.type().label() + ", scope " + e.scope().label() + ", status " + e.status().label()
                + ", review " + e.reviewState().label() + (e.trusted() ? ", trusted" : ", not trusted"));
        field(out, "project", e.project());
        field(out, "cwd", e.cwd());
        field(out, "branch", e.gitBranch());
        field(out, "agent", e.agent());
        field(out, "session", e.sourceSessionId());
        field(out, "confidence", e.confidence() == null ? null : String.format("%.2f", e.confidence()));
        field(out, "uncertainty", e.uncertainty());
        field(out, "trigger", e.trigger());
        if (!e.provenanceOk()) field(out, "provenance", "revoked: " + e.provenanceReason());
        field(out, "supersedes", e.supersedesEntryId());
        field(out, "superseded by", e.supersededByEntryId());
        field(out, "updated", Times.format(e.updatedAt()));
        out.println();
        out.println(indent(e.body()));
        if (evidence != null) {
            out.println();
            out.println("  evidence (" + evidence.size() + "):");
            evidence(out, evidence, "  ");
        }
    }

    /** Each anchor: where it is, its snippet, and the command that opens it. */
    static void evidence(PrintWriter out, List<Evidence> evidence, String indent) {
        if (evidence.isEmpty()) {
            out.println(indent + "- no evidence");
        }
        for (Evidence ev : evidence) {
            out.println(indent + "- " + ev.sessionId() + " messages " + ev.startOrdinal() + ".." + ev.endOrdinal()
                    + (ev.toolUseId() == null ? "" : " tool " + ev.toolUseId())
                    + (ev.contentDigest() == null ? " (unverified)" : " digest " + ev.contentDigest().substring(0, 12)));
            if (ev.snippet() != null) out.println(indent + "  \"" + ev.snippet() + "\"");
            out.println(indent + "  open: " + Views.openCommand(ev.sessionId(), ev.startOrdinal()));
        }
    }

    /** The command that shows a session from a message on: what search hits and evidence point to. */

    private static void field(PrintWriter out, String name, String value) {
        if (value != null) out.println(String.format("  %-13s %s", name, value));
    }

    private static String indent(String text) {
        return "  " + text.replace("\n", "\n  ");
    }

    private static List<String> nonNull(String... values) {
        return java.util.Arrays.stream(values).filter(v -> v != null && !v.isEmpty()).toList();
    }
}
