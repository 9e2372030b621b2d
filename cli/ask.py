"""`rulecheck ask`: answer a rules question, or a structured scenario, with citations."""
from __future__ import annotations

import gc

import click

from rulecheck.checker.errors import CheckerError
from rulecheck.kb.read import KnowledgeBaseError


class _Edition(click.Choice):
    """An edition through the checker's one edition check (`scenario.check_edition`: any case),
    its choices named in capitals in the error (click's case-insensitive Choice lists them in
    lower case)."""

    def convert(self, value, param, ctx):
        from rulecheck.checker.errors import UnknownEdition
        from rulecheck.checker.scenario import check_edition

        try:
            return check_edition(value)
        except UnknownEdition:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, self.choices))}.", param, ctx)


@click.command()
@click.argument("question", required=False)
@click.option("--state", help="Structured mode: the state (camouflaged, to_camouflaged, hidden_deployment, holomask, or an alias).")
@click.option("--declare", "declares", multiple=True, help="A Skill the trooper in the state declares; repeat for the Order's skills.")
@click.option("--event", "events", multiple=True, help="Something that happens to it (silhouette contact, discovered, saving roll…).")
@click.option("--enemy", "enemy", multiple=True, help="A Skill an enemy declares against it (bs attack, dodge, discover…).")
@click.option("--property", "properties", multiple=True, help="A yes/no fact about the state (block_lof, order_pool…).")
@click.option("--leader", "leader", multiple=True, help="A Skill the Team Leader of its Fireteam declares (the trooper is then a member that is not the Team Leader).")
@click.option("--turn", type=click.Choice(["active", "reactive"]), help="The turn of the trooper in the state.")
@click.option("--fireteam", type=click.Choice(["none", "leader", "member"]), help="Its Fireteam role (member = not the Team Leader).")
@click.option("--camouflage", type=click.Choice(["yes", "no"]), help="Hidden Deployment: whether it has a Marker-state Skill such as Camouflage.")
@click.option("--context", "contexts", multiple=True, metavar="AXIS=VALUE", help="Any other context, e.g. discovered=yes, lof=outside, msv=l3.")
@click.option("--ask", "ask", type=click.Choice(["revealed", "keeps", "allowed", "lost", "required", "fact", "plain"]), help="What the verdict answers: revealed (is it revealed?), keeps (does it stay hidden?), allowed (may it be declared?), lost (is the right lost?), required (must it be done?), fact, plain (default: revealed for declares/events, and for an enemy's Skill whose effect the logic knows, e.g. discover; allowed for other enemy Skills and properties).")
@click.option("--scenario", "scenario_file", type=click.Path(dir_okay=False), help="A scenario file (TOML, UTF-8): one Order's declarations and context.")
@click.option("--edition", type=_Edition(["N4", "N3"]), help="Rules edition (default N4; N3 reads TO Camouflaged). With --scenario, this flag wins over the file's `edition`.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--db", type=click.Path(dir_okay=False), help="The knowledge base (default: $RULECHECK_DB or the user data folder); built when missing.")
@click.option("--coverage", is_flag=True, help="List the bullets and FAQs of the four state pages no logic row cites, and exit.")
@click.option("--replay", is_flag=True, help="Replay every yes/no FAQ through the checker and list disagreements, and exit.")
def ask(question, state, declares, events, enemy, properties, leader, turn, fireteam, camouflage, contexts, ask,
        scenario_file, edition, as_json, db, coverage, replay):
    """Answer a rules question on Camouflaged, TO Camouflaged, Hidden Deployment or HoloMask:
    the verdict, the reasoning, and the bullets and FAQs that decide it.

    \b
    Examples:
        rulecheck ask "Is a Camouflaged trooper revealed if it declares Cautious Movement?"
        rulecheck ask "¿Se revela un Marcador de Camuflado que declara un Ataque CD?"
        rulecheck ask --state camouflaged --declare move --declare "bs attack"
        rulecheck ask --state hidden_deployment --camouflage yes --declare move --json
        rulecheck ask --state holomask --leader "bs attack" --declare move
        rulecheck ask --scenario order.toml            (--edition N3 overrides the file's edition)
    """
    # A one-shot answer makes little cyclic garbage, but the collector still runs several
    # passes over the objects the imports and the logic table create: about 1.5 ms of a cold
    # start that should stay near `import click`. Restored on the way out (tests run in-process).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        _ask(AskOptions(question, state, declares, events, enemy, properties, leader, turn, fireteam, camouflage,
                        contexts, ask, scenario_file, edition, as_json, db, coverage, replay))
    finally:
        if was_enabled:
            gc.enable()


class AskOptions:
    """Everything `rulecheck ask` was given, as click parsed it (the command's parameters, by name)."""

    # A plain class, not a NamedTuple: eighteen fields cost a generated class at every cold start.
    __slots__ = ("question", "state", "declares", "events", "enemy", "properties", "leader", "turn", "fireteam",
                 "camouflage", "contexts", "ask", "scenario_file", "edition", "as_json", "db", "coverage", "replay")

    def __init__(self, *values) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, value)

    def subjects_given(self) -> list[str]:
        """The options that say what happens (structured mode), as typed."""
        named = (("--state", self.state), ("--declare", self.declares), ("--event", self.events),
                 ("--enemy", self.enemy), ("--property", self.properties), ("--leader", self.leader))
        return [flag for flag, value in named if value]

    def context(self) -> dict[str, str | None]:
        """--turn, --fireteam, --camouflage and every --context AXIS=VALUE (None: not given)."""
        context: dict[str, str | None] = {"turn": self.turn, "fireteam": self.fireteam, "camouflage": self.camouflage}
        for item in self.contexts:
            axis, sep, value = item.partition("=")
            if not sep:
                raise click.UsageError(f'--context "{item}": write AXIS=VALUE, e.g. --context discovered=yes')
            context[axis.strip()] = value.strip()
        return context


