package dev.recall.cli;

import dev.recall.service.MemberService;
import dev.recall.store.ServiceMembers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "members", description = "The members of this data dir's recall service (a team's `recall serve`):"
        + " each holds a bearer token; a member reads the team's entries, an admin may also change them.",
        subcommands = {MembersCommand.Add.class, MembersCommand.ListMembers.class, MembersCommand.Revoke.class})
final class MembersCommand {

    @Command(name = "add", description = "Add a member and print their token (shown once; only its digest is kept).")
    static final class Add implements Callable<Integer> {
        private final App app;

        Add(App app) {
            this.app = app;
        }

        @Parameters(index = "0", paramLabel = "NAME", description = "The member's name (letters, digits, . _ @ -).")
        String name;

        @Option(names = "--admin", description = "An admin: may also write (review, import, build...), like the"
                + " daemon's own token.")
        boolean admin;

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            MemberService.NewMember m = app.service().members().add(name,
                    admin ? ServiceMembers.Role.ADMIN : ServiceMembers.Role.MEMBER);
            if (output.json()) {
                Map<String, Object> v = view(m.member());
                v.put("token", m.token());
                app.printJson(v);
                return ExitCode.OK.code;
            }
            app.out.println(m.token());
            app.notice("added " + m.member().role().label() + " " + name + "; give them the token above (it is not"
                    + " shown again): RECALL_SERVICE_URL=<this service's URL> RECALL_SERVICE_TOKEN=<token>");
            return ExitCode.OK.code;
        }
    }

    @Command(name = "list", description = "Every member, revoked ones included.")
    static final class ListMembers implements Callable<Integer> {
        private final App app;

        ListMembers(App app) {
            this.app = app;
        }

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            List<ServiceMembers.Member> all = app.service().members().list();
            if (output.json()) {
                app.printJson(Map.of("members", all.stream().map(MembersCommand::view).toList()));
                return ExitCode.OK.code;
            }
            if (all.isEmpty()) {
                app.out.println("no members yet: recall members add NAME");
            }
            for (ServiceMembers.Member m : all) {
                app.out.printf("%-24s %-6s added %s%s%n", m.name(), m.role().label(), m.createdAt(),
                        m.active() ? "" : ", revoked " + m.revokedAt());
            }
            return ExitCode.OK.code;
        }
    }

    @Command(name = "revoke", description = "Revoke a member's token (refused from the next request on).")
    static final class Revoke implements Callable<Integer> {
        private final App app;

        Revoke(App app) {
            this.app = app;
        }

        @Parameters(index = "0", paramLabel = "NAME", description = "The member's name.")
        String name;

        @picocli.CommandLine.Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            app.service().members().revoke(name);
            if (output.json()) {
                app.printJson(Map.of("revoked", name));
                return ExitCode.OK.code;
            }
            app.out.println("revoked " + name);
            return ExitCode.OK.code;
        }
    }

    private static Map<String, Object> view(ServiceMembers.Member m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("name", m.name());
        v.put("role", m.role().label());
        v.put("created_at", m.createdAt().toString());
        v.put("revoked_at", m.revokedAt() == null ? null : m.revokedAt().toString());
        return v;
    }
}
