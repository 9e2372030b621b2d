"""Read a question in English or Spanish into a scenario: the state, what is declared or
happens and by whom, the context (turn, Fireteam role, …) and the polarity asked.

A question may tell what happened first ("The Fusilier delayed his ARO.") and ask last ("Can
he shoot?"): the polarity and, where the sentence names some, the Skills asked about come from
its last sentence, the question's clause.
"""
from __future__ import annotations

import re

from rulecheck.checker.errors import EmptyQuestion
from rulecheck.checker.logic import LogicTable
from rulecheck.checker.scenario import Scenario, check_edition
from rulecheck.checker.states import DEFAULT_EDITION, EDITIONS
from rulecheck.checker.vocabulary import Mention, Vocabulary, words

#: Polarity cues, strongest first: "what happens if…?" (whether it is revealed, when a Skill is
#: declared) beats "how far…?" (asks for a fact, no yes or no) beats "stay camouflaged?" beats
#: "revealed?" beats "can …?".
_ASK_ORDER = ("what_happens", "fact", "required", "lost", "keeps", "revealed", "allowed")
#: Cue axes that say how to read the question rather than set a condition's context.
_READING_AXES = ("ask", "actor", "asked", "delayed")
#: Where a question's last sentence begins: after `.`, `?` or `;` and a space, or at `¿`.
_CLAUSE_BREAK = re.compile(r"[.?;]\s+|¿")


def read_question(table: LogicTable, text: str, *, edition: str | None = None) -> Scenario:
    """The scenario a question describes; states are empty when the question names none.

    `UnknownEdition` for an `edition` the checker cannot read (also one the question names)."""
    raw = words(text or "")
    if not raw:
        raise EmptyQuestion()
    vocab = table.vocabulary
    edition = _edition(raw, edition)
    clause = _clause_start(text)
    mentions = _mentions(vocab, raw, clause)
    cues = _cue_values(mentions)
    context = _context(vocab, cues)
    ask = _ask(mentions, clause)
    # "open"/"private" name the answer asked for; "state" (is Hidden Deployment itself
    # cancelled?) only says what a "revealed" or "keeps" question is about
    asked = next(iter(sorted(cues.get("asked", []), key=lambda v: v == "state")), None)
    mentions = _camouflaged_hd(table, mentions, context)
    if ask == "required":  # "must it be Discovered before being shot?": the enemy acts, without a Discover
        context.setdefault("discovered", "no")
    states, other_states, readings = _read_states(table, raw, mentions, context, edition)
    if _delayed_aro(table, states, mentions, clause, ask, context):
        return Scenario(tuple(states), edition, enemy=("delayed_aro_declare",), context=context,
                        ask="allowed" if ask in ("plain", "what_happens", "fact") else ask, readings=readings)
    subjects = [m for m in mentions if m.kind == "subject"]
    leader_mentions = _leader_mentions(vocab, raw, mentions) if "leader" in cues.get("actor", []) else []
    if leader_mentions:
        context["fireteam"] = "member"  # the trooper asked about is then not the Team Leader
        subjects = [m for m in subjects if m not in leader_mentions]
    first_state = next((m for m in mentions if m.kind == "state"), None)
    named = [m for m in mentions if m.kind in ("state", "weak_state", "hint")]
    enemy = _enemy_acts_here(table, raw, states, subjects, first_state, ask, cues.get("actor", []), named)
    if enemy:
        subjects = _asked_subjects(subjects, clause)
    roles = _roles(table, raw, states, subjects, leader_mentions, ask, enemy)
    declares, events, against, properties, leader = roles
    if enemy and events:
        _enemy_brings_about(table, states, events, context)
    if ask == "what_happens":  # "what happens if it declares an ARO?" asks whether that reveals it
        ask = "revealed" if (declares or events) and not (properties or against) else "fact"
    if "second_skill" not in context and states:
        phrase_ids = _drop_means_and_generic(vocab, list(dict.fromkeys(m.value for m in subjects)))
        _second_skill(table, states[0], declares + events + against + properties, phrase_ids, context)
    return Scenario(tuple(states), edition, tuple(declares), tuple(events), tuple(against), tuple(properties),
                    context, ask, asked, leader, other_states, readings)


def _edition(raw: list[str], edition: str | None) -> str | None:
    """The edition asked for (`--edition`), else one the question names ("N3"); checked."""
    if edition is None:
        named = [w.upper() for w in raw if w.upper() in EDITIONS]
        return named[0] if named else None
    return check_edition(edition)


def _clause_start(text: str) -> int:
    """The word position where the question's last sentence begins (0 for a single sentence)."""
    cut = 0
    for m in _CLAUSE_BREAK.finditer(text):
        if words(text[m.end():]):
            cut = m.end()
    return len(words(text[:cut]))


