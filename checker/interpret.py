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

import re

from rulecheck.checker.errors import EmptyQuestion
from rulecheck.checker.logic import AXES, CONDITIONS, OWN_PAGE_AXES, TIMING_AXES, LogicTable
from rulecheck.checker.reading import Action, Reading, flipped
from rulecheck.checker.recognize import Recognized, recognize
from rulecheck.checker.scenario import check_edition
from rulecheck.checker.states import DEFAULT_EDITION, EDITIONS
from rulecheck.checker.vocabulary import Mention
from rulecheck.checker.words import asking_sentences, fold, written
from rulecheck.checker.read_accounting import _Accounting
from rulecheck.checker.read_actions import _Actions
from rulecheck.checker.read_asked import _AskedAndComposites
from rulecheck.checker.read_states import _StatesAndConditions

def read_question(table: LogicTable, text: str, *, edition: str | None = None) -> Reading:
    """The reading of a question in English or Spanish; `EmptyQuestion` for a blank one and
    `UnknownEdition` for an edition the checker cannot read (also one the question names)."""
    if not text or not text.strip():
        raise EmptyQuestion()
    rec = recognize(table.vocabulary, text)
    if not rec.tokens:
        raise EmptyQuestion()
    reader = _Reader(table, rec, text, edition)
    reading = reader.read()
    if reader.vocab_text("no_question") in reading.issues and (reading.unplaced or reading.ignored):
        # "does it get revelaed…?", "¿se rebela…?": no asking word, and a word not placed is a
        # misspelt one: read again as written right, and say so (one set aside as another form
        # of a frequent word too: "rebela" is a form of "rebelar" the frequency list lacks)
        fixed = _misspelt_asking_word(reading.unplaced + reading.ignored, reading.lang, table.vocabulary)
        if fixed is not None:
            wrong, right = fixed
            again_text = re.sub(rf"(?<!\w){re.escape(wrong)}(?!\w)", right, text, count=1)
            again = _Reader(table, recognize(table.vocabulary, again_text), again_text, edition)
            second = again.read()
            if again.vocab_text("no_question") not in second.issues:
                second.text = text
                quoted = f"«{right}»" if second.lang == "es" else f"“{right}”"
                second.notes.insert(0, again.vocab_text("misspelt").format(words=wrong, state=quoted))
                return second
    return reading


def _misspelt_asking_word(unplaced: list[str], lang: str, vocab) -> tuple[str, str] | None:
    """(word as written, word meant) for the first unplaced word of five letters or more that
    is close to a one-word asking phrase of the question's language (`[[ask]]` of the lexicon,
    gathered with the vocabulary as the `asking_word@<lang>` list: no TOML is read on the way to
    an answer)."""
    import difflib

    from rulecheck.checker.vocabulary import common_words

    words = sorted(vocab.word_lists.get(f"asking_word@{lang}", ()))
    known = common_words(lang)
    for word in unplaced:
        # ("The judge stopped me": a word of the language is no misspelling of "popped")
        if len(word) >= 5 and " " not in word and word.lower() not in words and not known.listed(word.lower()):
            close = difflib.get_close_matches(word.lower(), words, n=1, cutoff=0.75)
            if close:
                return word, close[0]
    return None


