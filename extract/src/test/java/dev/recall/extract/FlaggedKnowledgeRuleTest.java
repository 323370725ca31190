package dev.recall.extract;

import static org.junit.jupiter.api.Assertions.*;

import dev.recall.store.EntryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules version 13, second part: a fact its speaker marks as worth keeping ("One thing to know: ...", "Worth
 * knowing: ...", "Note that ...", "for the record, ..."). On small hand-written sessions, through the one rule and
 * through the whole extractor, with the near-misses it must not fire on: a rule of conduct said for the record, a
 * moment ("currently"), the speaker's own work, a sentence that leans on the one before, a bare "Good to know."
 */
class FlaggedKnowledgeRuleTest {
    private static List<Candidate> alone(TestSessions s) {
        return s.proposedBy(new FlaggedKnowledgeRule());
    }

    @Test
    void aStatementMarkedAsWorthKnowingIsAFact() {
        var s = TestSessions.session("f1").user("Publish 2.3.0 to the update bucket.")
                .bash("scripts/publish.sh 2.3.0", "upload: dist/latest-mac.yml to s3://updates/mac/latest-mac.yml")
                .assistant("Published. Worth knowing: electron-updater on macOS updates from the -mac.zip files, not"
                        + " the DMGs, so latest-mac.yml has to list the zips. The DMGs are only for the download"
                        + " page.");
        var f = alone(s);
        assertEquals(1, f.size(), f.toString());
        assertEquals(EntryType.FACT, f.getFirst().type());
        assertEquals("Electron-updater on macOS updates from the -mac.zip files, not the DMGs", f.getFirst().title());
        assertTrue(f.getFirst().body().contains("latest-mac.yml has to list the zips"), f.getFirst().body());
        assertTrue(s.proposed().stream()
                .anyMatch(c -> c.type() == EntryType.FACT && c.title().startsWith("Electron-updater on macOS")));

        var thing = TestSessions.session("f2").user("Why does CI fail with 401 from Nexus?")
                .assistant("CI is green on fix/nexus-repo. One thing to know: the <id> in settings.xml has to be"
                        + " exactly the repo key in deps.edn; with any other id tools.deps sends no credentials.");
        assertEquals(List.of("The <id> in settings.xml has to be exactly the repo key in deps.edn"),
                alone(thing).stream().map(Candidate::title).toList());

        var note = TestSessions.session("f3").user("Give the app role CREATEDB in the init script.")
                .edit("docker/db/init.sql", "The file has been updated.")
                .assistant("Added the ALTER ROLE to docker/db/init.sql. Note that Postgres only runs the scripts in"
                        + " docker-entrypoint-initdb.d when the data volume is empty, so an existing volume still"
                        + " needs it by hand.");
        assertEquals(List.of("Postgres only runs the scripts in docker-entrypoint-initdb.d when the data volume is"
                + " empty"), alone(note).stream().map(Candidate::title).toList());

        var record = TestSessions.session("f4").user("Deploy it. And for the record, we have 2 machines in ams,"
                + " clustered with DNSPoll over the .internal address.");
        assertEquals(1, alone(record).size());
    }

    @Test
    void conductAMomentOwnWorkOrALeaningSentenceIsNoFact() {
        var conduct = TestSessions.session("n1").user("ship it to staging. oh, and for the record since it came up in"
                + " standup: don't edit the .env on the staging box directly, the deploy tool overwrites it.");
        assertEquals(List.of(), alone(conduct));
        var always = TestSessions.session("n2").user("And for the record: in prod, always plan -out=tfplan and apply"
                + " that file.");
        assertEquals(List.of(), alone(always));
        var moment = TestSessions.session("n3").user("Leave the schedule.")
                .assistant("Leaving it as it is. For the record, run-nightly currently runs on every instance at"
                        + " 02:00 in staging and prod.");
        assertEquals(List.of(), alone(moment));
        var own = TestSessions.session("n4").user("Did the backfill go through?")
                .assistant("Yes. For the record, I ran the backfill twice because the first run timed out.");
        assertEquals(List.of(), alone(own));
        var leaning = TestSessions.session("n5").user("Add the webhook route.")
                .assistant("Done. One thing worth knowing about this route: it's mounted with express.raw() before"
                        + " the app-wide express.json().");
        assertEquals(List.of(), alone(leaning));
        var ack = TestSessions.session("n6").user("Keep in mind the fake WebGL2 only records calls.")
                .assistant("Good to know.");
        assertEquals(List.of(), alone(ack));
        var unmarked = TestSessions.session("n7").user("Publish it.")
                .assistant("Published. electron-updater on macOS updates from the -mac.zip files, not the DMGs.");
        assertEquals(List.of(), alone(unmarked));
    }

    private static List<Candidate> told(TestSessions s) {
        return s.proposedBy(new ToldSetupRule());
    }

    @Test
    void theUsersAnswerToAQuestionAboutTheSetupIsAFact() {
        var s = TestSessions.session("t1").user("The integration tests don't start on my new laptop.")
                .bash("./mvnw -pl api verify", "Could not find a valid Docker environment")
                .assistant("Testcontainers can't find Docker. Is Docker Desktop running, or do you use something else"
                        + " on this machine?")
                .user("Colima. Docker Desktop isn't allowed on the company laptops anymore.");
        var f = told(s);
        assertEquals(List.of("Docker Desktop isn't allowed on the company laptops anymore"),
                f.stream().map(Candidate::title).toList());
        assertEquals(EntryType.FACT, f.getFirst().type());
        assertTrue(f.getFirst().body().contains("Is Docker Desktop running"), f.getFirst().body());
        assertTrue(f.getFirst().body().startsWith("Colima. Docker Desktop isn't allowed"), f.getFirst().body());
        assertTrue(s.proposed().stream()
                .anyMatch(c -> c.type() == EntryType.FACT && c.title().startsWith("Docker Desktop isn't allowed")));

        // A demonstrative with its noun names the thing ("This dev box has ..."); the status after it is no fact.
        var box = TestSessions.session("t2").user("Run the integration tests.")
                .assistant("Is Docker running on this box, or do you use something else?")
                .user("This dev box has rootless podman, no Docker. Podman is installed and working.");
        assertEquals(List.of("This dev box has rootless podman, no Docker"), told(box).stream().map(Candidate::title)
                .toList());
        var status = TestSessions.session("t3").user("Run the integration tests.")
                .assistant("Is Docker running on this box?")
                .user("Yes. Podman is installed and working on the box.");
        assertEquals(List.of(), told(status));
    }

    @Test
    void anInstructionAPlanANonAnswerOrAQuestionAboutWhatToDoIsNoToldFact() {
        var how = TestSessions.session("u1").user("Backfill October.")
                .assistant("Is there a preferred way to launch a range?")
                .user("Use the CLI with a partition range, not the UI, so it's in the shell history.");
        assertEquals(List.of(), told(how));
        var unknown = TestSessions.session("u2").user("Upload the build.")
                .assistant("Does the app use any encryption besides HTTPS?")
                .user("I genuinely don't know. The photo sync uses CryptoKit for the end-to-end option.");
        assertEquals(List.of(), told(unknown));
        var plan = TestSessions.session("u3").user("Run the playbook.")
                .assistant("Is it in a password file on this machine, like ~/.vault_pass?")
                .user("it's in 1password and I'll type it myself.");
        assertEquals(List.of(), told(plan));
        var whatToDo = TestSessions.session("u4").user("The retention is wrong.")
                .assistant("What should the retention be?")
                .user("Thirty days is what the contract with the app teams says.");
        assertEquals(List.of(), told(whatToDo));
        var notYet = TestSessions.session("u5").user("Deploy the DAG.")
                .assistant("How do DAG changes reach Composer, is there a pipeline?")
                .user("The composer environment has no pipeline yet, it is done by hand.");
        assertEquals(List.of(), told(notYet));
        var statement = TestSessions.session("u6").user("Deploy the DAG.")
                .assistant("Composer picks DAGs up from the bucket.")
                .user("The composer environment has a pipeline that syncs the dags folder.");
        assertEquals(List.of(), told(statement));
    }
}