def _mentions(vocab: Vocabulary, raw: list[str], clause: int) -> list[Mention]:
    """Every phrase found, in order; a cue that counts only as the first words (`at_start`) is
    kept at the start of the question or of its last sentence."""
    mentions = sorted(vocab.scan(raw) + vocab.scan(raw, overlay=True), key=lambda m: m.start)
    at_start = {f"{axis}={value}" for axis, value, _, lead, _ in vocab.cues if lead}
    mentions = [m for m in mentions if not (m.kind == "cue" and m.value in at_start and m.start not in (0, clause))]
    return _drop_other_marker_actor(mentions)


def _cue_values(mentions: list[Mention]) -> dict[str, list[str]]:
    """Axis → the values its cues set, in question order."""
    cues: dict[str, list[str]] = {}
    for m in mentions:
        if m.kind == "cue":
            axis, value = m.value.split("=", 1)
            cues.setdefault(axis, []).append(value)
    return cues


def _context(vocab: Vocabulary, cues: dict[str, list[str]]) -> dict[str, str]:
    """The condition axes the cues set. Two values on one axis ("The Team Leader declares Dodge;
    is the trooper, not the team leader, revealed?"): the cue listed first in the table wins."""
    order = {f"{axis}={value}": i for i, (axis, value, *_) in enumerate(vocab.cues)}
    return {axis: min(values, key=lambda v, a=axis: order[f"{a}={v}"])
            for axis, values in cues.items() if axis not in _READING_AXES}


def _ask(mentions: list[Mention], clause: int) -> str:
    """The polarity: from the question's last sentence when it has a polarity cue, else from all."""
    asks = [m.value.split("=", 1)[1] for m in mentions if m.kind == "cue" and m.value.startswith("ask=")]
    in_clause = [m.value.split("=", 1)[1] for m in mentions
                 if m.kind == "cue" and m.value.startswith("ask=") and m.start >= clause]
    asks = in_clause or asks
    return next((a for a in _ASK_ORDER if a in asks), "plain")


def _read_states(table: LogicTable, raw: list[str], mentions: list[Mention], context: dict,
                 edition: str | None) -> tuple[list[str], tuple[str, ...], tuple[str, ...]]:
    """(covered states named, uncovered states named, how misspelt words were read)."""
    vocab = table.vocabulary
    states = _states(table, mentions, context, edition)
    others = _other_states(mentions)
    if others and not any(m.kind in ("state", "hint") for m in mentions):
        states = []  # "an Impersonation marker" is not a Camouflage Marker
    if states:
        return states, (), ()
    if others:
        return states, tuple(dict.fromkeys(vocab.other_states[o][0] for o in others)), ()
    guess = vocab.guess_state(raw)
    if guess:
        states = _states(table, [Mention("state", guess[1], 0, 0, guess[0])], context, edition)
        return states, (), (f"Read “{guess[0]}” as {vocab.label(guess[1])}.",)
    return states, (), ()


def _delayed_aro(table: LogicTable, states: list[str], mentions: list[Mention], clause: int, ask: str,
                 context: dict) -> bool:
    """"The Fusilier delayed his ARO. Can he shoot?": a delayed ARO told before the question's
    sentence, against a state whose logic speaks of delayed AROs, asked about as an ARO (may it
    be declared, is it lost). Its fate follows from whether the marker's second Skill reveals
    it: the Skills told before the question, read with the same table, set `second_skill`
    (any that reveals does so for the whole Order) unless the question says it outright."""
    from rulecheck.checker.engine import ancestors, resolve

    told = next((m for m in mentions if m.kind == "cue" and m.value == "delayed=yes" and m.start < clause), None)
    if told is None or not states or not any(r.topic == "enemy" for r in table.rows_for(states[0], "delayed_aro_declare")):
        return False
    vocab = table.vocabulary
    asked = [m.value for m in mentions if m.kind == "subject" and m.start >= clause]
    about_aro = any({"aro", "attack"} & set(ancestors(table, s)) for s in asked)
    may = any(m.kind == "cue" and m.value in ("ask=allowed", "ask=lost") and m.start >= clause for m in mentions)
    if ask in ("revealed", "keeps") and not (about_aro or may):
        return False  # "… is the marker revealed?": about the marker, not the ARO
    if "second_skill" not in context:
        outcomes = []
        for m in mentions:
            if m.kind != "subject" or m.start >= clause or told.start <= m.start < told.end:
                continue
            if vocab.subjects[m.value].kind != "skill" or "aro" in ancestors(table, m.value):
                continue
            d = resolve(table, states[0], m.value, ("declares",), {})
            if d is not None and d.outcome in ("cancelled", "keeps"):
                outcomes.append(d.outcome)
        if outcomes:
            context["second_skill"] = "reveals" if "cancelled" in outcomes else "keeps"
    return True