def _ask(opts: AskOptions) -> None:
    from rulecheck.checker.errors import LogicTableError

    try:
        from rulecheck.checker.logic import load_logic

        table = load_logic()
        conn = _connect(opts.db)
        if opts.coverage:
            _print_coverage(conn, table, opts.as_json)
            return
        if opts.replay:
            _print_replay(conn, table, opts.as_json)
            return
        result = _answer(conn, table, opts)
    except LogicTableError as e:  # an authoring error in the table, not the user's input
        raise click.ClickException(str(e)) from e
    except CheckerError as e:
        raise click.UsageError(str(e)) from e
    except KnowledgeBaseError as e:
        raise click.ClickException(str(e)) from e
    if opts.as_json:
        import json  # only for --json: the text answer does without

        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(result.to_text())


def _answer(conn, table, opts: AskOptions):
    """The answer to a question, a scenario file or structured options. Context options
    (--turn, --fireteam, --camouflage, --context, --ask) override what a question or file says;
    options that contradict the mode are refused, never dropped."""
    from rulecheck.checker.answer import answer_question, answer_scenario
    from rulecheck.checker.scenario import override

    given = opts.subjects_given()
    if opts.question and (given or opts.scenario_file):
        raise click.UsageError(f"Give either a question or structured options ({', '.join(given) or '--scenario'}), not both.")
    if opts.scenario_file and given:
        raise click.UsageError(f"--scenario with {', '.join(given)}: the file says the state and what happens; "
                               "put them in the file, or drop --scenario.")
    context = opts.context()
    if opts.scenario_file:
        from rulecheck.checker.scenario import load_scenario

        scenario = override(load_scenario(table, opts.scenario_file, edition=opts.edition), context=context, ask=opts.ask)
        return answer_scenario(conn, scenario, table=table)
    if given:
        if not opts.state:
            raise click.UsageError('Structured mode needs --state, e.g. --state camouflaged --declare move')
        from rulecheck.checker.scenario import make_scenario

        scenario = make_scenario(table, state=opts.state, declares=opts.declares, events=opts.events, enemy=opts.enemy,
                                 properties=opts.properties, edition=opts.edition, ask=opts.ask, context=context,
                                 leader=opts.leader)
        return answer_scenario(conn, scenario, table=table)
    return answer_question(conn, opts.question or "", edition=opts.edition, table=table, context=context, ask=opts.ask)


def _connect(db):
    from rulecheck.kb.rebuild import ensure_built_file
    from rulecheck.kb.read import connect

    def building(path, reason: str) -> None:
        why = "first use" if reason == "missing" else "the bundled data changed"
        click.echo(f"Building the knowledge base at {path} ({why})…", err=True)

    return connect(ensure_built_file(db, on_build=building, on_note=lambda message: click.echo(message, err=True)))


def _print_coverage(conn, table, as_json: bool) -> None:
    from rulecheck.checker.coverage import coverage_gaps

    gaps = coverage_gaps(conn, table)
    if as_json:
        import json

        click.echo(json.dumps([g.__dict__ for g in gaps], ensure_ascii=False, indent=2))
        return
    open_gaps = [g for g in gaps if not g.reason]
    for g in gaps:
        click.echo(f"{g.id} ({g.page}): {g.reason or 'NOT COVERED'}\n    {g.text[:120]}")
    click.echo(f"{len(gaps)} uncited, {len(open_gaps)} without a reason in [coverage.explained].")
    if open_gaps:
        raise click.exceptions.Exit(1)


def _print_replay(conn, table, as_json: bool) -> None:
    from rulecheck.checker.replay import replay_faqs

    results = replay_faqs(conn, table)
    said = [p for r in results for p in r.paraphrases]
    if as_json:
        import json

        click.echo(json.dumps([r.to_dict() for r in results], ensure_ascii=False, indent=2))
    else:
        def mark(r) -> str:
            return "ok      " if r.agrees else "held    " if r.logic_agrees else "DISAGREE"

        def says(r) -> str:
            return f"checker says {r.got}" + ("" if r.agrees or not r.logic_agrees else
                                              f" (the rows say {r.rows}; held back as a doubtful reading)")

        def held(items) -> str:
            n = sum(not x.agrees and x.logic_agrees for x in items)
            return f" ({n} more held back as doubtful, the rows agreeing)" if n else ""

        for r in results:
            click.echo(f"{mark(r)} FAQ says {r.expected}, {says(r)}: {r.question}")
            for p in r.paraphrases:
                click.echo(f"    {mark(p)} expects {p.expected}, {says(p)}: {p.text}")
        click.echo(f"{sum(r.agrees for r in results)}/{len(results)} yes/no FAQs agree in their own words{held(results)}; "
                   f"{sum(p.agrees for p in said)}/{len(said)} of their paraphrases agree{held(said)}.")
    # the exit status says whether every FAQ is in the logic; a doubtful reading held back is reported above
    if not all(r.logic_agrees for r in results):
        raise click.exceptions.Exit(1)
