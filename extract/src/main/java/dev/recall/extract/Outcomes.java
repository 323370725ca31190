package dev.recall.extract;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Did a command fail? Judged from its output alone, since transcripts do not always carry an exit code: test
 * runners, build tools, compilers, shells and package managers each have a recognisable way of saying so.
 * "0 failed" and "Errors: 0" are successes.
 */
final class Outcomes {
    /** The verdict and, for a failure, the most telling line of the output. */
    record Verdict(boolean failed, String errorLine) {}

    private static final List<Pattern> FAILURE = List.of(
            Pattern.compile("(?m)^\\s*--- FAIL"),
            Pattern.compile("(?m)^FAIL\\b"),
            Pattern.compile("(?m)^\\s*FAILED\\b"),
            Pattern.compile("\\bBUILD FAIL(?:URE|ED)\\b"),
            Pattern.compile("(?m)^FAILURE:"),
            Pattern.compile("(?m)^[\\s│╷╵|]*(?:error|Error|ERROR)(?:\\[[\\w-]+\\])?[:!]"),
            Pattern.compile("(?m)^\\s*(?:fatal|panic):"),
            Pattern.compile("npm ERR!"),
            Pattern.compile("make(?:\\[\\d+\\])?: \\*\\*\\*"),
            Pattern.compile("(?i)\\bexit(?:ed)? (?:code|status)[:= ]+[1-9]"),
            Pattern.compile("(?i)\\bexited with (?:code|status) [1-9]"),
            Pattern.compile("(?i)\\breturned (?:a )?non-zero"),
            Pattern.compile("Traceback \\(most recent call last\\)"),
            Pattern.compile("(?m)^(?:Exception in thread|Caused by:)"),
            Pattern.compile("(?m)^[\\w.$]*(?:Error|Exception): "),
            Pattern.compile("(?i)command not found|no such file or directory|permission denied|bad substitution"
                    + "|syntax error"),
            Pattern.compile("cannot find symbol|tool_use_error"),
            Pattern.compile("(?i)\\b[1-9]\\d* (?:failed|failures|failing|errors)\\b"),
            Pattern.compile("(?i)\\b(?:failures|errors|failed): *[1-9]"),
            Pattern.compile("(?m)^\\s*[1-9]\\d* (?:issues?|problems?)\\b"),
            // A summary's count of none ("Done. PASS=3 WARN=0 ERROR=0 SKIP=0", dbt's last line) is no error.
            Pattern.compile("\\bERROR\\b(?!=0\\b)"),
            Pattern.compile("(?i)\\bUPGRADE FAILED\\b|\\berror occurred\\b|\\bcannot connect\\b|connection refused"),
            Pattern.compile("WARNING: DATA RACE"),
            Pattern.compile("\\bFAILED\\b|(?m)^\\[(?:error|exit [1-9]\\d*)\\]|(?i)\\b[1-9]\\d* tests? failed\\b"));

    /**
     * For each of FAILURE, in order, the words (lower-case) one of which every match of it spells out: a pattern is
     * only run on an output that holds one of its words.
     */
    private static final List<String[]> FAILURE_WORDS = List.of(
            new String[] {"--- fail"},
            new String[] {"fail"},
            new String[] {"failed"},
            new String[] {"build fail"},
            new String[] {"failure:"},
            new String[] {"error"},
            new String[] {"fatal:", "panic:"},
            new String[] {"npm err!"},
            new String[] {": ***"},
            new String[] {"exit"},
            new String[] {"exited with"},
            new String[] {"non-zero"},
            new String[] {"traceback (most recent call last)"},
            new String[] {"exception in thread", "caused by:"},
            new String[] {"error: ", "exception: "},
            new String[] {"command not found", "no such file or directory", "permission denied", "bad substitution",
                "syntax error"},
            new String[] {"cannot find symbol", "tool_use_error"},
            new String[] {"failed", "failures", "failing", "errors"},
            new String[] {"failures", "errors", "failed"},
            new String[] {"issue", "problem"},
            new String[] {"error"},
            new String[] {"upgrade failed", "error occurred", "cannot connect", "connection refused"},
            new String[] {"warning: data race"},
            new String[] {"failed", "[error]", "[exit "});


