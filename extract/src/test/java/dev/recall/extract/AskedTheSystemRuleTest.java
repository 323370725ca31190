package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 14 (helper ext15f): a cause found by asking the system a question and reading its answer. A message
 * says what is to be found out (which/why/whether/where), one to three looks run, and the assistant's next message
 * reads the answer out of their output. On small hand-written sessions, through the rule alone (the whole extractor
 * does not run it yet), with the near-misses it must not fire on: a reading that quotes nothing of the output, a reading that is
 * a plan, an edit among the looks, a file read (a fact, not a question asked of the system), a question too short to
 * title an entry.
 */
class AskedTheSystemRuleTest {
    private static List<Candidate> alone(TestSessions s) {
        return s.proposedBy(new AskedTheSystemRule());
    }

    private static TestSessions certs(String reading) {
        return TestSessions.session("a1").user("The cert for status.example.dev expired this morning. cert-manager"
                        + " should have renewed it.")
                .assistant("The HTTP-01 challenge gets a 404, so the solver's ingress isn't being served. Checking which"
                        + " ingress class the issuer uses.")
                .bash("kubectl get clusterissuer letsencrypt -o jsonpath='{.spec.acme.solvers[0].http01.ingress.class}';"
                        + " kubectl get ingressclass", "nginx\nNAME       CONTROLLER\npublic     k8s.io/ingress-nginx\n"
                        + "internal   k8s.io/ingress-nginx")
                .assistant(reading);
    }

    @Test
    void aQuestionAskedOfTheSystemAndItsAnswerReadIsADebuggingMethod() {
        var s = certs("The ClusterIssuer solves through ingress class `nginx`, which no longer exists since the"
                + " controllers were split into `public` and `internal`. The issuer has to use `public`.");
        var d = alone(s);
        assertEquals(1, d.size(), d.toString());
        Candidate c = d.getFirst();
        assertEquals(EntryType.DEBUGGING_METHOD, c.type());
        assertEquals("Check which ingress class the issuer uses, with `kubectl get`", c.title());
        assertEquals("when the HTTP-01 challenge gets a 404, so the solver's ingress isn't being served", c.trigger());
        assertTrue(c.body().contains("kubectl get clusterissuer") && c.body().contains("no longer exists"), c.body());
        assertEquals(List.of(1, 1, 2, 3), c.anchors().stream().map(Candidate.Span::start).toList());
        // The whole extractor proposes it too: no earlier rule takes these messages.
        assertTrue(s.proposed(EntryType.DEBUGGING_METHOD).stream().anyMatch(x -> x.title().equals(c.title())),
                s.proposed().toString());

        // The user asks the question ("ask the cluster why"); two looks; a look whose output lists an error line.
        var user = TestSessions.session("a2").assistant("14 unassigned shards. Most likely a node restarted; I'll wait.")
                .user("no, nothing restarted. ask the cluster why instead of waiting")
                .bash("curl -s localhost:9200/_cluster/allocation/explain?pretty", "\"decider\" : \"disk_threshold\",\n"
                        + "\"explanation\" : \"the node is above the high watermark\"")
                .bash("curl -s localhost:9200/_cat/allocation?v", "node disk.percent\nos-data-2 92\nos-data-3 93")
                .assistant("allocation/explain says it: os-data-2 and os-data-3 are above the high watermark. Two of"
                        + " three nodes are full, not a restart.");
        assertEquals(List.of("Ask the cluster why instead of waiting, with `curl`"),
                alone(user).stream().map(Candidate::title).toList());

        var self = TestSessions.session("a3").assistant("Still failing, so the include wasn't it. Which MSVC does the"
                        + " runner use?")
                .bash("gh run view --log | grep -m2 MSVC", "build-msvc  -- The CXX compiler identification is MSVC"
                        + " 19.29.30154.0")
                .assistant("MSVC 19.29 is Visual Studio 2019 16.11, and its std::bit_cast needs /std:c++latest there.");
        assertEquals(List.of("Check which MSVC does the runner use, with `gh run`"),
                alone(self).stream().map(Candidate::title).toList());
    }

    @Test
    void noQuotedAnswerAPlanAnEditAFileReadOrAShortQuestionIsNotThisShape() {
        assertEquals(List.of(), alone(certs("That looks fine to me, the certificate should be renewed soon.")));
        assertEquals(List.of(), alone(certs("I'll look at the `nginx` controller logs next.")));

        var edit = TestSessions.session("b1").assistant("The handshake fails. Checking whether the clock is the problem"
                        + " on the node.")
                .edit("main/report.c", "+ ESP_LOGI(TAG, \"time now: %lld\", time(NULL));")
                .bash("idf.py flash monitor", "I (1498) kestrel: time now: 8")
                .assistant("The node thinks it's 8 seconds after 1970: kestrel has no RTC battery.");
        assertEquals(List.of(), alone(edit));

        var file = TestSessions.session("b2").assistant("Clippy flags `unnecessary_map_or`. Checking which toolchain we"
                        + " pin in the repository.")
                .bash("cat rust-toolchain.toml", "[toolchain]\nchannel = \"1.82.0\"")
                .assistant("`rust-toolchain.toml` pins channel 1.82.0, so the lint is new to us.");
        assertEquals(List.of(), alone(file));

        var shortQuestion = TestSessions.session("b3").assistant("The fresh build goes somewhere else. Checking where.")
                .bash("find . -name '*.so' -newer pyproject.toml", "./python/yarrowdale/_yarrowdale.cpython-312.so")
                .assistant("Found it: the module is built as `_yarrowdale.cpython-312.so` now.");
        assertEquals(List.of(), alone(shortQuestion));
    }

    @Test
    void theUserAsksToFindOutWhat() {
        var s = TestSessions.session("d1").assistant("The app with SMP overflows slot0 by 23 kB. I could shrink the"
                        + " MCUboot partition.")
                .user("before moving partitions around, find out what's actually big. I bet it's logging")
                .bash("west build -d build/app -t rom_report | sort -k2 -n -r | head -6",
                        "Path                Size     %\nsubsys/logging     61204   12.21\nsubsys/bluetooth/host  58830  11.74")
                .assistant("Logging is the largest single item at 61 kB, more than the overflow.");
        var d = alone(s);
        assertEquals(List.of("Find out what's actually big, with `west build`"), d.stream().map(Candidate::title).toList());
        assertEquals("when the app with SMP overflows slot0 by 23 kB", d.getFirst().trigger());

        // "what" in a plan or a status is no question asked of the system.
        var plan = TestSessions.session("d2").user("what's next on the list?")
                .bash("west build -d build/app", "Memory region FLASH: 61204 B")
                .assistant("Logging is the largest single item, 61204 bytes.");
        assertEquals(List.of(), alone(plan));
    }

    @Test
    void aFailedLookStillAnswersTheQuestion() {
        var s = TestSessions.session("c1").assistant("Still old after a clean build, so the build isn't the problem."
                        + " The question is which binary Python actually loads.")
                .bash("python -c 'import yarrowdale._native as m; print(m.__file__)'; ls -la .venv/lib/*/yarrowdale/*.so",
                        "/home/ines/code/yarrowdale/python/yarrowdale/_native.cpython-312-x86_64-linux-gnu.so\n"
                                + "ls: cannot access '.venv/lib/python3.12/site-packages/yarrowdale/*.so': No such file or directory")
                .assistant("Python loads python/yarrowdale/_native...so dated Nov 12, not the fresh build.");
        assertEquals(List.of("Check which binary Python actually loads, with `python`"),
                alone(s).stream().map(Candidate::title).toList());
    }
}
