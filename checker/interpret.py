"""The second step of reading a question: turn what was recognized into a `Reading`.

Each part of the reading comes from one small rule, in order:
- the state the question is about (a state named, a Skill whose bearer deploys in it, a plain
  "marker" read as the edition's camouflage, a misspelt name);
- what is asked: the proposition of the question's own sentence (its last), the content verb
  ("keep", "revealed") before the modal ("can"), with its polarity; a negation right before it
  turns it round, except in a negative question ("Doesn't it lose…?" asks the same as "Does it
  lose…?");
- the conditions the cues set, a negation flipping a two-valued one ("not in LoF");
- who does each Skill: a passive ("is shot") or a state named after the Skill ("shoot a camo
  marker") makes it an enemy's; otherwise the nearest one named before the Skill acts — the
  trooper in the state, an enemy, an ally, its Team Leader, or the asker, whose side follows
  from what they own ("my camo marker") or target;
- every word accounted for: what no rule used and no word list holds is *not placed*, and
  keeps the answer from being a confident yes or no.
"""
from __future__ import annotations

from rulecheck.checker.errors import EmptyQuestion
from rulecheck.checker.logic import READING_AXES, LogicTable
from rulecheck.checker.reading import Action, Reading
from rulecheck.checker.recognize import Recognized, recognize
from rulecheck.checker.scenario import check_edition
from rulecheck.checker.states import DEFAULT_EDITION, EDITIONS
from rulecheck.checker.vocabulary import Mention

#: Which proposition wins when a sentence names several: the content verb before the modal
#: ("can it keep…" asks whether it keeps, "does he have to show up" whether it is revealed).
_PROPOSITION_ORDER = ("what_happens", "fact", "state_ends", "revealed", "open", "private", "required", "may", "property")
#: Two-valued axes a negation turns round ("not in enemy LoF" is outside it).
_OPPOSITE = {("lof", "inside"): "outside", ("lof", "outside"): "inside", ("turn", "active"): "reactive",
             ("turn", "reactive"): "active", ("roll", "passed"): "failed", ("roll", "failed"): "passed",
             ("camouflage", "yes"): "no", ("camouflage", "no"): "yes", ("discovered", "yes"): "no",
             ("discovered", "no"): "yes", ("second_skill", "reveals"): "keeps", ("second_skill", "keeps"): "reveals"}
#: General Skills a property question may name as its situation ("by spending a Long Skill").
_GENERAL = ("skill", "short_skill", "entire_order", "aro", "cautious_movement", "move", "short_movement", "roll_skill")


def read_question(table: LogicTable, text: str, *, edition: str | None = None) -> Reading:
    """The reading of a question in English or Spanish; `EmptyQuestion` for a blank one and
    `UnknownEdition` for an edition the checker cannot read (also one the question names)."""
    if not text or not text.strip():
        raise EmptyQuestion()
    rec = recognize(table.vocabulary, text)
    if not rec.tokens:
        raise EmptyQuestion()
    return _Reader(table, rec, text, edition).read()