    /** Lines that say a failure happened but not what it was; the last resort for an error line. */
    private static final Pattern GENERIC = Pattern.compile(
            "^(?:FAILURE: Build failed with an exception\\.|\\* What went wrong:|FAIL\\b.*|make(?:\\[\\d+\\])?: \\*\\*\\*.*|exit status \\d+|FAILED|ERROR|Error|\\d+ issues?:?|"
                    + "={3,}|-{3,}|\\*+)$");
    private static final Pattern TELLING = Pattern.compile(
            "(?i)error|exception|failed|refused|denied|not found|does not exist|cannot|can't|panic|fatal|race|"
                    + "duplicate|unexpected|invalid|timeout|timed out|mismatch|want |got |bad substitution|syntax error");

    private static final Pattern NAMES_ERROR = Pattern.compile("(?i).*\\b(?:error|exception)\\b.*");

    /** Rules and markers around a line ("____ test_x ____", "❯ file"): layout, not message. */
    private static final Pattern DECORATION = Pattern.compile("^[_=*#❯>|•^~│╷╵\\s-]{2,}\\s*|^[│╷╵]\\s*|\\s*[_=*#-]{3,}$");

    /** Every failure pattern contains one of these (lower-cased); output without any of them passed. */
    private static final String[] GATE = {"fail", "error", "exit", "traceback", "exception", "panic", "fatal",
        "not found", "no such file", "denied", "cannot", "refused", "issue", "problem", "race", "npm err", "***",
        "non-zero", "tool_use_error", "cannot find symbol", "bad substitution", "syntax error"};

    private Outcomes() {}

    static Verdict classify(String output) {
        if (output == null || output.isBlank()) {
            return new Verdict(false, null);
        }
        String lower = output.toLowerCase(Locale.ROOT);
        if (!Texts.containsAny(lower, GATE)) {
            return new Verdict(false, null);
        }
        boolean failed = false;
        for (int i = 0; i < FAILURE.size(); i++) {
            // Only the patterns whose words the output holds can match: most outputs are long and mention few.
            if (Texts.containsAny(lower, FAILURE_WORDS.get(i)) && FAILURE.get(i).matcher(output).find()) {
                failed = true;
                break;
            }
        }
        return new Verdict(failed, failed ? errorLine(output) : null);
    }

    /**
     * {@code DECORATION.matcher(line).replaceAll("")} for a stripped line, without the scan when nothing can match:
     * a match starts the line with one of DECORATION's marks (a stripped line starts with no space) or ends it
     * with a rule of three of "_=*#-".
     */
    static String undecorated(String line) {
        if (line.isEmpty() || "_=*#❯>|•^~│╷╵-".indexOf(line.charAt(0)) < 0 && line.indexOf('_') < 0
                && line.indexOf('=') < 0 && line.indexOf('*') < 0 && line.indexOf('#') < 0 && line.indexOf('-') < 0) {
            return line;
        }
        return DECORATION.matcher(line).replaceAll("");
    }

    /** The first line that names the problem, preferring specific messages over "FAIL" or "make: ***". */
    static String errorLine(String output) {
        String best = null;
        int bestScore = Integer.MIN_VALUE;
        String[] lines = output.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = undecorated(lines[i].strip());
            if (line.endsWith(":") && i + 1 < lines.length && !lines[i + 1].isBlank()) {
                line = line + " " + lines[i + 1].strip(); // "panicked at x.rs:88:14:" is followed by the message
            }
            if (line.length() < 4) {
                continue;
            }
            int score = 0;
            if (GENERIC.matcher(line).matches()) {
                score -= 10;
            }
            if (TELLING.matcher(line).find()) {
                score += 5;
            }
            if (NAMES_ERROR.matcher(line).matches()) {
                score += 3;
            }
            if (line.startsWith("E ") || line.startsWith("error[")) {
                score += 4; // pytest's and rustc's own statement of the error
            }
            if (line.startsWith("--- FAIL") || line.startsWith("at ") || line.startsWith("runtime.")) {
                score -= 2;
            }
            if (score > bestScore) {
                best = line;
                bestScore = score;
            }
        }
        return best == null ? null : Texts.bound(best, 240);
    }
}
