package dev.recall.extract;

import dev.recall.store.Message;
import dev.recall.store.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * The default extractor: deterministic rules over a session, no model and no network. Rules run in a fixed
 * order (the more specific first) and a sentence used by one rule is not reused by a later one; proposals of one
 * type that say the same thing are then merged.
 */
final class LocalExtractor implements Extractor {
    static final String METHOD = "local-v1";
    /** Bump when a rule changes what it proposes: it changes the generation fingerprint. */
    static final int RULES_VERSION = 15;

    private final List<Rule> rules;
    private final Commands commands = new Commands();

    LocalExtractor(int maxFacts) {
        List<Rule> all = new ArrayList<>(List.of(new PreferenceRule(), new WarningRule(), new DecisionRule(),
                new OpenQuestionRule(), new ProcedureRule(), new DocStepsRule(), new DebuggingRule(), new FactRule(maxFacts),
                new CommandUseRule()));
        if (maxFacts > 0) {
            all.add(new LimitRule()); // facts too: none when facts are turned off
        }
        all.add(new HouseRule());
        all.add(new DeferralRule());
        all.add(new InsteadRule());
        all.add(new SettledRule());
        all.add(new InvestigationRule());
        if (maxFacts > 0) {
            all.add(new SandboxLimitRule());
            all.add(new LookedUpRule());
            all.add(new SettingEditRule());
            all.add(new SourcedFactRule());
            all.add(new ConfigReadRule());
        }
        all.add(new MeasuredFixRule());
        all.add(new ComparedRunsRule());
        all.add(new RaisedAndPutOffRule());
        all.add(new WorkedSequenceRule());
        all.add(new LookedAndFoundRule());
        all.add(new LeftOpenRule());
        all.add(new OptionPickRule());
        all.add(new ProhibitionRule());
        all.add(new TurnedDownRule());
        all.add(new StandingClauseRule());
        all.add(new AcceptedLeanRule());
        all.add(new DeclinedAskRule());
        all.add(new UsageNormRule());
        all.add(new PreventiveChangeRule());
        all.add(new ChosenOverRule());
        all.add(new StaysAsItIsRule());
        all.add(new ReasonedChangeRule());
        all.add(new EditAndCheckRule());
        all.add(new ToolOwnWayRule());
        all.add(new WrittenDownRule());
        all.add(new ShownWayRule());
        all.add(new WantedWayRule());
        all.add(new DestructiveEffectRule());
        all.add(new GoAheadRule());
        all.add(new MustMatchRule());
        all.add(new PlaceNormRule());
        if (maxFacts > 0) {
            all.add(new FlaggedKnowledgeRule());
            all.add(new ToldSetupRule());
        }
        all.add(new FixedInWordsRule());
        if (maxFacts > 0) {
            all.add(new ToldEnvironmentRule());
            all.add(new NamingConventionRule());
        }
        all.add(new CountedLookRule());
        all.add(new AskedTheSystemRule());
        this.rules = List.copyOf(all);
    }

    @Override
    public List<Candidate> extract(Session session, List<Message> messages) {
        Transcript t = new Transcript(session, messages, commands);
        Claims claims = new Claims();
        List<Candidate> out = new ArrayList<>();
        for (Rule r : rules) {
            out.addAll(r.apply(t, claims, out));
        }
        out.removeIf(c -> Phrasing.leansOnContext(c.title()));
        return NearDuplicates.merge(out);
    }
}
