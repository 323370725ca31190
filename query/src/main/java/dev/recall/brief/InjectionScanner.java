package dev.recall.brief;

import dev.recall.store.Evidence;
import dev.recall.store.RecallEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Flags text in an entry that reads like prompt-injection bait: instruction overrides, role markers, secret
 * exfiltration, command execution, fetching external instructions. A flag is a warning, not a verdict: the
 * entry is still shown, framed as data.
 */
public final class InjectionScanner {
    /** A kind of bait and the pattern that finds it. */
    public enum Reason {
        INSTRUCTION_OVERRIDE("(?i)\\b(ignore|disregard|forget|override)\\b[^.\\n]{0,40}\\b(previous|prior|above|earlier|all|any|your|the)\\b[^.\\n]{0,30}\\b(instructions?|rules|prompts?|guidelines|context)\\b"
                + "|(?i)\\byou are now\\b|(?i)\\bnew (system )?instructions?\\s*:|(?i)\\bfrom now on,? (you|always|never)\\b"),
        ROLE_MARKER("(?im)^\\s*(system|assistant|user|developer)\\s*:|(?i)[.!?]\\s+(system|assistant|developer)\\s*:\\s|<\\|im_(start|end)\\|>|\\[/?INST\\]|</?(system|assistant|user)>"
                + "|(?i)\\bHuman:|(?i)\\bAssistant:"),
        SECRET_EXFILTRATION("(?i)\\b(send|post|upload|email|exfiltrate|paste|share|leak|print|reveal|output)\\b[^.\\n]{0,60}"
                + "\\b(api[ _-]?keys?|tokens?|secrets?|passwords?|credentials|private keys?|\\.env\\b|~/\\.ssh|id_rsa|aws_secret)"),
        COMMAND_EXECUTION("(?i)\\b(curl|wget)\\b[^\\n|]{0,200}\\|\\s*(ba|z)?sh\\b|(?i)\\brm\\s+-rf\\s+(/|~|\\$HOME)(\\s|$)"
                + "|(?i)\\b(run|execute)\\b[^.\\n]{0,20}\\b(this|the following) (command|script)\\b|(?i)\\beval\\s*\\(\\s*(atob|base64)"),
        EXTERNAL_INSTRUCTIONS("(?i)\\b(fetch|download|read|load|follow|obey|get)\\b[^.\\n]{0,40}\\binstructions?\\b[^.\\n]{0,40}(https?://|\\bfrom\\b[^.\\n]{0,20}\\b(url|site|gist|pastebin))"
                + "|(?i)\\b(visit|open|go to)\\s+https?://\\S+\\s+(and|then)\\s+(follow|do|obey|execute)");

        private final Pattern pattern;

        Reason(String regex) {
            this.pattern = Pattern.compile(regex);
        }

        public String label() {
            return name().toLowerCase();
        }
    }

    /**
     * The labels of the reasons an entry looks like bait: its title, body, trigger and evidence snippets, as a
     * brief would show them; empty when it does not.
     */
    public List<String> scanEntry(RecallEntry e, List<Evidence> evidence) {
        return scan(e.title() + "\n" + e.body() + "\n" + (e.trigger() == null ? "" : e.trigger()) + "\n"
                + String.join("\n", evidence.stream().map(x -> String.valueOf(x.snippet())).toList()))
                .stream().map(Reason::label).toList();
    }

    /** The reasons the text looks like bait, in a fixed order; empty when it does not. */
    public List<Reason> scan(String text) {
        List<Reason> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (Reason r : Reason.values()) {
            if (r.pattern.matcher(text).find()) {
                out.add(r);
            }
        }
        return out;
    }
}