def _enemy_acts_here(table: LogicTable, raw: list[str], states: list[str], subjects: list[Mention],
                     first_state: Mention | None, ask: str, actors: list[str], named: list[Mention] = ()) -> bool:
    """Whether an enemy acts against the trooper in the state (rather than the trooper acting)."""
    words_of = table.vocabulary.word_lists
    if "enemy" in actors or ask == "required" or _enemy_marker(words_of, raw, first_state):
        return True
    if _skill_targets_state(table, raw, subjects, named):
        return True
    if _enemy_acts(words_of, raw, subjects, first_state):
        # "Is my marker revealed if the enemy delays its ARO?": the enemy is named just before
        # the Skill, so it is the one acting, whatever is asked
        return True
    if not subjects or first_state is None or subjects[0].start >= first_state.start or ask in ("revealed", "keeps"):
        return False
    # "Can a trooper Dodge / enter base contact with a camo marker?", "Can I attack a trooper
    # in Hidden Deployment?": the state comes after the Skill, as its target.
    own = raw[first_state.start - 1].lower() in words_of["own_state"] and not _target_phrase(words_of, raw, first_state)
    return not own and _has_enemy_rows(table, states, subjects[0].value)


def _skill_targets_state(table: LogicTable, raw: list[str], subjects: list[Mention], named: list[Mention]) -> bool:
    """`… shoot a camo marker`, `discover the HoloMask trooper`: a state named right after a Skill
    (an article between at most) is the Skill's target, so whoever declares it is that marker's
    enemy — even a Camouflaged trooper asking about its own Multispectral Visor."""
    articles = table.vocabulary.word_lists["target_article"]
    for m in subjects:
        if table.vocabulary.subjects[m.value].kind != "skill":
            continue
        after = next((n for n in named if n.start >= m.end), None)
        if after is not None and after.start - m.end <= 2 and all(w.lower() in articles for w in raw[m.end:after.start]):
            return True
    return False


def _target_phrase(words_of: dict, raw: list[str], state: Mention) -> bool:
    """`… a trooper in <state>`: an article, a trooper noun and "in" before the state name."""
    i = state.start
    return (i >= 3 and raw[i - 1].lower() in ("in", "en") and raw[i - 2].lower() in words_of["trooper_noun"]
            and raw[i - 3].lower() in words_of["target_article"])


def _asked_subjects(subjects: list[Mention], clause: int) -> list[Mention]:
    """When an enemy acts, the Skills of the question's own sentence: "Enemy camo marker moves
    in my LoF. Can I Dodge?" asks about the Dodge; the marker's Move is what happened."""
    in_clause = [m for m in subjects if m.start >= clause]
    return in_clause or subjects


def _roles(table: LogicTable, raw: list[str], states: list[str], subjects: list[Mention],
           leader_mentions: list[Mention], ask: str, enemy: bool):
    """(declares, events, enemy, properties, leader): each subject found, in the role it plays."""
    vocab = table.vocabulary
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
        topics = {r.topic for r in table.rows if r.subject == sid and r.state in states} - {"fact"}
        if subject.kind == "property" or topics <= {"property", "order"} or (
                "property" in topics and ask in ("allowed", "plain")):
            properties.append(sid)
        elif topics == {"enemy"} or (enemy and "enemy" in topics):
            against.append(sid)
        elif "happens" in topics and subject.kind == "event":
            events.append(sid)
        else:
            declares.append(sid)
        return declares, events, against, properties, leader
    for sid in phrase_ids:
        kind = vocab.subjects[sid].kind
        if kind == "property":
            properties.append(sid)
        elif kind == "event" and ask in ("revealed", "keeps", "what_happens"):
            events.append(sid)  # "revealed if an enemy passes a Discover Roll against it": it happens to it
        elif enemy:
            against.append(sid)
        elif kind == "event":
            events.append(sid)
        else:
            declares.append(sid)
    return declares, events, against, properties, leader


def _other_states(mentions: list[Mention]) -> list[str]:
    """States the logic does not cover, named in the question; one that is also a subject's
    phrase ("enters Retreat!") counts only when no state at all is named."""
    taken = [(m.start, m.end) for m in mentions if m.kind == "subject"]
    named = any(m.kind in ("state", "hint", "weak_state") for m in mentions)
    return [m.value for m in mentions if m.kind == "other_state"
            and not (named and any(a < m.end and m.start < b for a, b in taken))]