class _Reader:
    """One question being read: the recognized words and what each rule has used so far."""

    def __init__(self, table: LogicTable, rec: Recognized, text: str, edition: str | None) -> None:
        self.table = table
        self.vocab = table.vocabulary
        self.rec = rec
        self.toks = rec.tokens
        self.text = text
        self.used: set[int] = set()
        self.ignored: list[str] = []
        self.issues: list[str] = []
        self.notes: list[str] = []
        self.edition = self._edition(edition)
        self.last = self._question_sentence()
        self.mentions = rec.mentions

    # --- the whole reading -------------------------------------------------------------------

    def read(self) -> Reading:
        states, other, state_mentions = self._states()
        if not states and not other:
            states = self._state_of_topic()
        context = self._conditions()
        if getattr(self, "hd_camouflage", False):
            context.setdefault("camouflage", "yes")  # "my HD camo trooper"
        if not states and not other and context.get("target") == "plain":
            # "Can I Intuitive Attack a guy who is not camo?": the camouflage FAQs answer it
            states = [self._camouflage_state(self.edition or DEFAULT_EDITION)]
            self.target_inferred = True
        prop, polarity, about, value = self._asked(state_mentions)
        composite = self._composite(states, prop)
        actions: list[Action] = []
        properties: tuple[str, ...] = ()
        if composite is not None:
            sid = composite
            kind = self.vocab.subjects[sid].kind
            if kind == "property":
                properties = (sid,)
                if any(c.axis == "acted_by" for st in states for r in self.table.rows_for(st, sid) for c in r.conditions):
                    # "do I get to decide which way it faces?": the asker's side decides
                    context.setdefault("acted_by", "enemy" if self._speaker_side() == "enemy" else "self")
            else:
                actions.append(Action(sid, self._composite_actor(sid, states), kind))
        if composite is None or self.vocab.subjects[composite].kind != "property":
            actions += self._actions(states, state_mentions, composite)
        if prop == "what_happens":
            # "What happens if it declares X?" asks whether X ends the state
            prop, about = ("state_ends", "state") if actions and not properties else ("fact", about)
        if prop == "plain" and not properties and states:
            # "Is it harder to Discover?", "Surprise Attack?": no word of the question says what is
            # asked of the Skills it names, so there is nothing to answer yes or no to
            self.issues.append(self.vocab_text("no_question"))
        if properties and prop in ("revealed", "state_ends"):
            # "does it keep being part of the Fireteam?", "do Automatic Skills keep working?": the
            # verb belongs to the property asked about, which its own rows answer yes or no
            prop, polarity, about = "property", "+", "model"
        actions = self._subsume(actions)
        self._leader_context(actions, context)
        self._delayed_aro(states, actions, context, prop)
        self._aro_turn(actions, context)
        if prop == "may" and any(self._in_question(a) for a in actions) and not properties:
            # "Camo marker walks past my Fusilier. Can I shoot it?": what went before is the scene
            actions = [a for a in actions if self._in_question(a) or a.subject == "delayed_aro_declare"]
        if prop == "required" and any(a.subject == "discover" for a in actions) and \
                any(a.subject != "discover" and a.kind == "skill" for a in actions):
            # "is it necessary to discover a camo marker before shooting it?": the Discover is
            # the condition asked about, the Attack the one declared
            actions = [Action(a.subject, "enemy", a.kind, a.position, a.text) for a in actions if a.subject != "discover"]
        if prop == "required" and self._asks_discover_first():
            # "is it necessary to discover a camo marker before shooting it?": whoever must
            # Discover it first is its enemy
            actions = [Action(a.subject, "enemy" if a.by == "self" and a.kind == "skill" else a.by, a.kind,
                              a.position, a.text) for a in actions]
        if prop == "required" and "discovered" not in context and (
                self._asks_discover_first() or any(a.by == "enemy" and a.kind == "skill" for a in actions)):
            # "must it be Discovered before being shot?": shot without a Discover (not "Do I have
            # to tell my opponent I'm delaying my ARO?")
            context["discovered"] = "no"
        for m in getattr(self, "other_named", ()):
            if not self._all_used(m):
                name = self.vocab.other_states[m.value][0]
                if self._listed_with_covered(m, state_mentions):
                    # "a troop in Camouflage or Impersonation State": answered for the covered one
                    self.notes.append(self.vocab_text("other_state_listed").format(state=name))
                else:
                    self.issues.append(self.vocab_text("other_state_issue").format(state=name))
                self._use(m)
        numbers = self._fact_numbers(states, properties)
        self._account()
        unplaced = self._unplaced()
        reading = Reading(self.text, self.rec.lang, self.edition, tuple(states), tuple(other), actions, properties,
                          context, prop, polarity, about, value, self._used_words(), unplaced, self.issues, self.notes,
                          " ".join(m.text for m in state_mentions[:1]), self.ignored, numbers)
        return reading

    def _question_sentence(self) -> int:
        """The sentence that asks: the last one, unless it only gives examples ("…an optional
        Skill? For example Camouflaged state or an IMP state.")."""
        if not self.toks:
            return 0
        last = self.toks[-1].sent
        opening = [t.low for t in self.toks if t.sent == last][:2]
        examples = self.vocab.word_lists.get("examples", frozenset())
        if last > 0 and (" ".join(opening) in examples or opening[0] in examples):
            return last - 1
        return last

    def vocab_text(self, key: str) -> str:
        """An issue's words in the question's language (data/wording/<lang>.toml [text])."""
        w = self.table.wording.get(self.rec.lang) or self.table.wording["en"]
        return w["text"][key]

    def _list(self, name: str) -> frozenset:
        """A word list in the question's language."""
        return self.vocab.listed(name, self.rec.lang)

    def _words(self, name: str) -> frozenset:
        """A word list in both languages (a question may mix them: "mi CAMO", "my Fusilero")."""
        return self.vocab.word_lists.get(name, frozenset())

    def _listed_with_covered(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """Whether an uncovered state is named in one list with a covered one ("Camouflage or
        Impersonation State", "Camuflado o Suplantación")."""
        for s in state_mentions:
            lo, hi = (s.end, m.start) if s.end <= m.start else (m.end, s.start)
            gap = [self.toks[i].low for i in range(lo, hi)]
            if 1 <= len(gap) <= 2 and gap[0] in ("or", "and", "o", "y", "u", "e", "nor", "ni"):
                return True
        return False

    def _rejected_alternative(self) -> int | None:
        """Where the alternative a question turns down starts ("rather than", "instead of", "en
        vez de", "en lugar de"), in its last sentence; None when there is none."""
        toks = self.toks
        for i in range(len(toks) - 1):
            pair = (toks[i].low, toks[i + 1].low)
            if toks[i].sent == self.last and " ".join(pair) in self._words("rejecting"):
                return i
        return None

    def _state_of_topic(self) -> list[str]:
        """No state named, but a property only one state's rows speak of ("Do I have to show my
        Fireteam's composition bonuses?" is the HoloMask page's FAQ): that state."""
        found = []
        beaten = {o for sid, _, _ in self.rec.composites for o in self.vocab.subjects[sid].over}
        for sid, n, _ in self.rec.composites:
            if self.vocab.subjects[sid].kind == "property" and sid not in beaten:
                found += [(n, st) for st in {r.state for r in self.table.rows if r.subject == sid}]
        owners = {st for _, st in found}
        default = self._camouflage_state(self.edition or DEFAULT_EDITION)
        if len(owners) > 1 and default in owners:
            owners = {default}  # "Do I have to announce a delayed ARO?": the edition's camouflage
        if len(owners) == 1:
            state = owners.pop()
            if self.edition and self.table.states[state].edition != self.edition:
                return []
            return [state]
        return []

    # --- edition -----------------------------------------------------------------------------

    def _edition(self, edition: str | None) -> str | None:
        """The edition asked for (`--edition`), else one the question names ("N3"); checked."""
        named = [t for t in self.toks if t.text.upper() in EDITIONS]
        for t in named:
            self.used.add(t.i)
        if edition is not None:
            return check_edition(edition)
        return named[0].text.upper() if named else None

    # --- the state ---------------------------------------------------------------------------

    def _states(self) -> tuple[list[str], list[str], list[Mention]]:
        """(covered states named, uncovered states named, the mentions naming the state asked about)."""
        ms = self.mentions
        strong = [m for m in ms if m.kind == "state"]
        hints = [m for m in ms if m.kind == "hint"]
        weak = [m for m in ms if m.kind == "weak_state"]
        others = [m for m in ms if m.kind == "other_state"]
        hd = [m for m in strong if self.table.states[m.value].hosts_markers]
        camo_states = {st.id for st in self.table.states.values() if st.hints}
        # "an IMP-1 marker": the marker of the state named right before it, covered or not
        attached = [m for m in weak if any(o.end == m.start for o in others)]
        weak = [m for m in weak if m not in attached]
        for m in attached:
            self._use(m)
        if hd:
            # "a camouflaged HD trooper", "an HD trooper with camo": the Camouflage is the Hidden
            # Deployment trooper's Marker-state Skill, not a second state
            skill = [m for m in strong + hints if m.value in camo_states and self._near(m, hd)]
            strong = [m for m in strong if m not in skill]
            hints = [m for m in hints if m not in skill]
            weak = [m for m in weak if not self._near(m, hd)]
            for m in skill + [w for w in ms if w.kind == "weak_state" and self._near(w, hd)]:
                self._use(m)
            if skill:
                self.hd_camouflage = True
        if len({m.value for m in strong}) > 1:
            # "my HD trooper delays its ARO against an enemy camo marker": the marker it acts
            # against is not the state asked about
            subjects = [m for m in strong if not self._target_state(m)]
            for m in strong:
                if m not in subjects:
                    self._use(m)
            strong = subjects or strong
        ids = list(dict.fromkeys(m.value for m in strong))
        named = strong
        if not ids and hints:
            ids, named = [hints[0].value], hints
        if not ids and weak:
            ids, named = [self._camouflage_state(DEFAULT_EDITION)], weak
        if not ids and others:
            for m in others:
                self._use(m)
            return [], list(dict.fromkeys(self.vocab.other_states[m.value][0] for m in others)), []
        if not ids:
            guess = self.vocab.guess_state(self.toks)
            if guess:
                words, sid = guess
                self.notes.append(f"Read “{words}” as {self.vocab.label(sid)}.")
                for t in self.toks:
                    if t.text in words.split():
                        self.used.add(t.i)
                ids = [sid]
        if self.edition:  # "Camouflaged" in an N3 question is that edition's camouflage: TO Camouflaged
            default, here = self._camouflage_state(DEFAULT_EDITION), self._camouflage_state(self.edition)
            ids = list(dict.fromkeys(here if s == default else s for s in ids))
        for m in named + hints + weak:
            self._use(m)
        if others and ids:
            # "an Impersonation marker" next to a camo marker: the other state is named, and the
            # rules here do not cover it (unless a property the rows answer takes it in: `_composite`)
            self.other_named = others
        return ids, [], named

    def _target_state(self, m: Mention) -> bool:
        """A state named as the target of what is done ("against an enemy camo marker"), or as
        an enemy's own ("the enemy going back to camo")."""
        start = self._np_start(m)
        before = {self.toks[i].low for i in range(max(0, m.start - 2), m.start)}
        prev = self.toks[start - 1].low if start > 0 else ""
        return self._object_position(start) or bool(before & self._words("enemy_owner")) or prev in self._words("likeness")

    def _near(self, m: Mention, others: list[Mention]) -> bool:
        """Whether `m` is next to one of `others` (at most two small words between)."""
        for o in others:
            gap = range(m.end, o.start) if m.end <= o.start else range(o.end, m.start)
            if len(gap) <= 2 and all(self.rec.roles.get(i) in ("stop", "filler") or self.toks[i].low in ("with", "con")
                                     for i in gap):
                return True
        return False

    def _camouflage_state(self, edition: str) -> str:
        """The first state a Camouflage Skill deploys in, of `edition` (Camouflaged for N4)."""
        states = self.table.states.values()
        return next((st.id for st in states if st.hints and st.edition == edition), next(st.id for st in states if st.hints))

    # --- conditions --------------------------------------------------------------------------

    def _conditions(self) -> dict[str, str]:
        """The condition axes the cues set. Two values on one axis: the later cue wins when it is
        in the question's own sentence, else the first one the tables list."""
        context: dict[str, str] = {}
        cues = sorted([m for m in self.mentions + self.rec.overlay if m.kind == "cue"], key=lambda m: m.start)
        order = {f"{axis}={value}": i for i, (axis, value, *_) in enumerate(self.vocab.cues)}
        needs: dict[str, set[str]] = {}
        for axis, value, *_, need in self.vocab.cues:
            needs.setdefault(f"{axis}={value}", set()).update(need)
        named = {m.value for m in self.mentions if m.kind == "subject"} | {sid for sid, _, _ in self.rec.composites}
        found: dict[str, list[tuple[int, str]]] = {}
        for m in cues:
            axis, value = m.value.split("=", 1)
            if axis in READING_AXES:
                continue
            if needs.get(m.value) and not needs[m.value] & named:
                continue  # "an allied trooper declares a BS Attack": no contact, so no contact's ally
            if self._negated(m) and (axis, value) in _OPPOSITE:
                value = _OPPOSITE[(axis, value)]
                self._use_negation(m)
            found.setdefault(axis, []).append((order.get(m.value, 999), value))
            self._use(m)
        lof = self._lof_words()
        if lof and "lof" not in found:
            found["lof"] = [(0, lof)]
        for axis, values in found.items():
            context[axis] = min(values)[1]
        return context

    def _lof_words(self) -> str | None:
        """"inside my Fusilier's LoF", "out of his line of fire": a LoF term no cue took, with
        "in"/"inside"/"within" or "out of"/"outside" a few words before it."""
        for m in self.mentions:
            if m.kind != "term" or m.value != "lof" or self._all_used(m):
                continue
            # "in my HD guy's LoF": the word before the LoF's owner, over names and articles only
            # ("a trooper in Hidden Deployment block Line of Fire": "block" stops it)
            before = []
            for i in range(m.start - 1, max(-1, m.start - 6), -1):
                low = self.toks[i].low
                before.append(low)
                owner = any(n.start <= i < n.end and n.kind in ("state", "hint", "weak_state", "trooper", "unit", "weapon",
                                                                  "actor") for n in self.mentions)
                if not owner and self.rec.roles.get(i) not in ("speaker", "pronoun") and low not in self._list("article"):
                    break
            if any(w in self._words("lof_outside") for w in before):
                value = "outside"
            elif any(w in self._words("lof_inside") for w in before):
                value = "inside"
            else:
                continue
            self._use(m)
            if self._negated(m):
                value = "outside" if value == "inside" else "inside"
            return value
        return None

    def _negated(self, m: Mention) -> bool:
        """Whether a negation stands right before `m` (an article or auxiliary between at most),
        or, for a Skill or event, opens the clause it is in ("I don't want to waste my ARO on
        a Discover", "couldn't see it, so he shot": the Discover is not declared)."""
        i = m.start - 1
        while i >= 0 and self.toks[i].sent == self.toks[m.start].sent and self.rec.roles.get(i) in ("stop", "passive") \
                and self.toks[i].low not in self._words("if_when") and m.start - i <= 3:
            i -= 1
        if i >= 0 and self.rec.roles.get(i) == "negation" and i not in self.used:
            return True
        return m.kind == "subject" and self._clause_negation(m) is not None

    def _clause_negation(self, m: Mention) -> int | None:
        """The negation opening `m`'s clause, with no other Skill or event between them, and
        not the negative question's own ("Doesn't it lose…?" asks whether it loses)."""
        sent = self.toks[m.start].sent
        for i in range(m.start - 1, -1, -1):
            t = self.toks[i]
            if t.sent != sent or t.brk or t.low in self._words("clause_break") or self.rec.roles.get(i) in ("condition", "connector"):
                return None
            if any(n.kind == "subject" and n.start <= i < n.end for n in self.mentions):
                return None
            if self.rec.roles.get(i) == "negation" and i not in self.used:
                if t.low not in self._list("clause_negation"):
                    return None  # "without any special rule … declare a BS Attack": a phrase's, not the clause's
                return None if self._question_negation(i) else i
        return None

    def _question_negation(self, i: int) -> bool:
        """The negation of a negative question: right after its opening auxiliary ("Doesn't",
        "Shouldn't", "Is it not true that…", "¿No pierde…?")."""
        t = self.toks[i]
        first = next(x for x in self.toks if x.sent == t.sent)
        if t.sent != self.last:
            return False
        if i == first.i:
            return t.low == "no"  # "¿No pierde el camuflaje?"
        if first.low not in self._list("question"):
            return False
        between = [x for x in self.toks[first.i + 1:i]]
        return all(x.low in self._words("question_subject") for x in between) and len(between) <= 1

    def _use_negation(self, m: Mention) -> None:
        i = m.start - 1
        while i >= 0 and self.rec.roles.get(i) != "negation":
            i -= 1
        if i >= 0:
            self.used.add(i)

    # --- what is asked -----------------------------------------------------------------------

    def _asked(self, state_mentions: list[Mention]) -> tuple[str, str, str, str | None]:
        """(proposition, polarity, about, value asked): from the question's own sentence."""
        asks = [m for m in self.mentions + self.rec.overlay if m.kind == "ask" and self._anchored(m, state_mentions)
                and (m.value.split(":")[0] not in ("fact", "what_happens") or self._opens_sentence(m))]
        # "the result of an optional Skill": a word that asks, used as the Skill's adjective
        asks = [m for m in asks if not (m.start > 0 and self.toks[m.start - 1].low in self._list("article")
                                        and any(n.kind == "subject" and n.start == m.end for n in self.mentions))]
        in_q = [m for m in asks if self.toks[m.start].sent == self.last]
        # "Despliegue Oculto: cuando se revela mi tropa, ¿elijo yo…?": a question word opening
        # the scene ("cuando", "when") is a conjunction there, not what is asked
        chosen = in_q or [m for m in asks if m.value.split(":")[0] not in ("fact", "what_happens")]
        if not chosen:
            return "plain", "+", "model", None
        def rank(m: Mention) -> tuple[int, int]:
            prop = m.value.split(":")[0]
            return (_PROPOSITION_ORDER.index(prop) if prop in _PROPOSITION_ORDER else 99, m.start)
        best = min(chosen, key=rank)
        prop, polarity, *rest = best.value.split(":")
        about = "state" if rest and rest[0] == "state" else "model"
        for m in chosen:
            self._use(m)  # the question's own asking words ("can", "do I have to", "tell")
        if prop in ("revealed", "state_ends") and about == "model" and self._about_state(best, state_mentions):
            about = "state"
        if self._negated(best) and not self._negative_question(best):
            polarity = "-" if polarity == "+" else "+"
            self._use_negation(best)
        value = prop if prop in ("open", "private") else None
        if prop in ("open", "private"):
            prop, polarity = "open", ("+" if prop == "open" else "-") if polarity == "+" else ("-" if prop == "open" else "+")
        return prop, polarity, about, value

    def _asks_discover_first(self) -> bool:
        """The question's "must" is about Discovering the marker first ("need to be discovered")."""
        return any(m.kind == "ask" and m.value.startswith("required") and "discov" in m.text.lower()
                   for m in self.mentions + self.rec.overlay)

    def _opens_sentence(self, m: Mention) -> bool:
        """"How…", "What happens…": a question word counts only as its sentence's first word
        (after a leading "so", "and", "N3:"…), not inside it ("tell him which unit it is")."""
        sent = self.toks[m.start].sent
        i = m.start - 1
        while i >= 0 and self.toks[i].sent == sent:
            if self.toks[i].low not in self._words("leading") and self.toks[i].text.upper() not in EDITIONS:
                return False
            i -= 1
        return True

    def _anchored(self, ask: Mention, state_mentions: list[Mention]) -> bool:
        """A verb that asks about a state ("lose", "keep", "survive", "end") asks so only with
        the state, a pronoun or "state" within three words of it ("does it lose camo?",
        "does HD survive…"); otherwise it is another verb ("end his move", "keep its Order")."""
        if not ask.value.endswith(":state") or ask.end - ask.start > 1:
            return True
        near = set(range(max(0, ask.start - 3), min(len(self.toks), ask.end + 3)))
        if any(near & set(range(m.start, m.end)) for m in state_mentions):
            return True
        anchors = self._words("anchor")
        return any(self.toks[i].low in anchors for i in near)

    def _about_state(self, ask: Mention, state_mentions: list[Mention]) -> bool:
        """"Does Hidden Deployment survive…", "lose its HD": the state named as the thing kept or
        lost (right before or after the verb), not a trooper described by it."""
        trooper_after = lambda m: m.end < len(self.toks) and any(  # noqa: E731
            n.kind in ("trooper", "unit") and n.start == m.end for n in self.mentions)
        for m in state_mentions:
            if trooper_after(m):
                continue
            if 0 <= ask.start - m.end <= 1 or 0 <= m.start - ask.end <= 2:
                return True
        return False

    def _negative_question(self, ask: Mention) -> bool:
        """A negation between the question's opening auxiliary and its verb ("Doesn't it lose…",
        "Is it not revealed…"): asked as a plain question (the answer is the same)."""
        sent = self.toks[ask.start].sent
        first = next(t for t in self.toks if t.sent == sent)
        if first.low not in self._list("question"):
            return False
        between = range(first.i + 1, ask.start)
        return not any(self.toks[i].low in self._list("condition") for i in between)

    # --- composites --------------------------------------------------------------------------

    def _composite(self, states: list[str], prop: str) -> str | None:
        """The composite subject the question is about, if one is found that the states' rows
        speak of and no Skill named outside its words is more specific."""
        covered = {r.subject for r in self.table.rows if r.state in states}
        found = [(sid, n, places) for sid, n, places in self.rec.composites if sid in covered]
        rejected = self._rejected_alternative()
        if rejected is not None:
            # "the real profile rather than the imitated one's?": what follows "rather than" is
            # the alternative turned down, not what is asked; a composite stands only when each
            # of its groups is found before it
            before = [f for f in found if all(any(a < rejected for a, _ in group)
                                              for group in self.rec.group_places.get(f[0], [f[2]]))]
            found = before or found
        beaten = {o for sid, _, _ in found for o in self.vocab.subjects[sid].over}
        phrase_subjects = {m.value for m in self.mentions if m.kind == "subject"}
        beaten |= {o for s in phrase_subjects for o in self.vocab.subjects[s].over}
        found = [f for f in found if f[0] not in beaten]
        if not found:
            return None
        # one whose words reach the question's own sentence before one told only in the scene
        # ("I moved my HD guy into another Combat Group and told him. Do I have to say which
        # unit it is?" asks about the unit)
        found.sort(key=lambda f: (not any(self.toks[a].sent == self.last for a, _ in f[2]), -f[1]))
        sid, n, places = found[0]
        in_question = any(self.toks[a].sent == self.last for a, _ in places)
        subjects_in_question = [m for m in self.mentions if m.kind == "subject" and self.toks[m.start].sent == self.last
                                and not any(a <= m.start < b for a, b in places)]
        if not in_question and self.vocab.subjects[sid].kind == "property" and \
                any(m.kind == "subject" and self.vocab.subjects[m.value].kind in ("skill", "event")
                    and not any(a <= m.start < b for a, b in places) for m in self.mentions):
            return None  # "He declares a Short Skill as part of the Fireteam's Order. Does he stay masked?"
        inside = {i for a, b in places for i in range(a, b)}
        skills_outside = [m for m in self.mentions if m.kind == "subject" and self.vocab.subjects[m.value].kind in ("skill", "event")
                          and not any(i in inside for i in range(m.start, m.end))]
        if n < 2 and any(self.toks[m.start].sent == self.last for m in skills_outside):
            return None  # "Is it revealed if it declares Move?": the Skill named beside it decides
        if self.vocab.subjects[sid].kind == "skill":
            # "Discover twice in one Order, one with each Short Skill": the general words name
            # the same declarations
            for m in skills_outside:
                if self.vocab.subjects[m.value].generic or m.value in ("short_skill", "entire_order", "skill", "aro"):
                    self._use(m)
        if sid == "whole_order" and skills_outside:
            return None  # "Move + BS Attack … revealed during the Move?": the declarations decide
        state_asks = [m for m in self.mentions if m.kind == "ask" and m.value.split(":")[0] in ("revealed", "state_ends")
                      and self.toks[m.start].sent == self.last]
        if self.vocab.subjects[sid].kind == "property" and prop in ("revealed", "state_ends") and skills_outside \
                and not any(m.value in self.vocab.subjects[sid].situation for m in skills_outside) \
                and state_asks and not any(i in inside for m in state_asks for i in range(m.start, m.end)) \
                and not any(m.kind == "ask" and m.value.split(":")[0] in ("may", "required")
                            and self.toks[m.start].sent == self.last for m in self.mentions):
            # "With his first order he declares a skill. Does he come out as a TO marker?": what
            # the Skill does to the state is asked, not the property the other words touch
            return None
        for a, b in places:
            self.used.update(range(a, b))
        for m in self.mentions:
            if m.kind in ("subject", "cue", "ask", "term") and any(i in inside for i in range(m.start, m.end)):
                self._use(m)
        if self.vocab.subjects[sid].kind == "property":
            # the situation a property question describes ("by spending a Long Skill", "an enemy
            # trooper", a Holoprojector beside a camo marker): the words name it, the property
            # row answers it
            from rulecheck.checker.engine import ancestors

            situation = set(self.vocab.subjects[sid].situation) | set(_GENERAL)
            for m in self.mentions:
                narrative = self.toks[m.start].sent != self.last
                part = m.kind == "subject" and (self.vocab.subjects[m.value].generic
                                                or situation & set(ancestors(self.table, m.value)))
                inside_words = any(a <= m.start < b for a, b in places)
                if m.kind in ("actor", "term") or (m.kind == "other_state" and inside_words) or part \
                        or (narrative and m.kind in ("subject", "ask")):
                    self._use(m)
            # the rules' own words a property question restates ("the imitated model", "a Marker
            # concealing Equipment") are its words; game terms the pages never define are not
            mentioned = {i for m in self.mentions for i in range(m.start, m.end)}
            for t in self.toks:
                if t.i not in mentioned and t.low.isalpha() and self.vocab.in_pages(t, self.rec.lang) \
                        and t.low not in self.vocab.word_lists.get("significant", ()):
                    self.used.add(t.i)
        return sid

    def _composite_actor(self, sid: str, states: list[str]) -> str:
        """Who acts in a composite Skill: the enemy when the states' rows speak only of an enemy."""
        topics = {r.topic for r in self.table.rows if r.subject == sid and r.state in states}
        return "enemy" if topics == {"enemy"} or ("enemy" in topics and "declares" not in topics) else "self"

    # --- actions -----------------------------------------------------------------------------

    def _actions(self, states: list[str], state_mentions: list[Mention], composite: str | None) -> list[Action]:
        """Each Skill or event named, with who does it."""
        actions = []
        subjects = [m for m in self.mentions if m.kind == "subject" and not self._all_used(m)]
        subjects = self._drop_means_and_generic(subjects)
        for m in subjects:
            kind = self.vocab.subjects[m.value].kind
            if kind == "property":
                continue
            if self._negated(m):
                # "on a guy he is not in contact with yet": what is said not to happen is no action
                self._use_negation(m)
                self._use(m)
                continue
            if any(a.subject == m.value for a in actions) and (self._instrument(m) or self._during(m)
                                                                 or self._named_again(m)):
                # "¿Mi rival puede Descubrir a mi tropa con una Tirada de Descubrir?": the same
                # Skill named again as the means is the one already read (not "Move and Move")
                self._use(m)
                continue
            by = self._who(m, state_mentions)
            if by == "self" and kind == "skill" and states and self._enemy_only(states[0], m.value):
                by = "enemy"  # "I delay my ARO" against a camo marker: only an enemy can
            actions.append(Action(m.value, by, kind, 0, m.text))
            self._use(m)
        return actions

    def _named_again(self, m: Mention) -> bool:
        """Whether `m` points back at a Skill already named ("an enemy Sensor … when the Sensor
        is declared", "ese Descubrir"): a definite article or demonstrative right before it."""
        return m.start > 0 and self.toks[m.start - 1].low in self._words("definite")

    def _during(self, m: Mention) -> bool:
        """Whether `m` names a time within something already said ("revealed during the Move",
        "durante el Movimiento"), not a new declaration."""
        i = m.start - 1
        while i >= 0 and self.toks[i].low in self._list("article"):
            i -= 1
        return i >= 0 and self.toks[i].low in self._words("during")

    def _instrument(self, m: Mention) -> bool:
        """Whether `m` is named as the means of something ("with a Discover roll", "con una
        Tirada de Descubrir", "using a Dodge")."""
        i = m.start - 1
        while i >= 0 and self.toks[i].low in self._list("article"):
            i -= 1
        return i >= 0 and self.toks[i].low in self._words("instrument")

    def _enemy_only(self, state: str, subject: str) -> bool:
        """The state's rows speak of `subject` only as something an enemy does: it has enemy
        rows of its own, and no row says what the trooper in the state declaring it (or a more
        general Skill it is a kind of) does."""
        from rulecheck.checker.engine import ancestors

        if not any(r.topic == "enemy" for r in self.table.rows_for(state, subject)):
            return False
        return not any(r.topic in ("declares", "may") for s in ancestors(self.table, subject)
                       for r in self.table.rows_for(state, s))

    def _all_used(self, m: Mention) -> bool:
        return all(i in self.used for i in range(m.start, m.end))

    def _who(self, m: Mention, state_mentions: list[Mention]) -> str:
        """Who does the Skill or brings the event about (see the module's docstring)."""
        if self._passive(m):
            return "enemy"
        i = m.start - 1
        while i >= 0 and (self.toks[i].low in self._list("article") or self.toks[i].low in self._words("roll_result")):
            i -= 1
        if i >= 0 and self.toks[i].low in self._words("agent_by") and not self._passive(m):
            return "enemy"  # "targeted by a failed Discover": an enemy's Skill
        j = m.start - 1
        named = next((n for n in self.mentions if n.kind in ("weapon", "unit") and n.end == m.start), None)
        if named is not None:
            j = named.start - 1  # "can my HMG shoot it?": the asker's trooper, named by its weapon
        if j >= 0 and self.toks[j].low in self._words("mine"):
            return self._speaker_side() if getattr(self, "asker_known", True) else "self"  # "my Chain Rifle template"
        if getattr(self, "target_inferred", False) and self.vocab.subjects[m.value].kind == "skill":
            return "enemy"  # "Can I Intuitive Attack a guy who is not camo?": the asker attacks
        agent = self._agent(m)
        if agent is None:
            if self._targets_state(m, state_mentions):
                return "enemy"
            return "self"
        return agent

    def _passive(self, m: Mention) -> bool:
        i = m.start - 1
        while i >= 0 and self.rec.roles.get(i) in ("stop", "filler") and self.toks[i].low not in self._list("passive"):
            i -= 1
        return i >= 0 and self.rec.roles.get(i) == "passive" and self.toks[m.start].low.endswith(("ed", "shot", "hit", "do"))

    def _agent(self, m: Mention) -> str | None:
        """The side of the nearest one named before the Skill in its sentence, skipping those
        that are a target or an attribute ("against a marker", "with Camouflage"); a participle
        right after someone is theirs ("shoots at a guy running past": the guy runs)."""
        sent = self.toks[m.start].sent
        cands = [c for c in self._candidates() if c[1] < m.start and self.toks[c[1]].sent == sent]
        rel = next((i for i in range(m.start - 1, max(-1, m.start - 4), -1)
                    if self.toks[i].low in self._words("relative")), None)
        if rel is not None and not any(rel < c[1] < m.start for c in cands):
            # "da Apoyo al Líder, que dispara", "un marcador que declaró Mover": the one named
            # right before "que" does it
            noun = next((c for c in reversed(cands) if c[1] < rel), None)
            if noun is not None:
                return noun[0]
        if self.toks[m.start].low.endswith("ing"):
            # "a guy running past": the one named right before a participle does it
            noun = next((n for n in self.mentions if n.kind in ("trooper", "unit", "actor") and n.end == m.start), None)
            if noun is not None:
                side = next((c[0] for c in cands if c[1] == noun.start), None)
                return side or "enemy"
        for side, pos in reversed(cands):
            if self._object_position(pos):
                continue
            return side
        return None

    def _adjacent(self, pos: int, start: int) -> bool:
        """Whether only the rest of the name at `pos` stands between it and `start`."""
        name = next((n for n in self.mentions if n.start == pos), None)
        end = name.end if name is not None else pos + 1
        return end == start

    def _candidates(self) -> list[tuple[str, int]]:
        """(side, position) of everyone named: the trooper in the state ("self"), an enemy, an
        ally, the Team Leader, the asker, a pronoun (resolved to the one named before)."""
        if hasattr(self, "_cands"):
            return self._cands
        out: list[tuple[str, int]] = []
        speaker = self._speaker_side()
        state_pos = {i for m in self.mentions if m.kind in ("state", "hint", "weak_state") for i in range(m.start, m.end)}
        for m in self.mentions:
            if m.kind in ("state", "hint", "weak_state"):
                out.append((self._state_side(m), m.start))
            elif m.kind == "actor" and m.value in ("enemy", "ally", "leader", "team"):
                if self._attribute_of_state(m, state_pos):
                    self._use(m)
                    continue
                out.append((m.value, m.start))
                self._use(m)
            elif m.kind in ("trooper", "unit"):
                side = self._noun_side(m, speaker, state_pos)
                if side is not None:
                    out.append((side, m.start))
        for t in self.toks:
            role = self.rec.roles.get(t.i)
            if role == "speaker" and not self._possessive_before_noun(t.i):
                out.append((speaker, t.i))
            elif role == "pronoun" and t.low not in self._words("possessive"):
                # "the Team Leader declares BS Attack and he supports": "he" is the trooper asked
                # about, not the Leader; nor is one named as a target ("against my camo marker")
                prev = [c for c in out if c[1] < t.i and c[0] != "leader" and not self._object_position(c[1])
                        and not self._in_subordinate(c[1], t.i)]
                out.append((prev[-1][0] if prev else "self", t.i))
        out.sort(key=lambda c: c[1])
        self._cands = out
        return out

    def _state_side(self, m: Mention) -> str:
        return "self"

    def _attribute_of_state(self, m: Mention, state_pos: set[int]) -> bool:
        """"an enemy camo marker", "el marcador enemigo": the word says whose the marker is."""
        return (m.end in state_pos or m.start - 1 in state_pos
                or (m.end + 1 in state_pos and self.rec.roles.get(m.end) in ("stop",)))

    def _speaker_side(self) -> str:
        """The asker's side: the trooper's own ("my camo marker") unless the question marks the
        marker as an enemy's ("his camo", "un CAMO enemigo") or names it as a target ("can I
        shoot a camo marker?", "discover on a CAMO")."""
        toks = self.toks
        states = [m for m in self.mentions if m.kind in ("state", "hint", "weak_state")]
        for m in states:
            start = self._np_start(m)
            before = {toks[i].low for i in range(max(0, start - 1), m.start)}
            after = {toks[m.end].low} if m.end < len(toks) else set()
            if before & self._words("enemy_owner") or after & self._words("enemy_after"):
                return "enemy"
            if before & self._words("mine") or (start > 0 and toks[start - 1].low in self._words("being")):
                return "self"
        subjects = [n for n in self.mentions if n.kind == "subject"]
        for m in states:
            start = self._np_start(m)
            if self._object_position(start) or any(0 <= start - n.end <= 1 for n in subjects):
                return "enemy"
        state_pos = {i for m in states for i in range(max(0, m.start - 3), m.end + 3)}
        for n in self.mentions:
            # "my Fusilier", "my Chain Rifle", "my Discover roll": the asker's own trooper, weapon
            # or Skill, not the marker ("my trooper", "my guy" may well be the marker itself)
            own_skill = n.kind == "subject" and self.vocab.subjects[n.value].kind == "skill"
            if (n.kind in ("unit", "weapon") or own_skill) and n.start > 0 and toks[n.start - 1].low in self._words("mine") \
                    and not any(i in state_pos for i in range(n.start, n.end)):
                return "enemy"
        return "self"

    def _np_start(self, m: Mention) -> int:
        """Where the noun phrase holding a state begins: "a trooper in Hidden Deployment",
        "the enemy camo marker" (articles, owners, trooper nouns, "in" before it)."""
        i = m.start
        nouns = {n.end: n.start for n in self.mentions if n.kind in ("trooper", "unit", "actor")}
        while i > 0:
            prev = self.toks[i - 1].low
            if i in nouns:
                i = nouns[i]
            elif prev in ("in", "en", "of", "de") and (i - 1) in nouns:
                i = nouns[i - 1]
            elif prev in self._list("article") or prev in self._words("enemy_owner") or prev in self._words("mine"):
                i -= 1
            else:
                break
        return i

    def _noun_side(self, m: Mention, speaker: str, state_pos: set[int]) -> str:
        """A trooper noun ("my Fusilier", "the enemy trooper", "a trooper in HD"); a unit named
        again is the one it named first ("a Hafza masked as a Janissary … Hafza only moves")."""
        before = [self.toks[i].low for i in range(max(0, m.start - 2), m.start)]
        near_state = any(i in state_pos for i in range(max(0, m.start - 2), min(len(self.toks), m.end + 3)))
        if near_state:
            return "self"
        if m.kind == "unit" and any(n.kind == "unit" and n.text.lower() == m.text.lower() and n.start < m.start
                                    and any(i in state_pos for i in range(max(0, n.start - 2), min(len(self.toks), n.end + 3)))
                                    for n in self.mentions):
            return "self"
        if set(before) & {"enemy", "opponent", "enemigo", "enemiga", "rival", "his", "their"}:
            return "enemy"
        if set(before) & {"my", "mi", "our"}:
            if speaker == "enemy":
                return "enemy"
            # "my trooper with Camouflage": a plain trooper word of the asker's is the trooper
            # asked about; a unit's name ("my Fusilier") is another of the asker's troopers
            return "ally" if m.kind == "unit" else "self"
        return None  # "a Janissary", "the Fusilier": who it is, the sentence's verbs say

    def _in_subordinate(self, pos: int, pronoun: int) -> bool:
        """Whether the one named at `pos` stands in a clause opened by when/if/as that closes
        before the pronoun ("When an enemy Fusilier walks past, he declares…": "he" is not the
        Fusilier)."""
        sent = self.toks[pos].sent
        opener = next((i for i in range(pos - 1, -1, -1) if self.toks[i].sent == sent
                       and self.toks[i].low in ("when", "if", "as", "while", "cuando", "si", "mientras")), None)
        if opener is None:
            return False
        return any(self.toks[i].brk for i in range(pos, pronoun)) or (
            pronoun - pos > 2 and any(self.rec.roles.get(i) == "" for i in range(pos + 1, pronoun)))

    def _possessive_before_noun(self, i: int) -> bool:
        return self.toks[i].low in ("my", "mi", "mis", "our", "your") and i + 1 < len(self.toks)

    def _object_position(self, pos: int) -> bool:
        """Whether the one named at `pos` is a target or attribute: after against/at/with…, or
        right after a Skill ("attack a camouflaged marker")."""
        i = pos - 1
        while i >= 0 and (self.rec.roles.get(i) == "stop" and self.toks[i].low in self._list("article")):
            i -= 1
        if i >= 0 and any(m.kind == "subject" and m.end == i + 1 and self.vocab.subjects[m.value].kind == "skill"
                          for m in self.mentions):
            return True
        return i >= 0 and self.toks[i].low in self._list("target") | {"with", "con", "by", "por"}

    def _targets_state(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """A state named right after the Skill (an article or target word between at most) is
        its target: "shoot a camo marker", "discover the HoloMask trooper", "attack a trooper in
        Hidden Deployment"."""
        allowed = self._list("article") | self._list("target")
        if m.value == "silhouette_contact":
            allowed = allowed | {"with", "con"}  # "enter base contact with a camo marker"
        for s in state_mentions:
            start = self._np_start(s)
            if start >= m.end and start - m.end <= 3:
                gap = [self.toks[i].low for i in range(m.end, start)]
                if all(w in allowed for w in gap):
                    return True
        if m.end < len(self.toks) and self.toks[m.end].low == "+":
            # "Discover + Discover on the same marker": one Order, one target
            nxt = next((n for n in self.mentions if n.kind == "subject" and n.start == m.end + 1), None)
            return nxt is not None and self._targets_state(nxt, state_mentions)
        return False

    def _drop_means_and_generic(self, subjects: list[Mention]) -> list[Mention]:
        """Drop Skills named only as the way an event beside them happens (`means`), then
        catch-all words (`generic`) when a specific Skill is named too."""
        from rulecheck.checker.engine import ancestors_in

        subs = self.vocab.subjects
        # "misses, so no ARM roll": an event said not to happen explains no Skill away
        events = [m for m in subjects if subs[m.value].kind == "event" and not self._negated(m)]
        means = {x for m in subjects for a in ancestors_in(subs, m.value) for x in subs[a].means}
        if means and events:
            # "discovered by Sensor", "moves into base contact": how the event comes about
            dropped = [m for m in subjects if m.value not in {e.value for e in events if not means & {e.value}}
                       and means & set(ancestors_in(subs, m.value))]
            for m in dropped:
                self._use(m)
            subjects = [m for m in subjects if m not in dropped]
        specific = [m for m in subjects if subs[m.value].kind == "skill" and not subs[m.value].generic]
        if specific:
            generic = [m for m in subjects if subs[m.value].generic]
            for m in generic:
                self._use(m)
            subjects = [m for m in subjects if m not in generic]
        return subjects

    def _subsume(self, actions: list[Action]) -> list[Action]:
        """A general term named beside a specific one it includes ("an Entire Order of Cautious
        Movement", "an ARO: Dodge") is that one declaration, not a second."""
        from rulecheck.checker.engine import ancestors_in

        subs = self.vocab.subjects
        kept = []
        for a in actions:
            if any(b is not a and b.by == a.by and b.subject != a.subject and a.subject in ancestors_in(subs, b.subject)
                   for b in actions):
                continue
            kept.append(a)
        return kept

    # --- Fireteams, delayed AROs -------------------------------------------------------------

    def _leader_context(self, actions: list[Action], context: dict) -> None:
        if any(a.by == "leader" for a in actions):
            context["fireteam"] = "member"  # the trooper asked about is then not the Team Leader
        elif any(a.by == "team" for a in actions) and context.get("fireteam") == "leader":
            for a in actions:  # "the trooper is the Team Leader and the team declares…": its own
                if a.by == "team":
                    a.by = "self"
        elif any(a.by == "team" for a in actions) and context.get("fireteam") == "member":
            for a in actions:
                if a.by == "team":
                    a.by = "leader"

    def _delayed_aro(self, states: list[str], actions: list[Action], context: dict, prop: str) -> None:
        """"I delayed my ARO; the marker then shoots. Can I declare it now?": a delayed ARO told
        as what happened, against a state whose logic speaks of delayed AROs, asked about as an
        ARO (may it still be declared, is it lost). Its fate follows from whether the marker's
        second Skill reveals it: the marker's Skills the question names, read with the same
        table, set `second_skill` (any that reveals does so for the whole Order) unless the
        question says it outright. The actions become the one the rows answer."""
        from rulecheck.checker.engine import resolve

        if not states or prop != "may":
            return
        if not any(r.topic == "enemy" for r in self.table.rows_for(states[0], "delayed_aro_declare")):
            return
        delays = [a for a in actions if a.subject == "delay_aro"]
        told = any(m.kind == "cue" and m.value == "delayed=yes" for m in self.rec.overlay)
        if not delays and not told:
            return
        asked_delay = any(a.subject == "delay_aro" and self._in_question(a) for a in actions) and not told
        others_asked = [a for a in actions if a.subject != "delay_aro" and self._in_question(a)]
        if asked_delay and not others_asked:
            return  # "may it delay its ARO?": the delay itself is asked about
        marker = [a for a in actions if a.by == "self" and a.kind == "skill" and a.subject != "delay_aro"]
        if "second_skill" not in context and marker:
            outcomes = []
            for a in marker:
                d = resolve(self.table, states[0], a.subject, ("declares",), {})
                if d is not None and d.outcome in ("cancelled", "keeps"):
                    outcomes.append(d.outcome)
            if outcomes:
                context["second_skill"] = "reveals" if "cancelled" in outcomes else "keeps"
        actions[:] = [Action("delayed_aro_declare", "enemy", "skill", 0, "delayed ARO")]

    def _fact_numbers(self, states: list[str], properties: tuple[str, ...]) -> tuple[str, ...]:
        """"Does he take a -6 MOD on that Discover Roll?": numbers of the question's own sentence
        asked about a fact a row states (compared with it by the engine)."""
        if not properties or not any(r.topic == "fact" for st in states for r in self.table.rows_for(st, properties[0])):
            return ()
        nums = [t for t in self.toks if t.sent == self.last and t.low.isdigit() and t.i not in self.used]
        for t in nums:
            self.used.add(t.i)
        return tuple(t.low for t in nums)

    def _aro_turn(self, actions: list[Action], context: dict) -> None:
        """"in ARO", "as an ARO" set the Reactive Turn of whoever declares the Skill beside them:
        an enemy's ARO is the trooper's Active Turn."""
        cue = next((m for m in self.mentions if m.kind == "cue" and m.value == "turn=reactive"
                    and any(w in m.text.lower() for w in ("aro", "ora"))), None)
        if cue is None:
            return
        near = [a for a in actions if a.kind == "skill"]
        spans = {a.subject: m for a in near for m in self.mentions if m.kind == "subject" and m.value == a.subject}
        best = min(near, key=lambda a: abs(spans[a.subject].start - cue.start) if a.subject in spans else 99, default=None)
        if best is not None and best.by == "enemy":
            context["turn"] = "active"

    def _in_question(self, a: Action) -> bool:
        """Whether an action is named in the question's own sentence: the last one, or the one
        before it when the last names no Skill ("I want to shoot him in ARO. Legal?")."""
        sents = {self.toks[m.start].sent for m in self.mentions if m.kind == "subject"}
        asked = self.last if self.last in sents or not sents else max(sents)
        return any(m.text == a.text and self.toks[m.start].sent == asked
                   for m in self.mentions if m.kind == "subject" and m.value == a.subject)

    # --- accounting --------------------------------------------------------------------------

    def _use(self, m: Mention) -> None:
        self.used.update(range(m.start, m.end))

    def _account(self) -> None:
        """Words that need no rule of their own: who acts (read by `_who`), trooper and unit
        names, weapons, filler phrases."""
        for m in self.mentions:
            if m.kind in ("trooper", "unit", "weapon", "filler", "actor"):
                self.used.update(range(m.start, m.end))

    def _unplaced(self) -> list[str]:
        """The words no rule used and no word list holds; ordinary words the rules pages never
        use are set aside (`self.ignored`), any other keeps the answer from being confident."""
        out = []
        mentioned = {i for m in self.mentions for i in range(m.start, m.end)}
        for t in self.toks:
            if t.i in self.used:
                continue
            role = self.rec.roles.get(t.i)
            if role in ("stop", "filler", "connector", "speaker", "pronoun", "passive", "condition", "target"):
                continue
            if any(m.kind == "ask" and m.start <= t.i < m.end for m in self.mentions) and t.sent != self.last:
                continue  # "he's still a marker at the end.": how the scene stands, not what is asked
            if role == "number" and t.sent != self.last:
                self.ignored.append(t.text)  # "he's up 4-1 on points": a number of the scene
                continue
            significant = t.low in self.vocab.word_lists.get("significant", ())
            if role == "" and t.i not in mentioned and (self.vocab.ordinary(t, self.rec.lang) or (
                    significant and t.sent != self.last and not t.cap)):
                self.ignored.append(t.text)
                continue
            if role == "negation" and self._question_negation(t.i):
                continue  # "Doesn't it lose…?", "Shouldn't he be revealed?": asked as the plain question
            if role == "negation":
                actor = next((m for m in self.mentions if m.kind == "actor" and 0 < m.start - t.i <= 2), None)
                if actor is not None:
                    continue  # "not an enemy", "no enemies nearby": says who is not there
                if self._harmless_scope(t.i):
                    self.ignored.append(t.text)
                    continue
                self.issues.append(self.vocab_text("negation_issue").format(word=t.text))
                out.append(t.text)
                continue
            term = next((m for m in self.mentions if m.start <= t.i < m.end and m.kind in ("term", "game_term")), None)
            if term is not None:
                if term.end - term.start == 1 and self.vocab.in_list("filler", t):
                    continue  # "Turn 2": a game term used as a plain word
                out.append(term.text)
                continue
            out.append(t.text)
        return list(dict.fromkeys(out))

    def _harmless_scope(self, i: int) -> bool:
        """A negation whose words up to the end of its clause are only ordinary words, filler or
        names ("without spending anything", "without any special rule"): it negates nothing a
        rule turns on."""
        j = i + 1
        seen = 0
        while j < len(self.toks) and self.toks[j].sent == self.toks[i].sent and seen < 6:
            if j > i + 1 and self.toks[j - 1].brk:
                break  # "without any Special Skill allowing it, cancel…": the clause ends
            role = self.rec.roles.get(j)
            mention = next((m for m in self.mentions if m.start <= j < m.end), None)
            if mention is not None and mention.kind not in ("filler", "trooper", "unit", "weapon"):
                return False
            if role in ("condition", "connector"):
                break
            if mention is None and role not in ("stop", "filler", "speaker", "pronoun") and not self.vocab.ordinary(self.toks[j], self.rec.lang):
                return False
            j += 1
            seen += 1
        return seen > 0

    def _used_words(self) -> list[str]:
        out, i = [], 0
        toks = self.toks
        while i < len(toks):
            if i in self.used:
                j = i
                while j + 1 < len(toks) and j + 1 in self.used:
                    j += 1
                out.append(" ".join(t.text for t in toks[i:j + 1]))
                i = j + 1
            else:
                i += 1
        return out
