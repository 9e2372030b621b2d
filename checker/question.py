"""Read a question in English or Spanish into a scenario: the state, what is declared or
happens and by whom, the context (turn, Fireteam role, …) and the polarity asked."""
from __future__ import annotations

from rulecheck.checker.errors import EmptyQuestion
from rulecheck.checker.logic import LogicTable
from rulecheck.checker.scenario import EDITIONS, Scenario
from rulecheck.checker.vocabulary import STATE_LABEL, Mention, words

#: Polarity cues, strongest first: "how far…?" (asks for a fact, no yes or no) beats "stay
#: camouflaged?" beats "revealed?" beats "can …?".
_ASK_ORDER = ("fact", "required", "keeps", "revealed", "allowed")
#: Words before a state that make it the actor's own state ("a troop … in Hidden Deployment").
_IN_STATE = {"in", "en", "its", "his", "her", "their", "su", "my", "mi"}
_ENEMY_WORDS = {"enemy", "enemigo", "enemiga", "enemies", "enemigos"}
#: Words after "the Team Leader declares X" that point back at the trooper in the state: the
#: Skills named after them are its own ("… declares BS Attack and he supports").
_BACK_TO_TROOPER = {"he", "she", "it", "they", "him", "himself", "itself", "trooper", "member", "members", "hafza",
                    "while", "whereas", "el", "ella", "tropa", "miembro", "miembros", "mientras"}
_CAMO_STATES = ("camouflaged", "to_camouflaged")


def read_question(table: LogicTable, text: str, *, edition: str | None = None) -> Scenario:
    """The scenario a question describes; states are empty when the question names none."""
    raw = words(text or "")
    if not raw:
        raise EmptyQuestion()
    vocab = table.vocabulary
    mentions = sorted(vocab.scan(raw) + vocab.scan(raw, overlay=True), key=lambda m: m.start)
    if edition is None:
        named = [w.upper() for w in raw if w.upper() in EDITIONS]
        edition = named[0] if named else None
    edition = edition.upper() if edition else None

    at_start = {f"{axis}={value}" for axis, value, _, lead, _ in vocab.cues if lead}
    order = {f"{axis}={value}": i for i, (axis, value, *_) in enumerate(vocab.cues)}
    mentions = [m for m in mentions if not (m.kind == "cue" and m.value in at_start and m.start != 0)]
    mentions = _drop_other_marker_actor(mentions)
    cues: dict[str, list[str]] = {}
    for m in mentions:
        if m.kind == "cue":
            axis, value = m.value.split("=", 1)
            cues.setdefault(axis, []).append(value)
    # Two values on one axis ("The Team Leader declares Dodge; is the trooper, not the team
    # leader, revealed?"): the cue listed first in the table wins, as the table orders them.
    context = {axis: min(values, key=lambda v, a=axis: order[f"{a}={v}"])
               for axis, values in cues.items() if axis not in ("ask", "actor", "asked")}
    asks = cues.get("ask", [])
    ask = next((a for a in _ASK_ORDER if a in asks), "plain")
    asked_values = cues.get("asked", [])
    asked = asked_values[0] if asked_values else None
    actors = cues.get("actor", [])
    mentions = _camouflaged_hd(mentions, context)

    if ask == "required":  # "must it be Discovered before being shot?": the enemy acts, without a Discover
        context.setdefault("discovered", "no")
    states = _states(mentions, context, edition)
    other_states: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    others = _other_states(mentions)
    if others and not any(m.kind in ("state", "hint") for m in mentions):
        states = []  # "an Impersonation marker" is not a Camouflage Marker
    if not states:
        if others:
            other_states = tuple(dict.fromkeys(vocab.other_states[o][0] for o in others))
        else:
            guess = vocab.guess_state(raw)
            if guess:
                states = _states([Mention("state", guess[1], 0, 0, guess[0])], context, edition)
                readings = (f"Read “{guess[0]}” as {STATE_LABEL[guess[1]]}.",)
    subjects = [m for m in mentions if m.kind == "subject"]
    leader_mentions = _leader_mentions(raw, mentions) if "leader" in actors else []
    if leader_mentions:
        context["fireteam"] = "member"  # the trooper asked about is then not the Team Leader
        subjects = [m for m in subjects if m not in leader_mentions]
    first_state = next((m for m in mentions if m.kind == "state"), None)
    enemy = "enemy" in actors or ask == "required" or _enemy_marker(raw, first_state) or (
        ask not in ("revealed", "keeps") and _enemy_acts(raw, subjects, first_state))
    if (not enemy and subjects and first_state and subjects[0].start < first_state.start
            and ask not in ("revealed", "keeps") and raw[first_state.start - 1].lower() not in _IN_STATE
            and _has_enemy_rows(table, states, subjects[0].value)):
        enemy = True  # "Can a trooper Dodge / enter base contact with a camo marker?"

    covered = {r.subject for r in table.rows if r.state in states}
    composites = vocab.composites(raw, covered)  # only subjects these states speak of
    beaten = {o for m in subjects for o in vocab.subjects[m.value].over if not vocab.subjects[m.value].groups}
    composites = [c for c in composites if c[1] not in beaten]
    phrase_ids = _drop_means_and_generic(vocab, list(dict.fromkeys(m.value for m in subjects)))
    declares: list[str] = []
    events: list[str] = []
    against: list[str] = []
    properties: list[str] = []
    best = composites[0] if composites else None
    skill_phrases = [s for s in phrase_ids if vocab.subjects[s].kind in ("skill", "event")]
    leader = tuple(_drop_means_and_generic(vocab, list(dict.fromkeys(m.value for m in leader_mentions))))
    use_composite = not leader and best is not None and not (
        (best[1] == "whole_order" and skill_phrases) or (best[0] < 2 and skill_phrases))
    if use_composite:
        sid = best[1]
        subject = vocab.subjects[sid]
        topics = {r.topic for r in table.rows if r.subject == sid and r.state in states}
        if subject.kind == "property" or topics <= {"property", "order"} or (
                "property" in topics and ask in ("allowed", "plain")):
            properties.append(sid)
        elif topics == {"enemy"} or (enemy and "enemy" in topics):
            against.append(sid)
        elif "happens" in topics and subject.kind == "event":
            events.append(sid)
        else:
            declares.append(sid)
    else:
        for sid in phrase_ids:
            kind = vocab.subjects[sid].kind
            if kind == "property":
                properties.append(sid)
            elif kind == "event" and ask in ("revealed", "keeps"):
                events.append(sid)  # "revealed if an enemy passes a Discover Roll against it": it happens to it
            elif enemy:
                against.append(sid)
            elif kind == "event":
                events.append(sid)
            else:
                declares.append(sid)
    if "second_skill" not in context and states:
        _second_skill(table, states[0], declares + events + against + properties, phrase_ids, context)
    return Scenario(tuple(states), edition, tuple(declares), tuple(events), tuple(against), tuple(properties),
                    context, ask, asked, leader, other_states, readings)