def _leader_mentions(vocab: Vocabulary, raw: list[str], mentions: list[Mention]) -> list[Mention]:
    """The Skills the Team Leader declares: those named after "the Team Leader declares", up to
    a word pointing back at the trooper in the state ("he", "the member") or a unit's name
    after an article ("the Hafza"): a capitalised word no phrase of the vocabulary covers."""
    back = vocab.word_lists["back_to_trooper"]
    articles = vocab.word_lists["target_article"]
    covered = {i for m in mentions for i in range(m.start, m.end)}
    out = []
    for cue in (m for m in mentions if m.kind == "cue" and m.value == "actor=leader"):
        for m in mentions:
            if m.kind != "subject" or m.start < cue.end:
                continue
            if any(raw[k].lower() in back or (raw[k - 1].lower() in articles and raw[k][:1].isupper()
                                               and k not in covered and k - 1 >= cue.end)
                   for k in range(cue.end, m.start)):
                break
            out.append(m)
    return out


def _camouflaged_hd(table: LogicTable, mentions: list[Mention], context: dict) -> list[Mention]:
    """"A camouflaged HD trooper", "an HD trooper with camo": the Camouflage is the Hidden
    Deployment trooper's Marker-state Skill (camouflage = yes), not a second state. A state
    named on its own ("enter the TO Camouflaged state") stays a state. The camouflage states
    are those a Skill deploys in (`hints`)."""
    hd = [m for m in mentions if m.kind == "state" and m.value == "hidden_deployment"]
    if not hd:
        return mentions
    camo_states = {st.id for st in table.states.values() if st.hints}
    cue_spans = [(m.start, m.end) for m in mentions if m.kind == "cue" and m.value == "camouflage=yes"]
    skill = [m for m in mentions if m.kind == "state" and m.value in camo_states
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


def _states(table: LogicTable, mentions: list[Mention], context: dict, edition: str | None) -> list[str]:
    """The covered states named; a generic "marker" is the edition's camouflage state."""
    strong = list(dict.fromkeys(m.value for m in mentions if m.kind == "state"))
    if not strong:
        hints = [m.value for m in mentions if m.kind == "hint"]
        if hints:
            strong = [hints[0]]
        elif any(m.kind == "weak_state" for m in mentions) or context.get("target") == "plain":
            strong = [_camouflage_state(table, DEFAULT_EDITION)]
    if edition:  # "Camouflaged" in an N3 question is that edition's camouflage: TO Camouflaged
        default, here = _camouflage_state(table, DEFAULT_EDITION), _camouflage_state(table, edition)
        strong = [here if s == default else s for s in strong]
    return list(dict.fromkeys(strong))


def _camouflage_state(table: LogicTable, edition: str) -> str:
    """The first state a Camouflage Skill deploys in, of `edition` (Camouflaged for N4)."""
    return next((st.id for st in table.states.values() if st.hints and st.edition == edition),
                next(st.id for st in table.states.values() if st.hints))


def _enemy_marker(words_of: dict, raw: list[str], first_state: Mention | None) -> bool:
    """`an enemy Camouflage Marker` / `un Marcador de Camuflado enemigo`: the marker is the target."""
    if first_state is None:
        return False
    before = raw[first_state.start - 1].lower() if first_state.start else ""
    after = raw[first_state.end].lower() if first_state.end < len(raw) else ""
    return before in words_of["enemy"] or after in words_of["enemy"]


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


def _drop_means_and_generic(vocab: Vocabulary, subject_ids: list[str]) -> list[str]:
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


def _enemy_acts(words_of: dict, raw: list[str], subjects: list[Mention], first_state: Mention | None) -> bool:
    """`Can an enemy shoot a trooper in Hidden Deployment?`: an enemy is named before the first
    Skill, and the state only after it, so the enemy is the one acting. `When my camo marker
    activates, can the enemy delay its ARO?`: the enemy is named after the state, just before
    the Skill — the nearer actor acts."""
    if not subjects:
        return False
    enemy = words_of["enemy"]
    if first_state is not None and first_state.start < subjects[0].start:
        return any(w.lower() in enemy for w in raw[max(first_state.end, subjects[0].start - 3):subjects[0].start])
    return any(w.lower() in enemy for w in raw[:subjects[0].start])


def _enemy_brings_about(table: LogicTable, states: list[str], events: list[str], context: dict) -> None:
    """"An enemy moves into base contact with my camo marker. Is it revealed?": the enemy is the
    one the event is about to happen through, not the trooper in the state; set `acted_by` when
    the logic says who brings the event about (the marker entering contact is not the enemy doing so)."""
    if any(c.axis == "acted_by" for st in states for sid in events for r in table.rows_for(st, sid) for c in r.conditions):
        context.setdefault("acted_by", "enemy")


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
