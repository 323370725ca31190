package dev.recall.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * docs/cli.md: every command's usage exactly as its --help prints it, from the command model, so the reference
 * cannot drift from the code ({@code CliReferenceTest} fails when the file differs and says how to regenerate it).
 */
final class CliReference {
    /** Fixed, so the file does not depend on the terminal it was generated in. */
    static final int WIDTH = 110;

    private CliReference() {}

    static String markdown(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        StringBuilder b = new StringBuilder();
        b.append("# recall command reference\n\n")
                .append("Generated from the command model by `CliReferenceTest`; do not edit. After changing a command,\n")
                .append("regenerate it with `./mvnw -B -q verify -pl cli -am -Dtest=CliReferenceTest")
                .append(" -Dsurefire.failIfNoSpecifiedTests=false -Drecall.cli.docs=write`.\n")
                .append("Shell completion comes from the same model: `recall completion bash|zsh|fish`.\n\n");
        for (CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName(" ");
            b.append("- [").append(name).append("](#").append(anchor(name)).append(")\n");
        }
        for (CommandLine c : all) {
            c.setUsageHelpWidth(WIDTH);
            b.append("\n## ").append(c.getCommandSpec().qualifiedName(" ")).append("\n\n```text\n")
                    .append(c.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing()).append("\n```\n");
        }
        return b.toString();
    }

    private static void collect(CommandLine c, List<CommandLine> out) {
        out.add(c);
        for (Map.Entry<String, CommandLine> s : c.getSubcommands().entrySet()) {
            if (s.getKey().equals(s.getValue().getCommandName())) {
                collect(s.getValue(), out);
            }
        }
    }

    /** GitHub's heading anchor: lower case, spaces to dashes, other punctuation dropped. */
    private static String anchor(String heading) {
        return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
    }
}