def _other_states(mentions: list[Mention]) -> list[str]:
    """States the logic does not cover, named in the question; one that is also a subject's
    phrase ("enters Retreat!") counts only when no state at all is named."""
    taken = [(m.start, m.end) for m in mentions if m.kind == "subject"]
    named = any(m.kind in ("state", "hint", "weak_state") for m in mentions)
    return [m.value for m in mentions if m.kind == "other_state"
            and not (named and any(a < m.end and m.start < b for a, b in taken))]


def _leader_mentions(raw: list[str], mentions: list[Mention]) -> list[Mention]:
    """The Skills the Team Leader declares: those named after "the Team Leader declares", up to
    a word pointing back at the trooper in the state."""
    out = []
    for cue in (m for m in mentions if m.kind == "cue" and m.value == "actor=leader"):
        for m in mentions:
            if m.kind != "subject" or m.start < cue.end:
                continue
            if any(w.lower() in _BACK_TO_TROOPER for w in raw[cue.end:m.start]):
                break
            out.append(m)
    return out


def _camouflaged_hd(mentions: list[Mention], context: dict) -> list[Mention]:
    """"A camouflaged HD trooper", "an HD trooper with camo": the Camouflage is the Hidden
    Deployment trooper's Marker-state Skill (camouflage = yes), not a second state. A state
    named on its own ("enter the TO Camouflaged state") stays a state."""
    hd = [m for m in mentions if m.kind == "state" and m.value == "hidden_deployment"]
    if not hd:
        return mentions
    cue_spans = [(m.start, m.end) for m in mentions if m.kind == "cue" and m.value == "camouflage=yes"]
    skill = [m for m in mentions if m.kind == "state" and m.value in _CAMO_STATES
             and (any(m.end == h.start or h.end == m.start for h in hd) or any(a <= m.start and m.end <= b for a, b in cue_spans))]
    if skill:
        context.setdefault("camouflage", "yes")
    return [m for m in mentions if m not in skill]