class _Reader(_StatesAndConditions, _AskedAndComposites, _Actions, _Accounting):
    """One question being read: the recognized words and what each rule has used so far."""

    def __init__(self, table: LogicTable, rec: Recognized, text: str, edition: str | None) -> None:
        self.table = table
        self.vocab = table.vocabulary
        self.rec = rec
        self.toks = rec.tokens
        self.text = text
        self.used: set[int] = set()
        self.ignored: list[str] = []
        #: Where the words set aside stand (a claim not asked, a contrast): see `_set_aside`.
        self.aside: set[int] = set()
        self.issues: list[str] = []
        #: where the asking verb the reading answers starts (set by `_asked`)
        self.asked_at: int | None = None
        #: the last sentence asks whether the statement before is wrong ("Is he wrong?")
        self.disconfirmed = False
        self.notes: list[str] = []
        #: The states the question asks about, as named (set by `read` once found).
        self.asked_state_mentions: list[Mention] = []
        #: Skills set apart from a general term ("a Long Skill other than Cautious Movement").
        self.excluded: list[str] = []
        #: A Skill the trooper in the state declares is named as its ARO (set by `_actions`).
        self.declared_as_aro = False
        #: (proposition, polarity) the question asks, once read (the accounting of words reads it)
        self.asked_prop: tuple[str, str] | None = None
        #: Set when a negation is read as an auxiliary tag's ("He can't…, can he?"): see
        #: `Reading.tag_negation`.
        self.tag_negation = False
        #: Catch-all Skills said not to be declared beside a specific one ("Move + Move, no attacks")
        self._negated_generic: list[Mention] = []
        #: The Hidden Deployment-like states named (set by `_states`).
        self._hd_mentions: list[Mention] = []
        self.edition = self._edition(edition)
        #: The asking sentence is a statement a last sentence only confirms ("…, ¿verdad?").
        self.statement_confirmed = False
        self.last = self._question_sentence()
        if self._opens_with(self.last, "disconfirm_opening"):
            # "Am I wrong that I can try again?": asks whether the clause after it is false
            self.disconfirmed = not self.disconfirmed
        self._set_claims_aside()
        self._contrast_aside()
        self.mentions = self._asked_cues(self.rec.mentions)
        self._drop_restated()
        #: Axes a cue of the question's own sentence set ("…outside his LoF?"), not the scene's.
        self.question_axes: set[str] = set()

    def _property_rows(self, states: list[str], sid: str) -> list:
        """The rows that answer property `sid` for `states`: its own, else those of the nearest
        of its parents that has any (`parents`: "the presence of a HoloMask trooper" is answered
        by the rows on what identity information is private)."""
        from rulecheck.checker.engine import ancestors_in

        for subject in (sid, *ancestors_in(self.vocab.subjects, sid)):
            rows = [r for st in states for r in self.table.rows_for(st, subject)]
            if rows:
                return rows
        return []

    def _kept_as_information(self) -> str | None:
        """The polarity of an Open-Information asking word right after the staying verb asked
        ("stay private", "remain secret", "siguen siendo privados": "-"), or None."""
        if self.asked_at is None:
            return None
        verb = next((m for m in self.mentions if m.kind == "ask" and m.start == self.asked_at), None)
        if verb is None:
            return None
        if verb.value.startswith("open:"):
            # "siguen siendo privados" read from "privados": the staying verb before it is its own
            before = next((m for m in self.mentions if m.kind == "ask" and verb.start - 2 <= m.end <= verb.start
                           and m.value.split(":")[0] in ("revealed", "state_ends")
                           and self.toks[m.start].sent == self.toks[verb.start].sent), None)
            if before is not None:
                self.used.update(range(before.start, verb.start))
            return None
        if verb.value.split(":")[0] not in ("revealed", "state_ends"):
            return None
        after = next((m for m in self.mentions if m.kind == "ask" and verb.end <= m.start <= verb.end + 1
                      and self.toks[m.start].sent == self.toks[verb.start].sent), None)
        if after is None or after.value.split(":")[0] != "open":
            return None
        self.used.update(range(verb.start, after.end))
        return after.value.split(":")[1]

    def _drop_restated(self) -> None:
        """"declares Look Out! (Alertar)", "declarar Alertar (Look Out!)": a Skill named again
        right after itself in other words, past a parenthesis or comma, is the same declaration
        in the other language, not a second one; its words are used."""
        restated = [m for m in self.mentions if m.kind == "subject" and any(
            p.kind == "subject" and p.value == m.value and p.end == m.start and fold(p.text) != fold(m.text)
            and (self.toks[p.end - 1].brk or self._whole_sentence(m)) for p in self.mentions)]  # (not "Move, Move": two Moves)
        if restated:
            self.mentions = [m for m in self.mentions if m not in restated]
            for m in restated:
                self._use(m)

    def _whole_sentence(self, m: Mention) -> bool:
        """Whether `m` is all its sentence holds ("Look Out! (Alertar).": the "!" ends one)."""
        sent = self.toks[m.start].sent
        return all(m.start <= t.i < m.end for t in self.toks if t.sent == sent)

    # --- the whole reading -------------------------------------------------------------------

    def read(self) -> Reading:
        states, other, state_mentions = self._states()
        self.asked_state_mentions = state_mentions
        if not states and not other:
            states = self._state_of_topic()
        context = self._conditions()
        if getattr(self, "hd_camouflage", False):
            context.setdefault("camouflage", "yes")  # "my HD camo trooper"
        if "fireteam" not in context and any(
                (m.kind == "term" and m.value == "fireteam" or m.kind == "actor" and m.value == "team")
                and self._in_fireteam(m) for m in self.mentions):
            # "Hafza en HoloMask dentro de un Fireteam declara…": in a Fireteam, as its Leader or
            # not, the question does not say (rows that turn on it only possibly match)
            context["fireteam"] = None
        for axis in getattr(self, "claim_axes", ()):
            if axis in AXES:
                context.setdefault(axis, None)  # only claimed: unknown (see `_set_claims_aside`)
        if not states and not other and context.get("target") == "plain":
            # "Can I Intuitive Attack a guy who is not camo?": the camouflage FAQs answer it
            states = [self._camouflage_state(self.edition or DEFAULT_EDITION)]
            self.target_inferred = True
        prop, polarity, about, value = self._asked(state_mentions)
        if prop == "required" and self.question_axes.intersection(TIMING_AXES):
            # "Should I wait until his Entire Order is carried out and then reveal?": whether
            # placing then is allowed (it stops nothing), not whether something must come first
            prop = "may"
        self.asked_prop = (prop, polarity)
        composite = self._composite(states, prop)
        actions: list[Action] = []
        properties: tuple[str, ...] = ()
        if composite is not None:
            sid = composite
            kind = self.vocab.subjects[sid].kind
            if kind == "property":
                properties = (sid,)
                if any(c.axis == "acted_by" for st in states for r in self.table.rows_for(st, sid) for c in r.conditions):
                    # "do I get to decide which way it faces?": the asker's side decides, whoever
                    # brought the reveal about ("Si me descubren el CAMO, ¿puedo elegir…?"); "does
                    # my opponent choose…?", "¿elige mi rival…?": the one named choosing does
                    chooser = self._property_doer()
                    side = chooser or ("enemy" if self._speaker_side() == "enemy" else "self")
                    context["acted_by"] = "enemy" if side == "enemy" else "self"
            else:
                actions.append(Action(sid, self._composite_actor(sid, states), kind))
        if composite is None or self.vocab.subjects[composite].kind != "property":
            actions += self._actions(states, state_mentions, composite)
        if composite is not None:
            self._means_of_an_event(actions, composite)
        if self.declared_as_aro and any(a.by == "self" and a.kind == "skill" for a in actions):
            context.setdefault("turn", "reactive")
        if prop == "what_happens":
            # "What happens if it declares X?" asks whether X ends the state
            prop, about = ("state_ends", "state") if actions and not properties else ("fact", about)
        if prop in ("revealed", "state_ends") and not properties and (limit := self._limited_in_time()):
            # "Is it revealed only when it shoots?": when in the Order, which the verdict table
            # does not answer (the whole-Order rule is among the passages)
            self.issues.append(self.vocab_text("when_issue").format(words=limit))
        if prop == "may" and not properties and (only := self._exclusive_claim(actions)):
            # "contra un CAMO lo único que puedes declarar en ORA es Descubrir": whether nothing
            # else may be declared, which the rows (each saying whether one Skill may) do not judge
            self.issues.append(self.vocab_text("only_issue").format(words=only))
        if prop == "plain" and not properties and states:
            # "Is it harder to Discover?", "Surprise Attack?": no word of the question says what is
            # asked of the Skills it names, so there is nothing to answer yes or no to
            self.issues.append(self.vocab_text("no_question"))
        if properties and prop == "open" and self.asked_at is not None and any(
                a <= self.asked_at < b for a, b in getattr(self, "composite_places", ())) and all(
                r.outcome in ("yes", "no", "depends") for r in self._property_rows(states, properties[0])):
            # "When my camo marker is discovered, do I have to give my opponent its Public
            # Information?": "Public Information" is the property's own words, whose rows say yes
            # or no; what is asked is whether it holds
            prop, value = "property", None
        kept_as = self._kept_as_information() if properties else None
        if kept_as is not None:
            # "the team's composition bonuses stay private until…": whether it is Open
            # Information is asked, the verb of staying only says it goes on being so
            prop, polarity = "open", kept_as
        if properties and prop in ("revealed", "state_ends"):
            # "does it keep being part of the Fireteam?", "do Automatic Skills keep working?": the
            # verb belongs to the property asked about, which its own rows answer yes or no;
            # "it isn't allowed to stay in a Fireteam": a refusal right before the verb is its own
            prop, polarity, about = "property", "-" if self._refused_before_asked() else "+", "model"
        # (asked whether it may be, not among a dispute's claims: which claim's negation it is,
        # and whether the claims oppose, is read by `_dispute_polarity` for the asking words only)
        if properties and (prop in ("property", "plain") or prop == "may" and getattr(self, "dispute", None) is None) \
                and (self._property_negated(within=prop == "may")
                                                             or getattr(self, "composite_rejected", False)):
            # "Is it correct that a trooper in HD does not add its Order to the Pool?": asked of
            # the property's negation
            polarity = flipped(polarity)
        polarity = self._dispute_polarity(polarity)
        # (a state whose page restricts what is done against it: a Marker state, or one hosting them)
        targets = [t for t in getattr(self, "target_states", []) if t not in states
                   and (self.table.states[t].hints or self.table.states[t].hosts_markers)]
        if prop == "may" and targets and any(a.by == "self" and a.kind == "skill" and self._is_attack(a.subject)
                                             for a in actions):
            # "Can a trooper in HoloMask declare a BS Attack ARO against an enemy Camo Marker?":
            # what the marker's own rules allow against it is not read with the attacker's
            info = self.table.states[targets[0]]
            label = (info.label_es or info.label) if self.rec.lang == "es" else info.label
            self.issues.append(self.vocab_text("target_state_issue").format(state=label))
        if self.disconfirmed:
            # "My opponent says X. Is he wrong?": X asked the other way round, whatever X asks
            polarity = flipped(polarity)
        actions = self._subsume(actions)
        if self._told_in_turn():
            # "He revealed his HD trooper to shoot, then put him back in HD next turn. Can he do
            # that?": which of the things told is asked cannot be told
            self.issues.append(self.vocab_text("told_in_turn_issue"))
        self._leader_context(actions, context)
        self._delayed_aro(states, actions, context, prop)
        self._drop_describing(actions)
        if prop == "may":
            self._contact_with_an_enemy_marker(actions, states)
        self._aro_turn(actions, context)
        self._contact_partner(context)
        in_question = prop == "may" and not properties and any(self._in_question(a) for a in actions)
        if prop == "may" and not properties and not in_question:
            actions = self._asked_aro(actions)
            in_question = any(self._in_question(a) for a in actions)
        if in_question:
            # "Camo marker walks past my Fusilier. Can I shoot it?": what went before is the scene,
            # and so is a clause that says when ("can I shoot it when it walks across my LoF?")
            asked = [a for a in actions if self._in_question(a) and not self._in_condition_clause(a)]
            if asked and self._told_then_confirmed():
                # "…walked up in front of my HMG so I shot it in ARO. Was that right?": the last
                # thing told is what is put to confirmation
                asked = [max(asked, key=lambda a: a.start)]
            if any(a.subject == "discovered" and a.by == "self" and not self._in_question(a) for a in actions):
                # "My camo marker gets Discovered. Can the enemy shoot it now?": it was Discovered
                context.setdefault("discovered", "yes")
            actions = [a for a in actions if (a in asked if asked else self._in_question(a))
                       or a.subject == "delayed_aro_declare"]
        if prop == "required" and any(a.subject == "discover" for a in actions) and \
                any(a.subject != "discover" and a.kind == "skill" for a in actions):
            # "is it necessary to discover a camo marker before shooting it?": the Discover is
            # the condition asked about, the Attack the one declared
            actions = [Action(a.subject, "enemy", a.kind, a.position, a.text, a.start) for a in actions
                       if a.subject != "discover"]
        if prop == "required" and self._asks_discover_first():
            # "is it necessary to discover a camo marker before shooting it?": whoever must
            # Discover it first is its enemy
            actions = [Action(a.subject, "enemy" if a.by == "self" and a.kind == "skill" else a.by, a.kind,
                              a.position, a.text, a.start) for a in actions]
        if getattr(self, "aimed_at_state", False) and "template" not in context and any(
                a.subject == "template_weapon" and a.by == "enemy" for a in actions):
            context["template"] = "marker"  # "can he shoot my camo marker with a flamethrower?"
        if "discovered" not in context and self._undiscovered_by_without(actions):
            # "shoot it without bothering to Discover it", "sin tener que Descubrirlo": the
            # Discover is said not to happen (its action is dropped), so the trooper is undiscovered
            context["discovered"] = "no"
        if prop == "required" and "discovered" not in context and (
                self._asks_discover_first() or any(a.by == "enemy" and a.kind == "skill" for a in actions)):
            # "must it be Discovered before being shot?": shot without a Discover (not "Do I have
            # to tell my opponent I'm delaying my ARO?")
            context["discovered"] = "no"
        # a state the rules here do not cover may be part of what a property is about ("do
        # Holoechoes out of Coherency keep their Holoecho State when HD is cancelled?")
        situated = {x for p in properties for x in self.vocab.subjects[p].situation}
        for m in getattr(self, "other_named", ()):
            if not self._all_used(m):
                name = self.vocab.other_states[m.value][0]
                if self.toks[m.start].sent > self.last:
                    pass  # named only in a last question about it, which a note sets aside
                elif m.value in situated:
                    pass  # what the property asked about is about
                elif self._listed_with_covered(m, state_mentions):
                    # "a troop in Camouflage or Impersonation State": answered for the covered one
                    self.notes.append(self.vocab_text("other_state_listed").format(state=name))
                elif self.vocab_text("other_state_issue").format(state=name) not in self.issues:
                    self.issues.append(self.vocab_text("other_state_issue").format(state=name))
                self._use(m)
        self._uncombined_states(states, properties, state_mentions)
        self._own_page_axes(states, context, actions)
        self._exception_clause()
        own = [a for a in actions if a.by == "self" and a.kind == "skill"]
        if len(own) == 2:  # "declares Move + BS Attack": the first and second Short Skill, in order
            for n, a in enumerate(own, 1):
                a.position = n
        numbers = self._fact_numbers(states, properties)
        self._account()
        unplaced = self._unplaced()
        reading = Reading(self.text, self.rec.lang, self.edition, tuple(states), tuple(other), actions, properties,
                          context, prop, polarity, about, value, self._used_words(), unplaced, self.issues, self.notes,
                          self.ignored, numbers, tuple(dict.fromkeys(self.excluded)))
        reading.question_axes = frozenset(self.question_axes)
        # "He can't go back into Hidden Deployment, can he?": a negated statement put as a question
        # by an auxiliary tag, which players answer both ways (yes: you are right; no: he can't)
        reading.tag_negation = self.tag_negation
        doers = self._asks_possible() if prop in ("revealed", "state_ends") and polarity == "+" else None
        reading.possible = doers is not None
        if doers:
            self._revealing_skills(actions, doers)
        return reading

    def _undiscovered_by_without(self, actions: list[Action]) -> bool:
        """Whether a Discover of the trooper in the state is said not to happen by "without"/"sin"
        (`_without_before`, through `_negated`): dropped from the actions, beside a Skill an enemy
        declares (not "my camo marker shoots an enemy without Discovering it"), and not followed
        by another verb the "without" is about ("without the Discover roll revealing my marker")."""
        negated = self.__dict__.get("without_negated", {})
        for m in self.mentions:
            if m.kind != "subject" or m.value not in ("discover", "discover_roll_passed") or m.start not in negated:
                continue
            if any(a.start == m.start for a in actions) or not any(a.by == "enemy" and a.kind == "skill" for a in actions):
                continue  # (an enemy's Skill against the trooper, undiscovered: not its own attack)
            nxt = m.end
            while nxt < len(self.toks) and self.rec.roles.get(nxt) in ("stop", "pronoun"):
                nxt += 1
            if any(n.kind in ("ask", "subject") and n.start <= nxt < n.end for n in self.mentions):
                continue
            return True
        return False

    def _own_page_axes(self, states: list[str], context: dict, actions: list[Action]) -> None:
        """A condition whose rules each state's own page gives (`OWN_PAGE_AXES`), stated of a
        Skill that other states' rows test it for, about a state none of whose rows test it: the
        rules here do not speak of it for that state ("I failed a Discover against a HoloMask
        trooper. Can I try again?")."""
        from rulecheck.checker.engine import ancestors_in

        # what the question names, and what it would name where the rows speak of it (the words
        # of "discover … again" make `discover_retry` even for a state without its rows)
        named = {x for a in actions for x in ancestors_in(self.vocab.subjects, a.subject)}
        named |= {sid for sid, _, _ in self.rec.composites}
        for axis in OWN_PAGE_AXES:
            value = context.get(axis)
            if not value or not states:
                continue
            testing_states, elsewhere = self.table.testing(axis)
            if named & elsewhere and states[0] not in testing_states:
                words = next((c.doc for c in CONDITIONS.values() if c.axis == axis and c.values == frozenset({value})), value)
                self.issues.append(self.vocab_text("untested_issue").format(conditions=words))

    def _refused_before_asked(self) -> bool:
        """Whether a refusal ("not allowed to", "forbidden to": an asking phrase for "may" with
        polarity "-") ends right before the asking verb the reading answers, in its sentence."""
        at = self.asked_at
        return at is not None and any(
            m.kind == "ask" and m.value.startswith("may:-") and at - 1 <= m.end <= at
            and self.toks[m.start].sent == self.toks[at].sent for m in self.mentions)

    def _exception_clause(self) -> None:
        """"They can't declare an Attack unless they Discover him first or use an Intuitive
        Attack, right?": an exception naming a Skill or event, in the asking sentence, makes the
        question one about a rule and its exception together, which no row answers as one:
        an issue, naming the words."""
        for start in (t.i for t in self.toks if t.sent == self.last and self._phrase_at(t.i, "exception")):
            named = [m for m in self.mentions if m.kind == "subject" and m.start > start
                     and self.toks[m.start].sent == self.last]
            if named:
                words = written(self.toks[start:named[0].end])
                self.issues.append(self.vocab_text("exception_issue").format(words=words))
                return

    def _set_claims_aside(self) -> None:
        """What someone claims or believes in the scene ("My opponent said Surprise Attack only
        works from a marker", "I thought HD troopers aren't on the table") is a view, not what
        happened: when the question's own sentence asks something of its own, the words from
        the reporting verb to the end of its clause ("…, and I spend an Entire Order" goes on
        with what happened) are set aside, listed as ignored. Not "said nothing", and not when
        the claim alone names the state."""
        reporting = self._words("reporting")
        states = ("state", "hint", "weak_state")
        if getattr(self, "who_is_right", False):
            # "My opponent says it is revealed, I say it stays. Who's right?": the first claim is
            # asked, the second is its denial (in the same sentence or the next: "He says it
            # stays a marker; I say contact cancels it.")
            said = self._claim_verbs(self.last + 1)
            if len(said) >= 2:
                span = [t.i for t in self.toks[said[1]:] if t.sent <= self.last]
                self._set_aside({*span}, [span])
            return
        if not any(m.kind in ("subject",) + states and self.toks[m.start].sent == self.last for m in self.rec.mentions) \
                and not any(self.toks[a].sent == self.last for _, _, places in self.rec.composites for a, _ in places):
            # "He says it is revealed. Is he right?": the claim is what is asked; of two ("A says
            # X. B says Y. Is A right?"), the one of whom the question asks
            self._other_claims_aside()
            return
        if any(t.sent == self.last and t.low in reporting for t in self.toks):
            # "He claims it stays hidden; I say it's cancelled.": a dispute, both claims asked;
            # "Player A says…, player B says…. Is A right?": the claim of the one asked about
            self._other_claims_aside()
            return
        claimed: set[int] = set()
        spans = []
        for t in self.toks:
            if t.sent == self.last or t.low not in reporting or t.i in claimed:
                continue
            nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
            if nxt is None or nxt.sent != t.sent or self.rec.roles.get(nxt.i) == "negation" \
                    or nxt.low in self._words("nothing"):
                continue  # "and said nothing": an act, not a claim
            span = [t.i]
            for x in self.toks[t.i + 1:]:
                if x.sent != t.sent or (self.toks[x.i - 1].brk and x.low in self._words("new_clause")):
                    break
                span.append(x.i)
            if self._says_a_skill(t.i):
                continue  # "and I said Discover": a declaration, not a claim
            claimed.update(span)
            spans.append(span)
        in_claim = [m for m in self.rec.mentions if m.kind in states and m.start in claimed]
        if not claimed or (in_claim and all(m.start in claimed for m in self.rec.mentions if m.kind in states)):
            return
        # "my friend says his Multispectral Visor L3 lets him": what the claim rests on is not
        # known either way, so a row that turns on it cannot be taken as not applying
        self.claim_axes = {m.value.split("=")[0] for m in self.rec.mentions + self.rec.overlay
                           if m.kind == "cue" and m.start in claimed}
        self._set_aside(claimed, spans)

    def _contrast_aside(self) -> None:
        """"Is the real model swapped in immediately, not at the end of the Order?", "Can he try
        again right away, not waiting for the next turn?": the last part of the asking sentence,
        opened after a comma by a negation (`contrast`), names what is not meant, the other way
        round from what is asked; it is set aside, listed as ignored (not when it names a state,
        nor a bare tag: "…, no?", "…, not?")."""
        words = [t for t in self.toks if t.sent == self.last]
        tags = self._words("confirm") | self._words("confirm_tag")
        for k, t in enumerate(words[1:], 1):
            if t.low not in self._list("contrast") or not words[k - 1].brk or self.rec.roles.get(t.i) != "negation":
                continue
            end = next((j for j in range(k, len(words)) if words[j].brk), len(words) - 1) + 1
            if end - k < 3 or not all(w.low in tags for w in words[end:]):
                return
            span = [w.i for w in words[k:end]]
            if any(self.toks[i].low in self._words("modal") for i in span) or any(
                    m.kind == "ask" and m.value.startswith("may:") and m.start in span for m in self.rec.mentions):
                return  # "…, no puede volver a intentarlo hasta…": a clause of its own, negated
            if any(m.kind in ("state", "hint", "weak_state") and m.start in span for m in self.rec.mentions):
                return
            self._set_aside(set(span), [span])
            return

    def _opens_with(self, sent: int, name: str) -> bool:
        """Whether sentence `sent` opens with a phrase of the word list `name` (of six words at most)."""
        first = next((t.i for t in self.toks if t.sent == sent), None)
        return first is not None and self._phrase_at(first, name, (6, 5, 4, 3, 2, 1)) > 0

    def _claim_verbs(self, before: int) -> list[int]:
        """Where the reporting verbs of claims stand ("says", "dice") in the sentences before
        sentence `before`, each with someone named right before it ("he says", "I say")."""
        reporting = self._words("reporting")
        return [t.i for t in self.toks if t.sent < before and t.low in reporting and t.i > 0
                and self.toks[t.i - 1].sent == t.sent]

    def _other_claims_aside(self) -> None:
        """With two claims or more before a question that asks whether one person is right
        ("Player A says X, player B says Y. Is A right?", "My opponent says X, I say Y. Is he
        right?"): note who says what (`self.dispute`), so that once the asking words are found
        `_dispute_polarity` can tell whose claim they belong to."""
        asking = self.toks[-1].sent
        if asking == self.last:
            return
        verbs = self._claim_verbs(asking)
        if len(verbs) == 1 and self.toks[verbs[0]].sent == self.last:
            if self._the_other_view_asked(verbs[0], asking):
                self.disconfirmed = not self.disconfirmed
            return
        asked = self._asked_person() if len(verbs) >= 2 else None
        if asked is None:
            return
        end = next(t.i for t in self.toks if t.sent == asking)
        bounds = verbs[1:] + [end]
        claims = [(self._reporter_key(v), v, b) for v, b in zip(verbs, bounds)]
        agreeing = any(t.low in self._words("agreeing") for t in self.toks[verbs[-1]:end])
        self.dispute = (asked, claims, agreeing)

    def _the_other_view_asked(self, verb: int, asking: int) -> bool:
        """"Mi rival me obliga a…; yo decía que eso es secreto. ¿Tiene razón él?": one claim (its
        reporting verb at `verb`), the asker's, and the other side asked about in sentence
        `asking` — or another's claim and "Am I right?" once the asker told a view of their own
        ("I told him it is revealed; he says it stays a marker."): the claim's contrary is asked.
        Only when the claim's author is named right before its verb ("yo decía", "he says"; not
        "le dije", "I don't have to say"), the question only asks who is right, the claim is no
        question of its own, and no one agreed ("…, and he agreed. Is he right?"); a judge's word
        alone ("A judge said X. Am I right?") says nothing of the asker's view."""
        toks = self.toks
        named = toks[verb - 1].low in self._words("asker_claim") | self._words("personal") | self._words("tag_pronoun") \
            | self._words("enemy_owner")
        if not named or not self.statement_confirmed or self.last in asking_sentences(self.text):
            return False
        if not any(t.low in self._words("confirm") | self._words("disconfirm") for t in toks if t.sent == asking):
            return False
        if any(t.low in self._words("agreeing") or t.low in self._words("agreed") for t in toks if t.sent in (self.last, asking)):
            return False
        asked, key = self._asked_person(), self._reporter_key(verb)
        if asked == "other" and key == "self":
            return True
        told = any(t.low in self._words("view_told") for t in toks
                   if t.sent < asking and t.i > 0 and t.i != verb and self.rec.roles.get(t.i - 1) == "speaker")
        return asked == "self" and key == "other" and told

    def _asked_claim(self) -> int | None:
        """Which claim of a dispute (`self.dispute`) is the one of whom the question asks ("Is A
        right?": A's; "Is he right?": the first not the asker's), or None."""
        dispute = getattr(self, "dispute", None)
        if dispute is None:
            return None
        asked, claims, _ = dispute
        if asked.startswith("name:"):
            return next((k for k, (_, v, _) in enumerate(claims) if self.toks[v - 1].text == asked[5:]), None)
        person = next((k for k, (key, _, _) in enumerate(claims) if key == asked), None)
        if person is None and asked == "other":
            person = next((k for k, (key, _, _) in enumerate(claims) if key != "self"), None)
        return person

    def _claim_of_asked(self) -> tuple[int, int] | None:
        """The words of the claim of the one a dispute asks about (from its reporting verb to the
        next claim's), or None when there is no dispute or no such claim."""
        person = self._asked_claim()
        return None if person is None else self.dispute[1][person][1:]

    def _dispute_polarity(self, polarity: str) -> str:
        """The asking words belong to one claim of a dispute; the question asks about another's
        author: two opposing claims, the polarity turned round; claims that agree, as it is;
        three claims or more, an issue (which of the others' is meant cannot be told)."""
        dispute = getattr(self, "dispute", None)
        places = getattr(self, "composite_places", ())
        at = self.asked_at if self.asked_at is not None else (min(a for a, _ in places) if places else None)
        if dispute is None or at is None:
            return polarity
        _, claims, agreeing = dispute
        def restriction(v: int, b: int) -> bool:
            # a claim that is only "only" and a condition ("only in its Active Turn"): no Skill,
            # no asking word, no value of its own
            return any(self.toks[k].low in self._words("not_only") for k in range(v, b)) and any(
                m.kind == "cue" and v < m.start < b for m in self.mentions + self.rec.overlay) and not any(
                m.kind in ("ask", "subject") and v < m.start < b for m in self.mentions) and not any(
                self.toks[k].signed for k in range(v, b))
        if len(claims) == 2 and not agreeing and any(restriction(v, b) for _, v, b in claims):
            # "Dave says it works in ARO, Mike says only in its Active Turn. Is Mike right?": a
            # claim that only restricts the other is read with that other's Skill and this one's
            # conditions mixed, whichever is asked; which way round cannot be told
            self.issues.append(self.vocab_text("dispute_issue"))
            return polarity
        read = next((k for k, (_, v, b) in enumerate(claims) if v - 2 <= at < b), None)
        person = self._asked_claim()
        for k, (_, v, b) in enumerate(claims):
            if k != read and not any(m.kind in ("ask", "subject") and v < m.start < b for m in self.mentions):
                # "…I said that reveals it, he said it doesn't": a bare denial of the claim read;
                # its negation says only that it is the other view
                self.used.update(i for i in range(v, b) if self.rec.roles.get(i) == "negation")
        if read is None or person is None or read == person or agreeing:
            return polarity
        _, v, b = claims[person]

        def values(a: int, z: int) -> set[str]:
            return {t.low for t in self.toks[a:z] if t.signed and t.low.isdigit()}
        if values(v, b) and values(*claims[read][1:]) and values(v, b) != values(*claims[read][1:]):
            # "Dave says the MOD is -3, Mike says it's -6. Is Mike right?": the value of the claim
            # asked about is compared with the rules' (`_fact_numbers`), not the other claim's
            return polarity
        own = [m for m in self.mentions if m.kind == "ask" and v < m.start < b]
        told = own or [p for _, _, places in self.rec.composites for p in places if v < p[0] < b]
        read_ask = next((m for m in self.mentions if m.kind == "ask" and m.start == self.asked_at), None) \
            if self.asked_at is not None else None
        if len(claims) == 2 and not told:
            return flipped(polarity)  # "…I say it is not": a short claim against the other
        if len(claims) == 2 and read_ask is not None:
            prop = read_ask.value.split(":")[:2]
            sign = lambda m: flipped(m.value.split(":")[1]) if self._negated(m) else m.value.split(":")[1]
            same = [m for m in own if m.value.split(":")[0] == prop[0]]
            if same and all(sign(m) != sign(read_ask) for m in same):
                return flipped(polarity)  # "A says it stays camouflaged, B says it is revealed"
        # claims that say different things, or three claims: which one is meant cannot be read
        self.issues.append(self.vocab_text("dispute_issue"))
        return polarity

    def _asked_person(self) -> str | None:
        """Of whom the confirming question asks: "self" (am I right?), a player's letter ("Is
        A right?"), "name:<Name>" for a claimant named before a reporting verb ("Is Dave
        right?"), or "other" (he, she, my opponent, ¿tiene razón?)."""
        words = [t for t in self.toks if t.sent == self.toks[-1].sent]
        # (a label read as the asker or the opponent, "Is A right?" → "is I right?", is not one)
        letter = next((t.text for t in words if len(t.text) == 1 and t.text.isupper() and t.text != "I"
                       and t.low == t.text.lower()), None)
        if letter is not None:
            return letter
        # "Dave says X, I say Y. Is Dave right?": a claimant named before a reporting verb
        names = {self.toks[v - 1].text for v in self._claim_verbs(self.toks[-1].sent)
                 if self.toks[v - 1].text[:1].isupper() and self.rec.roles.get(v - 1) != "speaker"}
        named = next((t.text for t in words if t.text in names), None)
        if named is not None:
            return f"name:{named}"
        lows = {t.low for t in words}
        if lows & self._words("asker_asked"):
            return "self"
        if lows & (self._words("personal") | self._words("other_asked")):
            return "other"
        return None

    def _reporter_key(self, v: int) -> str:
        """"self" for "I say", a player's letter for "A says" / "player B says", else "other"."""
        who = self.toks[v - 1]
        if who.low in self._words("asker_claim"):
            return "self"
        if len(who.text) == 1 and who.text.isupper() and who.low == who.text.lower():
            return who.text
        if self.toks[v].low in self._words("asker_claim"):
            return "self"
        return "other"

    def _set_aside(self, claimed: set[int], spans: list[list[int]]) -> None:
        """Set the words of `spans` aside: used, listed as ignored, and no longer read."""
        self.used.update(claimed)
        self.aside.update(claimed)
        self.ignored.extend(written([self.toks[i] for i in span]) for span in spans)

        def outside(a: int, b: int) -> bool:
            return not any(i in claimed for i in range(a, b))

        def kept(sid: str, places: list[tuple[int, int]]) -> bool:
            # a composite stands while each of its groups still has a phrase outside the claims
            groups = self.rec.group_places.get(sid, [places])
            return all(any(outside(a, b) for a, b in group) for group in groups)

        rec = self.rec
        self.rec = rec._replace(
            mentions=[m for m in rec.mentions if outside(m.start, m.end)],
            overlay=[m for m in rec.overlay if outside(m.start, m.end)],
            composites=[(sid, n, [p for p in places if outside(*p)]) for sid, n, places in rec.composites
                        if kept(sid, places)],
            group_places={sid: [[p for p in g if outside(*p)] for g in groups]
                          for sid, groups in rec.group_places.items()})

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
        confirm = self._words("confirm")
        disconfirm = self._words("disconfirm")
        tags = confirm | disconfirm | self._words("confirm_tag") | self._words("tag_close")
        # (and the claimants' names: "Marta insists…; Leo insists…. Who's right, Marta or Leo?")
        label = self._words("player_word") | self._words("mine") | (self._words("enemy_owner") - self._words("possessive")) \
            | self._words("given_names") | {self.toks[v - 1].low for v in self._claim_verbs(last)
                                            if self.toks[v - 1].text[:1].isupper() and self.rec.roles.get(v - 1) != "speaker"}
        in_tag = [t for t in self.toks if t.sent == last]
        # "…, ¿no?", "…, or not?": a bare negation tag confirms the sentence before as a "right?" does
        bare_tag = any(self.rec.roles.get(t.i) == "negation" and self._lone_tag(t.i) for t in in_tag)

        def tag_word(t) -> bool:
            return t.low in tags or t.low in label or (len(t.text) == 1 and t.text.isupper())

        proposed = self._proposed_answer(last, confirm)
        if proposed is not None:
            # "Can a camo trooper be part of a Fireteam? No, right?": the asker's answer, put to
            # confirmation; a proposed "no" is right when the question's answer is no
            self.disconfirmed = True
            return proposed

        if last > 0 and all(tag_word(t) for t in in_tag) \
                and (bare_tag or any(t.low in confirm | disconfirm for t in in_tag)):
            # "My opponent says I lose my ARO. Is he wrong?": the statement asked the other way round
            # ("Is he right or wrong?" asks neither way round: the plain statement)
            # (not after a question: "Can my camo marker shoot…? Or am I wrong?" asks the question)
            before = re.split(r"(?<=[.!?])\s+", self.text.strip())
            # (a claim written with "?" is still a claim: "My opponent says X? Is he wrong?")
            opening = before[-2].lstrip("¿¡ ").split(" ", 1)[0].lower() if len(before) > 1 else ""
            asked_before = len(before) > 1 and before[-2].rstrip().endswith("?") and (
                opening in self._words("question") or not any(
                    t.low in self._words("reporting") for t in self.toks if t.sent == last - 1))
            # ("he's wrong, right?": a tag after the last comma confirms the "wrong" before it,
            # which is then what is said; "right or wrong?" says neither)
            said_words = self._before_confirming_tag(last)
            said = {t.low for t in said_words}
            # ("he's not wrong, right?", "no se equivoca": a negated "wrong" says he is right; not
            # under an auxiliary tag, which asks the plain question: "He's not wrong, is he?")
            tail = [t for t in self.toks if t.sent == last][len(said_words):]
            aux_tag = any(t.low in self._list("question") for t in tail) and not any(t.low in confirm for t in tail)
            # (nor the negation opening a negative question: "Isn't he wrong?", "¿No se equivoca?"
            # ask whether he is wrong)
            opening = {said_words[0].i} | ({said_words[1].i} if len(said_words) > 1
                                            and said_words[0].low in self._list("question") else set())
            if tail and not aux_tag and not said_words[0].brk:
                opening = set()  # "No tiene razón, ¿verdad?": a statement, negated (not "No, …")
            negated = not aux_tag and any(self.rec.roles.get(t.i) == "negation" and t.i not in opening for t in said_words)
            wrong = bool(said & disconfirm) and not said & confirm
            # ("He's not right, right?", "No tiene razón, ¿verdad?": a negated "right" says he is wrong)
            self.disconfirmed = not asked_before and (wrong != negated) and (wrong or bool(said & confirm))
            # "He said I had to Discover it first. He was right, yeah?": the statement is asked
            if any(t.low in self._words("whose") for t in self.toks if t.sent == last):
                self.notes.append(self.vocab_text("who_is_right"))  # "…, I say it stays. Who's right?"
                self.who_is_right = True
            self.statement_confirmed = True
            told = self._objected_by_asked(last)
            if told is not None:
                # "Player A's Spektr went back to TO while in LoF. Player B objected that… Was B
                # right?": the one asked of objected to what was told before it; whether that was
                # allowed is asked, the other way round
                self.disconfirmed = not self.disconfirmed
                self.notes.append(self.vocab_text("objected_note"))
                return told
            calling = [t for t in self.toks if t.sent == last - 1]
            calls_negated = any(self.rec.roles.get(t.i) == "negation" for t in calling)
            if last > 1 and not self.disconfirmed and not any(t.low in disconfirm for t in in_tag) \
                    and (any(t.low in disconfirm for t in calling) or (calls_negated and any(t.low in confirm for t in calling))) \
                    and all(tag_word(t) or self.rec.roles.get(t.i) == "negation" for t in calling):
                # "Mi rival dice que X. Se equivoca, ¿verdad?": the tag confirms a sentence that
                # only calls the claim before it wrong ("no se equivoca": right; "No tiene razón":
                # wrong)
                self.disconfirmed = any(t.low in disconfirm for t in calling) != calls_negated
                return last - 2
            return last - 1
        if last > 0 and self._points_back_at_claim(last):
            # "He claims it keeps the camo marker state. Can he do that?": what he claims is asked
            self.statement_confirmed = True
            return last - 1
        told = [m for m in self.rec.mentions if m.kind in ("subject", "ask") and self.toks[m.start].sent == last - 1]
        if last > 0 and self._only_points_back(last) and not asking_sentences(self.text) & {last - 1} and told \
                and not any(t.sent == last - 1 and self._in_turn_word(t.i) for t in self.toks):
            # "He goes back into TO camo with a full order in my LoF. Can he do that?": the
            # statement told is asked, as "…. Legal?" asks it (not one that tells events in order:
            # "He revealed his HD trooper to shoot, then put him back…": which is asked is unclear)
            self.statement_confirmed = True
            return last - 1
        in_last = [m for m in self.rec.mentions if self.toks[m.start].sent == last]
        named = {m.kind for m in in_last}
        first = next(t.i for t in self.toks if t.sent == last)
        opens_with_how = any(m.kind == "ask" and m.start == first and m.value.split(":")[0] in ("fact", "what_happens")
                             for m in in_last)
        asked_before = any(m.kind == "ask" and self.toks[m.start].sent == last - 1 for m in self.rec.mentions)
        if last > 0 and opens_with_how and "other_state" in named \
                and not named & {"state", "hint", "weak_state", "subject"} and asked_before:
            # "Can Camouflage Markers be hit by Templates? How does this interact with
            # Impersonation?": the second question is about a state the rules here do not cover
            self.notes.append(self.vocab_text("second_question_other"))
            return last - 1
        if last > 0 and (asked := self._reported_claim_after(last)) is not None:
            # "Can my HD trooper use Surprise Attack…? My opponent thought it only worked from camo
            # markers.": a claim reported after the question tells why it is asked
            return asked
        asking = set() if last == 0 or any(m.kind == "ask" for m in in_last) else asking_sentences(self.text)
        if asking and last not in asking:
            # "Can a Camouflaged trooper be part of a Fireteam? My buddy runs a Haris with a camo
            # guy in it.": a statement after a question about a property tells why it is asked
            # (not "Can I shoot? The marker was Discovered last Order.", which tells the scene)
            asked = max(asking)
            props = [places for sid, _, places in self.rec.composites if self.vocab.subjects[sid].kind == "property"]
            if any(all(self.toks[a].sent == asked for a, _ in places) for places in props):
                return asked
            # (a bare "marker" is no such thing: "…, do I? its a marker after all" says why)
            if not any(m.kind in ("state", "hint", "subject", "cue", "term", "game_term") for m in in_last) \
                    and not any(places and all(self.toks[a].sent == last for a, _ in places) for places in props):
                # "…does he still count toward the Retreat! threshold? 47:00 they argue about it": a
                # remark after the question names nothing a rule turns on; the question asks
                return asked
        return last

    def _proposed_answer(self, last: int, confirm: frozenset) -> int | None:
        """The question that a proposed "no" put to confirmation answers ("Can a camo trooper be
        part of a Fireteam? No, right?", "¿Puede…? No, ¿verdad?"): the sentence before the "no",
        when it asks; None otherwise."""
        words = [t for t in self.toks if t.sent == last]
        no = self._words("bare_no")
        if len(words) > 1 and words[0].low in no and words[0].brk and all(t.low in confirm for t in words[1:]):
            said = last
        elif last > 0 and words and all(t.low in confirm for t in words) \
                and [t.low for t in self.toks if t.sent == last - 1] in ([n] for n in no):
            said = last - 1  # "No, ¿verdad?": the tag its own sentence
        else:
            return None
        return said - 1 if said > 0 and said - 1 in asking_sentences(self.text) else None

    def _before_confirming_tag(self, sent: int) -> list:
        """Sentence `sent`'s words, without a confirming tag closing it after its last comma
        ("he's wrong, right?" → "he's wrong")."""
        words = [t for t in self.toks if t.sent == sent]
        if not self._closed_by_confirming_tag(sent):
            return words
        return words[:max(k for k, t in enumerate(words[:-1]) if t.brk) + 1]

    def _objected_by_asked(self, last: int) -> int | None:
        """The sentence telling what was done, when the sentence before the confirming question
        `last` ("Was B right?", "¿Tenía razón B?") says that the player it names objected
        (`[words] objecting`: "Player B objected…", "B protestó"); the sentences of claims
        between ("A alegaba que…") are passed over. None otherwise."""
        if last < 2:
            return None
        asked = [t for t in self.toks if t.sent == last]
        # (a player's letter as written: `_asked_person` does not count one the lexicon reads as
        # "opponent", as "B" may be, and here it names the objector whoever B is)
        letter = next((t.text for t in asked if len(t.text) == 1 and t.text.isupper() and t.text != "I"), None)
        # ("My opponent said X. I objected. Was I right?": the asker objected)
        me = self._words("asker_claim") if any(t.low in self._words("asker_asked") for t in asked) else set()
        if letter is None and not me:
            return None
        objecting = self._words("objecting")
        before = [t for t in self.toks if t.sent == last - 1]
        verb = next((t.i for t in before if t.low in objecting and any(
            (u.text == letter if letter else u.low in me) for u in before if 0 < t.i - u.i <= 2)), None)
        if verb is None:
            return None
        restriction = any(t.i > verb and t.low in self._words("only") for t in before)
        if not restriction and any(m.kind in ("ask", "subject", "cue", "state", "hint", "weak_state") and m.start > verb
                                   and self.toks[m.start].sent == last - 1 for m in self.rec.mentions):
            # "B objected that it should have been revealed": the objection says its own claim,
            # which the question confirms as any claim (not a restriction, "B objected that you
            # can only do that out of enemy LoF": that is why what was done was not allowed)
            return None
        reporting = self._words("reporting") | objecting
        claim = None
        for sent in range(last - 2, -1, -1):
            if any(t.sent == sent and t.low in reporting for t in self.toks):
                # another's claim, not what was done (the one objected to, when nothing was
                # told done: "Player A said his HD trooper could not be hit. B objected.")
                claim = sent if claim is None else claim
                continue
            if any(m.kind in ("subject", "ask") and self.toks[m.start].sent == sent for m in self.rec.mentions):
                return sent
            if not any(m.kind == "cue" and self.toks[m.start].sent == sent for m in self.rec.mentions):
                break
            # (a sentence of conditions only goes on telling the one before: "…against an
            # ordinary Fusilier: not Camouflaged, not in a Zero Visibility Zone.")
        return claim

    def _reported_claim_after(self, last: int) -> int | None:
        """The sentence that asks, when sentence `last`, with no question mark, reports someone's
        claim in its first words ("My opponent thought…", "Mi rival dice que…") after one that asks
        on its own: one naming a state or a rule's subject, pointing back at nothing ("Does this also
        apply to HoloMask? My opponent said…" asks about the claim). Not a claim that tells a condition
        or an event of the scene ("…? My opponent says his sniper has LoF to it.", "…? My opponent
        says it declared Dodge."), which the question turns on. None otherwise."""
        asking = asking_sentences(self.text)
        if last in asking or not any(a < last for a in asking):
            return None
        opening = [t for t in self.toks if t.sent == last][:4]
        if not any(t.low in self._words("reporting") for t in opening[1:]):
            return None
        asked = max(a for a in asking if a < last)
        said = [m for m in self.rec.mentions if self.toks[m.start].sent == asked]
        if not any(m.kind in ("state", "hint", "weak_state", "subject") for m in said):
            return None
        named = {i for m in said if m.kind in ("trooper", "unit", "state", "hint", "weak_state", "subject", "weapon")
                 for i in range(m.start, m.end)}
        if any(t.sent == asked and t.low in self._words("pointing_back") and t.i + 1 not in named for t in self.toks):
            return None  # ("Does this also apply…?"; not "that trooper", a determiner)
        if any(m.kind in ("cue", "subject") and self.toks[m.start].sent == last for m in self.rec.mentions):
            return None
        return asked

    def _points_back_at_claim(self, last: int) -> bool:
        """Whether sentence `last` only asks whether what was told may be done ("Can he do
        that?", "Does that work?", "¿Puede hacer eso?": a modal, a form of "do" and a
        word pointing back, or the two as one, "hacerlo") right after a sentence with someone's
        claim in it ("…and he claims it keeps the camo marker state.")."""
        return self._only_points_back(last) and any(self.toks[v].sent == last - 1 for v in self._claim_verbs(last))

    def _asked_aro(self, actions: list[Action]) -> list[Action]:
        """"…My Hacker wants to shoot it with a BS Attack ARO. Is that a legal ARO?", "Le declaré
        ORA de Ataque CD contra el marcador. ¿Era legal mi ORA?": a question whether the ARO
        is allowed, naming no Skill, asks of the Skills told as that ARO (an ARO word right
        beside them), not of the other side's Skills the scene told before."""
        if not any(m.kind == "subject" and m.value == "aro" and self.toks[m.start].sent == self.last for m in self.mentions):
            return actions
        aros = [m for m in self.mentions if m.kind == "subject" and m.value == "aro" and self.toks[m.start].sent != self.last]

        def as_aro(a: Action) -> bool:
            # (the Skill's own words, or another name of it in its sentence: "shoot it with a BS Attack ARO")
            named = [m for m in self.mentions if m.kind == "subject" and m.value == a.subject and a.start >= 0
                     and self.toks[m.start].sent == self.toks[a.start].sent]
            return a.kind == "skill" and a.subject != "aro" and any(
                self.toks[r.start].sent == self.toks[m.start].sent and (0 <= m.start - r.end <= 1 or 0 <= r.start - m.end <= 1)
                for r in aros for m in named)

        # (an Attack told as the ARO: a Discover or Dodge ARO keeps the whole scene, whose failed
        # roll or delay the rows read with it)
        told = [a for a in actions if as_aro(a) and self._is_attack(a.subject)]
        if not told or len({a.by for a in told}) > 1:
            return actions
        # (all of the ARO side's actions: "…a Discover ARO, which I had already failed this turn")
        return [a for a in actions if a.by == told[0].by or a.subject == "delayed_aro_declare"]

    def _is_attack(self, subject: str) -> bool:
        """Whether a Skill is an Attack (the general term or one of its kinds)."""
        from rulecheck.checker.engine import ancestors_in

        return subject == "attack" or "attack" in ancestors_in(self.vocab.subjects, subject)

    def _told_in_turn(self) -> bool:
        """Whether the question only points back at what was told ("Can he do that?") and the
        sentence before tells things in turn (`[words] sequence`: "…to shoot, then put him back…")."""
        last = self.toks[-1].sent if self.toks else 0
        return last > 0 and self.last == last and self._only_points_back(last) \
            and any(t.sent == last - 1 and self._in_turn_word(t.i) for t in self.toks)

    def _in_turn_word(self, i: int) -> bool:
        """Whether word `i` tells that one thing came after another (`[words] sequence`: "then",
        "luego"; not "next to it", a place)."""
        toks = self.toks
        return toks[i].low in self._words("sequence") and not (
            i + 1 < len(toks) and toks[i + 1].sent == toks[i].sent and toks[i + 1].low in self._words("place_after_next"))

    def _only_points_back(self, last: int) -> bool:
        """Whether sentence `last` is made only of a modal, a form of "do" and a word pointing
        back at what was told ("Can he do that?", "Does that work?", "¿Puede hacerlo?")."""
        allowed = self._words("do_verb") | self._words("back_reference") | self._words("modal") | self._words("confirm_tag") \
            | self._words("question") | self._words("confirm")  # "Does that work?"
        if not all(t.low in allowed or self.rec.roles.get(t.i) in ("stop", "pronoun", "speaker")
                   for t in self.toks if t.sent == last):
            return False
        return self._asks_of_the_told(last)

    def _asked_cues(self, mentions: list[Mention]) -> list[Mention]:
        """In the asking sentence, with nothing else there that asks, a cue that is also an
        asking phrase asks ("…after I write her spot down. She stays hidden after that?"); in
        the scene it stays a cue ("the second Skill stays hidden, then I declare…"). An asking
        phrase of the scene that is also an event's is the event, when the question's own
        sentence asks ("My camo marker gets Discovered. Is it revealed?")."""
        in_last = [m for m in mentions if self.toks[m.start].sent == self.last]
        out = list(mentions)
        if any(m.kind == "ask" for m in in_last):
            for k, m in enumerate(out):
                if m.kind == "ask" and self.toks[m.start].sent != self.last:
                    # "My camo marker gets Discovered. Is it revealed?": the scene tells it
                    # happened; the question's own sentence asks
                    event = self.vocab.also_as(m, "subject", self.toks, self.rec.lang)
                    if event is not None and self.vocab.subjects[event.value].kind == "event":
                        out[k] = event
        if any(m.kind == "ask" for m in in_last + [o for o in self.rec.overlay if self.toks[o.start].sent == self.last]):
            return out
        for k, m in enumerate(out):
            if m.kind == "cue" and self.toks[m.start].sent == self.last:
                ask = self.vocab.also_as(m, "ask", self.toks, self.rec.lang)
                if ask is None and m.end - m.start > 1 and self.rec.roles.get(m.start) == "negation":
                    # "¿No se revela?": the scene's "no se revela", asked as a negative question
                    rest = m._replace(start=m.start + 1, text=written(self.toks[m.start + 1:m.end]))
                    ask = self.vocab.also_as(rest, "ask", self.toks, self.rec.lang)
                if ask is not None:
                    out[k] = ask
                    break
        return out

    def _uncombined_states(self, states: list[str], properties: tuple[str, ...], state_mentions: list[Mention]) -> None:
        """A property asked of one trooper in two covered states the pages never combine ("Can a
        trooper deploy in HoloMask and in Hidden Deployment at the same time?"): an issue. The
        pages combine only a state that hosts Marker states (Hidden Deployment) with a Marker
        state (Camouflaged); a state named as an enemy's or as a target is another trooper."""
        if not properties or len(states) < 2:
            return
        own = {m.value for m in self.mentions if m.kind == "state" and m.value in states
               and not self._enemy_owned(m) and not self._object_position(self._np_start(m))}
        if len(own) < 2:
            return
        info = self.table.states
        hosts = {s for s in own if info[s].hosts_markers}
        markers = {s for s in own if info[s].hints}
        if (hosts and own <= hosts | markers) or own <= markers:
            return  # "HD camo trooper"; "Camuflado TO": one Marker state, named by both editions
        labels = [self._state_label(s) for s in sorted(own)]
        self.issues.append(self.vocab_text("states_not_combined").format(first=labels[0], second=labels[1]))

    def _state_label(self, sid: str) -> str:
        st = self.table.states[sid]
        return st.label_es if self.rec.lang == "es" and st.label_es else st.label

    def _exclusive_claim(self, actions: list[Action]) -> str | None:
        """The words of a claim that only the one Skill named may be declared ("the only ARO you
        can declare is Discover", "lo único que puedes declarar… es Descubrir"), or None: the
        phrase (`[words] exclusive`) governs an ARO or a declaring verb a few words after it
        (`[words] exclusive_of`; not "the only enemy I can see is a marker"), in the asking
        sentence or in the claim a confirming question puts ("Is he right?"). A claim naming
        several Skills ("the only AROs are Discover, Dodge, Reset and Look Out!") lists what the
        rules list, and each is answered."""
        last = [t for t in self.toks if t.sent == self.last]
        confirming = self._words("confirm") | self._words("disconfirm")
        claim = self.last - 1 if any(t.low in confirming for t in last) else self.last
        governed = self._words("exclusive_of")
        for t in self.toks:
            if t.sent not in (self.last, claim) or not (n := self._phrase_at(t.i, "exclusive", (3, 2))):
                continue
            if not any(self.toks[k].low in governed for k in range(t.i + n, min(len(self.toks), t.i + n + 4))
                       if self.toks[k].sent == t.sent):
                continue
            named = {a.subject for a in actions if a.kind == "skill" and a.start >= 0 and self.toks[a.start].sent == t.sent
                     and not self.vocab.subjects[a.subject].generic}
            if len(named) > 1:
                return None
            self.used.update(range(t.i, t.i + n))
            return written(self.toks[t.i:t.i + n])
        return None

    def vocab_text(self, key: str) -> str:
        """An issue's words in the question's language (data/wording/<lang>.toml [text])."""
        w = self.table.wording.get(self.rec.lang) or self.table.wording["en"]
        return w["text"][key]

    def _list(self, name: str) -> frozenset:
        """A word list in the question's language."""
        return self.vocab.listed(name, self.rec.lang)

    def _kind_at(self, i: int) -> str | None:
        """The kind of the mention covering word `i`, if any."""
        return next((n.kind for n in self.mentions if n.start <= i < n.end), None)

    def _words(self, name: str) -> frozenset:
        """A word list in both languages (a question may mix them: "mi CAMO", "my Fusilero")."""
        return self.vocab.word_lists.get(name, frozenset())

    def _listed_with_covered(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """Whether an uncovered state is named in one list with a covered one ("Camouflage or
        Impersonation State", "(Camouflaged, TO Camouflaged, IMP-1, IMP-2…)"), directly or
        through the others of the list."""
        others = sorted((n for n in self.mentions if n.kind == "other_state"), key=lambda n: n.start)
        listed = list(state_mentions)
        grew = True
        while grew:
            grew = False
            for o in others:
                if o not in listed and any(self._next_in_list(a, o) for a in listed):
                    listed.append(o)
                    grew = True
        return m in listed

    def _next_in_list(self, a: Mention, b: Mention) -> bool:
        """Whether `a` and `b` stand side by side in a list: a comma, or "or"/"and"/"o"/"y"."""
        lo, hi = (a.end, b.start) if a.end <= b.start else (b.end, a.start)
        gap = [self.toks[i].low for i in range(lo, hi)]
        if 1 <= len(gap) <= 2 and gap[0] in self._words("coordinator"):
            return True
        return not gap and lo > 0 and self.toks[lo - 1].brk

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
        props = set()
        for sid, n, _ in self.rec.composites:
            if self.vocab.subjects[sid].kind == "property" and sid not in beaten:
                props.add(sid)
                found += [(n, st) for st in {r.state for r in self.table.rows if r.subject == sid}]
        owners = {st for _, st in found}
        default = self._camouflage_state(self.edition or DEFAULT_EDITION)
        if len(owners) > 1 and default in owners and self._owners_agree(owners, props):
            # "Do I have to announce a delayed ARO?": the edition's camouflage; not when the
            # states' rows disagree and no word names it ("Can my trooper be part of a Fireteam?":
            # HoloMask says yes, Camouflaged no)
            owners = {default}
        if len(owners) == 1:
            state = owners.pop()
            if self.edition and self.table.states[state].edition != self.edition:
                return []
            return [state]
        return []

    def _property_doer(self) -> str | None:
        """The side of the one named doing the property's first word in the asking sentence: the
        nearest before it in its clause ("does *my opponent* choose…?", "*he* gets to choose"), or
        an actor right after it ("¿elige *mi rival*…?"); None when no one is named."""
        every = sorted(a for a, _ in getattr(self, "composite_places", ()))
        # the asking sentence's, or (a claim asked about: "…says he gets to choose. Is he right?") the first's
        places = [a for a in every if self.toks[a].sent == self.last] or every
        if not places:
            return None
        first = places[0]
        after = next((m for m in self.mentions if m.kind == "actor" and 0 < m.start - first <= 2
                      and all(self.toks[k].low in self._words("mine") | self._words("possessive") | self._list("article")
                              for k in range(first + 1, m.start))), None)
        if after is not None:
            return after.value
        found = self._agent_at(Mention("subject", "", first, first + 1, self.toks[first].text))
        return found[0] if found is not None and self.rec.roles.get(found[1]) != "speaker" else None

    def _owners_agree(self, owners: set[str], props: set[str]) -> bool:
        """Whether the edition's camouflage may answer for every state whose rows speak of the
        property a question asks without naming a state: those rows give one outcome (without
        conditions), or a word of the question names that camouflage ("back into camo")."""
        default = self._camouflage_state(self.edition or DEFAULT_EDITION)
        names = {n.lower() for n in self.vocab.state_names.get(default, ())} | {default}
        if any(t.low in names for t in self.toks):
            return True
        outcomes = {r.outcome for r in self.table.rows if r.subject in props and r.state in owners and not r.conditions}
        return len(outcomes) <= 1

    # --- edition -----------------------------------------------------------------------------

    def _edition(self, edition: str | None) -> str | None:
        """The edition asked for (`--edition`), else one the question names ("N3"); checked."""
        # not inside a name the question uses ("Visor Multiespectral N3": the Visor's level)
        inside = {i for m in self.rec.mentions if m.end - m.start > 1 for i in range(m.start, m.end)}
        # nor right after a Skill or piece of Equipment ("Disparo Sorpresa N1": its level)
        levels = {m.end for m in self.rec.mentions if m.kind in ("subject", "term", "game_term", "weapon")}
        for i in levels:
            if i < len(self.toks) and len(self.toks[i].low) == 2 and self.toks[i].low[0] in self._words("level_prefix") \
                    and self.toks[i].low[1].isdigit():
                inside.add(i)
                self.used.add(i)
        named = [t for t in self.toks if t.text.upper() in EDITIONS and t.i not in inside]
        for t in named:
            self.used.add(t.i)
        for t in self.toks:
            if t.i not in inside and len(t.low) == 2 and t.low[0] == "n" and t.low[1].isdigit() \
                    and t.text.upper() not in EDITIONS:
                # "…in N5?": an edition the pages here are not of decides nothing from them
                self.used.add(t.i)
                self.issues.append(self.vocab_text("edition_issue").format(
                    edition=t.text.upper(), editions=" / ".join(EDITIONS)))
        if edition is not None:
            return check_edition(edition)
        if not named:
            return None
        # "In N3 my TO camo could… In N4, can my Camouflaged trooper…?": the edition of the
        # asking sentence, else the first named
        last = self.toks[-1].sent
        # (not one named as a comparison: "We play N4. Is it revealed…, unlike in N3?")
        compared = {t.i for t in named if any(self.toks[k].low in self._words("comparing")
                                             for k in range(max(0, t.i - 3), t.i) if self.toks[k].sent == t.sent)}
        asked = [t for t in named if t.sent == last and t.i not in compared]
        plain = [t for t in named if t.i not in compared]
        return (asked or plain or named)[0].text.upper()