def _has_enemy_rows(table: LogicTable, states: list[str], subject: str) -> bool:
    """Whether the logic speaks of an enemy declaring `subject` (or a parent) against these
    states, and not of the trooper in the state doing exactly that ("Can Surprise Attack be
    used with Hidden Deployment?" is about the trooper's own Skill)."""
    from rulecheck.checker.engine import ancestors

    own = {r.topic for st in states for r in table.rows_for(st, subject)}
    if own & {"may", "declares"} and "enemy" not in own:
        return False
    chain = ancestors(table, subject)
    return any(r.topic == "enemy" for st in states for s in chain for r in table.rows_for(st, s))


def _states(mentions: list[Mention], context: dict, edition: str | None) -> list[str]:
    strong = list(dict.fromkeys(m.value for m in mentions if m.kind == "state"))
    if not strong:
        hints = [m.value for m in mentions if m.kind == "hint"]
        if hints:
            strong = [hints[0]]
        elif any(m.kind == "weak_state" for m in mentions) or context.get("target") == "plain":
            strong = ["camouflaged"]
    if edition == "N3":
        strong = ["to_camouflaged" if s == "camouflaged" else s for s in strong]
    return list(dict.fromkeys(strong))


def _enemy_marker(raw: list[str], first_state: Mention | None) -> bool:
    """`an enemy Camouflage Marker` / `un Marcador de Camuflado enemigo`: the marker is the target."""
    if first_state is None:
        return False
    before = raw[first_state.start - 1].lower() if first_state.start else ""
    after = raw[first_state.end].lower() if first_state.end < len(raw) else ""
    return before in _ENEMY_WORDS or after in _ENEMY_WORDS


def _drop_other_marker_actor(mentions: list[Mention]) -> list[Mention]:
    """Ignore an "against" cue aimed at a marker in general when the question has already named
    the trooper's own state: in "a Hidden Deployment trooper … delays its ARO against a Marker"
    the Hidden Deployment trooper acts, against someone else's marker."""
    kept = []
    for i, m in enumerate(mentions):
        if m.kind == "cue" and m.value == "actor=enemy":
            later = next((n for n in mentions[i + 1:] if n.kind in ("state", "weak_state")), None)
            named_before = any(n.kind == "state" for n in mentions[:i])
            if named_before and later is not None and later.kind == "weak_state":
                continue
        kept.append(m)
    return kept


def _drop_means_and_generic(vocab, subject_ids: list[str]) -> list[str]:
    """Drop skills named only as the way an event named beside them happens (`means` in the
    table), then catch-all words (`generic`) when a specific skill is named too."""
    from rulecheck.checker.engine import ancestors_in

    means = set()
    for sid in subject_ids:
        for a in ancestors_in(vocab.subjects, sid):
            means.update(vocab.subjects[a].means)
    if means:
        events = [s for s in subject_ids if vocab.subjects[s].kind == "event"]
        subject_ids = [s for s in subject_ids if not (vocab.subjects[s].kind == "skill" and events
                                                      and means & set(ancestors_in(vocab.subjects, s)))]
    specific = [s for s in subject_ids if vocab.subjects[s].kind == "skill" and not vocab.subjects[s].generic]
    if specific:
        subject_ids = [s for s in subject_ids if not vocab.subjects[s].generic]
    return subject_ids


def _enemy_acts(raw: list[str], subjects: list[Mention], first_state: Mention | None) -> bool:
    """`Can an enemy shoot a trooper in Hidden Deployment?`: an enemy is named before the first
    Skill, and the state only after it, so the enemy is the one acting. `When my camo marker
    activates, can the enemy delay its ARO?`: the enemy is named after the state, just before
    the Skill — the nearer actor acts."""
    if not subjects:
        return False
    if first_state is not None and first_state.start < subjects[0].start:
        return any(w.lower() in _ENEMY_WORDS for w in raw[max(first_state.end, subjects[0].start - 3):subjects[0].start])
    return any(w.lower() in _ENEMY_WORDS for w in raw[:subjects[0].start])


def _second_skill(table: LogicTable, state: str, chosen: list[str], phrase_ids: list[str], context: dict) -> None:
    """`… and then declare it if the marker declares a BS Attack as its second skill?`: when the
    subject asked about turns on whether the second Skill reveals the marker, and the question
    names that Skill, the logic itself says whether it reveals (sets the `second_skill` axis)."""
    from rulecheck.checker.engine import resolve

    if not any(c.axis == "second_skill" for sid in chosen for r in table.rows_for(state, sid) for c in r.conditions):
        return
    for sid in phrase_ids:
        if sid in chosen or table.vocabulary.subjects[sid].kind != "skill":
            continue
        d = resolve(table, state, sid, ("declares",), {})
        if d is not None and d.outcome in ("cancelled", "keeps"):
            context["second_skill"] = "reveals" if d.outcome == "cancelled" else "keeps"
            return
