"""Reading a question, part one: the state it is about (a state named, a Skill whose bearer
deploys in it, a plain "marker" read as the edition's camouflage, a misspelt name) and the
conditions its cues set (a negation flipping a two-valued one: "not in LoF")."""
from __future__ import annotations

from rulecheck.checker.logic import READING_AXES
from rulecheck.checker.states import DEFAULT_EDITION
from rulecheck.checker.vocabulary import Mention
from rulecheck.checker.read_constants import _OPPOSITE


class _StatesAndConditions:
    """Methods of the question reader (`rulecheck.checker.interpret`)."""

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
        # "in Hidden Deployment State, not in a Camo marker", "que no está como marcador": a state
        # said not to be the trooper's, beside another that is, is not asked about (not one named
        # again as what the question is about: "not yet in a Camo marker. Can it go into Camouflage?")
        named = strong + hints + weak
        negs = {m.start: neg for m in named if (neg := self._denied_state(m)) is not None}
        kept = [k for k in named if k.start not in negs]
        denied = {m.start: negs[m.start] for m in named if m.start in negs
                  and any(k.kind == "state" and k.value != m.value for k in kept)
                  and not any(k.value == m.value for k in kept)}
        for m in named:
            if m.start in denied:
                self._use(m)
                self.used.add(denied[m.start])
        strong, hints, weak = ([m for m in group if m.start not in denied] for group in (strong, hints, weak))
        hd = [m for m in hd if m.start not in denied]
        if any(not self.table.states[m.value].hints for m in strong):
            # a bare Marker word the same way ("…, que no está como marcador"), beside a state that
            # is no Marker state (not "my camouflaged sniper is not a marker anymore")
            covered = {i for m in ms if m.kind in ("state", "hint", "weak_state", "other_state") for i in range(m.start, m.end)}
            for t in self.toks:
                if t.low in self._words("marker_word") and t.i not in covered:
                    neg = self._denied_state(Mention("weak_state", "", t.i, t.i + 1, t.text))
                    if neg is not None:
                        self.used.update((neg, t.i))
        self._hd_mentions = hd
        if hd:
            # "a camouflaged HD trooper", "an HD trooper with camo": the Camouflage is the Hidden
            # Deployment trooper's Marker-state Skill, not a second state
            # the Skill's own name, said to be had ("she's got Camouflage too"), is the trooper's
            # Skill wherever it stands, unless an enemy's, what is acted against, denied ("it
            # lacks Camouflage", "not a Camouflage one") or supposed ("if it had Camouflage")
            skill = [m for m in strong + hints if m.value in camo_states and (
                self._near(m, hd) or self._own(m) or (m in hints and self._had(m) and not self._target_state(m)))]
            strong = [m for m in strong if m not in skill]
            hints = [m for m in hints if m not in skill]
            weak = [m for m in weak if not self._near(m, hd)]
            for m in skill + [w for w in ms if w.kind == "weak_state" and self._near(w, hd)]:
                self._use(m)
            if skill:
                self.hd_camouflage = True
        if len({m.value for m in strong}) > 1:
            # "Is Discovering a HoloMask at -6 like TO camo?": a state named after a comparing word
            # is the one compared with, not the one asked about
            # (a preposition may stand between, "…pick his facing like with camo, right?", when
            # another state is named in that sentence: "¿Es igual con el HoloMask?" after a sentence
            # about camo asks about HoloMask)
            def beside(m: Mention) -> bool:
                return any(n.value != m.value and self.toks[n.start].sent == self.toks[m.start].sent
                           for n in strong + hints)
            compared = [m for m in strong if any(self.toks[k].low in self._words("comparing") and (
                k == self._np_start(m) - 1 or beside(m)) and all(
                self.rec.roles.get(j) in ("stop", "target") for j in range(k + 1, self._np_start(m)))
                for k in range(max(0, self._np_start(m) - 2), m.start))]
            if compared and len(compared) < len(strong):
                for m in compared:
                    self._use(m)
                strong = [m for m in strong if m not in compared]
        asked = {m.value for m in strong if self.toks[m.start].sent == self.last}
        if len({m.value for m in strong}) > 1 and len(asked) == 1:
            # "Can my HD trooper use Surprise Attack? My opponent thought it only worked from camo
            # markers.": a state named only in a claim reported in another sentence than the
            # question's, which names one state, is what the claim compares it with
            claimed = [m for m in strong if m.value not in asked and self._in_reported_claim(m)]
            if claimed and all(m in claimed for m in strong if m.value not in asked):
                for m in claimed:
                    self._use(m)
                strong = [m for m in strong if m not in claimed]
        if len({m.value for m in strong}) > 1:
            # "my HD trooper delays its ARO against an enemy camo marker": the marker it acts
            # against is not the state asked about
            subjects = [m for m in strong if not self._target_state(m)]
            for m in strong:
                if m not in subjects:
                    self._use(m)
            # (only one aimed at, after "against"/"at"/"contra": not "an enemy Camo marker in its LoF")
            self.target_states = [m.value for m in strong if m not in subjects and subjects
                                  and self._np_start(m) > 0 and self.toks[self._np_start(m) - 1].low in self._list("target")]
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
                words, sid, start, end = guess
                info = self.vocab.states[sid]
                label = info.label_es if self.rec.lang == "es" and info.label_es else info.label
                self.notes.append(self.vocab_text("misspelt").format(words=words, state=label))
                self.used.update(range(start, end))
                # "Hidden Deploymnet": its "Hidden" is the name's, not "stays hidden" asked
                self.mentions = [m for m in self.mentions if m.end <= start or m.start >= end]
                self.rec = self.rec._replace(mentions=[m for m in self.rec.mentions if m.end <= start or m.start >= end])
                ids = [sid]
                # read as if written right: "does hiden deployment survive…?" asks of the state named
                named = [Mention("state", sid, start, end, words)]
        ids = list(dict.fromkeys(self._in_edition(s) for s in ids))
        if self.edition and len(ids) > 1:
            # "Used to sneak TO guys into links in N3. In N4, if a fireteam member goes into
            # Camouflaged state…": a state of another edition than the one asked about is a memory
            # of the scene, not the state asked about
            # (only between Marker states: Hidden Deployment's page serves N3 questions too)
            # (named only in the scene: one the asking sentence names is asked about, whatever its edition)
            other = [s for s in ids if self.table.states[s].hints and self.table.states[s].edition != self.edition
                     and not any(m.value == s and self.toks[m.start].sent == self.last for m in named)]
            same = [s for s in ids if s not in other]
            if other and any(self.table.states[s].hints for s in same):
                ids = same
                for m in named:
                    if self._in_edition(m.value) not in ids:
                        self._use(m)  # the scene's memory: read, not asked about
                named = [m for m in named if self._in_edition(m.value) in ids] or named
        for m in named + hints + weak:
            self._use(m)
        if others and ids:
            # "an Impersonation marker" next to a camo marker: the other state is named, and the
            # rules here do not cover it (unless a property the rows answer takes it in: `_composite`)
            self.other_named = others
        return ids, [], named

    def _in_reported_claim(self, m: Mention) -> bool:
        """Whether mention `m` stands in a sentence other than the question's, after a reporting
        verb of that sentence ("My opponent thought it only worked from camo markers")."""
        sent = self.toks[m.start].sent
        return sent != self.last and any(t.sent == sent and t.i < m.start and t.low in self._words("reporting")
                                         for t in self.toks)

    def _denied_state(self, m: Mention) -> int | None:
        """Where a negation stands before the state (or Marker) named by `m`, with only a copula,
        "as", articles and `[words] state_linking` between ("not in a Camo marker", "never a
        marker", "no estaba como marcador"), in the same clause; else None. Not a negation after a
        modal ("cannot be in Camouflage": what may be, not what is), one said of a change ("not in
        HD anymore", "ya no es un marcador": the trooper was revealed), a question's own ("Is it
        not a marker?", "Isn't it…"), "without", "ignores", nor an enemy's marker ("…pero no de un
        Marcador enemigo": whose LoF the trooper is in)."""
        reach = self._words("copula") | self._words("as_what") | self._list("article") | self._words("state_linking")
        i = self._back_to_negation(self._np_start(m), lambda k: self.toks[k].low in reach, 5)
        if i is None or self._enemys(m) or self._question_negation(i) \
                or self.toks[i].low in self._words("instrument_negation") | self._words("negating_verb") \
                or (i > 0 and self.toks[i - 1].low in self._words("modal")) \
                or self._question_opening(i).low in self._words("copula"):
            return None
        sent = self.toks[i].sent
        clause_end = next((k for k in range(m.end, len(self.toks)) if self.toks[k].sent != sent or self.toks[k - 1].brk),
                          len(self.toks))
        if any(self.toks[k].low in self._words("no_longer") for k in [*range(max(0, i - 2), i), *range(m.end, clause_end)]
               if self.toks[k].sent == sent):
            return None
        return i

    def _back_to_negation(self, pos: int, passable, limit: int) -> int | None:
        """The negation a backward walk from word `pos` reaches over words `passable` says may
        stand between (at most `limit` words back, in its clause), if the word it stops at is
        one no rule has used; else None."""
        sent = self.toks[pos].sent if pos < len(self.toks) else None
        i = pos - 1
        while i >= 0 and pos - i <= limit and self.toks[i].sent == sent and not self.toks[i].brk \
                and self.rec.roles.get(i) != "negation" and passable(i):
            i -= 1
        if i < 0 or self.toks[i].sent != sent or self.rec.roles.get(i) != "negation" or i in self.used:
            return None
        return i

    def _had(self, m: Mention) -> bool:
        """Whether `m` is said to be had by the trooper, in its sentence: a word of `owning` one
        or two words before it ("has Camouflage", "she's got Camouflage", "tiene Camuflaje")
        whose subject is a pronoun or the trooper's own noun ("it has", "my Ninja has"; not
        "a sniper who has", "my other trooper has"), no negation, no "if", "only" or "would" a
        few words before, and not an enemy's."""
        toks, sent = self.toks, self.toks[m.start].sent
        before = [k for k in range(max(0, m.start - 2), m.start) if toks[k].sent == sent]
        wider = [k for k in range(max(0, m.start - 5), m.start) if toks[k].sent == sent]
        supposing = self._words("if_when") | self._words("only") | self._words("modal")
        having = next((k for k in before if toks[k].low in self._words("owning")), None)
        if having is None:
            # "has Mimetism and Camouflage", "tiene Mimetismo y Camuflaje": other Skills listed before it
            k = m.start - 1
            while k >= 0 and toks[k].sent == sent and m.start - k <= 6 and toks[k].low not in self._words("owning") and (
                    toks[k].low in self._words("coordinator") or self._kind_at(k) in ("term", "game_term", "hint", "cue")):
                k -= 1
            if k >= 0 and k < m.start - 1 and toks[k].sent == sent and toks[k].low in self._words("owning"):
                having = k
        if having is None or self._negated(m) or self._enemys(m, self._hd_mentions) \
                or any(toks[k].low in supposing or self.rec.roles.get(k) == "negation" for k in wider):
            return False
        return not self._someone_else_has(having)

    def _own_sight(self, having: int) -> bool:
        """Whether the subject of the having word at `having` ("has LoF", "had LoF on") is the
        trooper in the state itself: a state named right before it, not an enemy's ("My TO sniper
        had LoF on…", "mi CAMO tiene LdT a…")."""
        j = having - 1
        while j >= 0 and self.toks[j].sent == self.toks[having].sent and self.rec.roles.get(j) in ("passive", "stop"):
            j -= 1
        if j < 0 or self.toks[j].sent != self.toks[having].sent:
            return False
        asked = getattr(self, "asked_state_mentions", None) or []
        # (the state's own name, or the trooper's noun right after it: "my TO sniper")
        noun = next((n for n in self.mentions if n.kind in ("trooper", "unit") and n.start <= j < n.end), None)
        enemy = self._words("enemy_owner")
        return any((n.start <= j < n.end or (noun is not None and n.end == noun.start))
                   and not any(self.toks[k].low in enemy for k in range(max(0, n.start - 2), n.start))
                   and not self._enemys(n) for n in asked)

    def _someone_else_has(self, having: int) -> bool:
        """Whether the subject of the having word at `having` is another trooper than the one
        asked about: a relative ("a sniper who has"), a trooper set apart ("my other trooper
        has"), or a noun that is no trooper, unit, state or name ("its target has"). A pronoun,
        the trooper's own noun or no subject at all ("Tiene Camuflaje") is the trooper's."""
        toks = self.toks
        sent = toks[having].sent
        j = having - 1
        while j >= 0 and toks[j].sent == sent and (self.rec.roles.get(j) in ("passive", "stop") or toks[j].low in
                                                   self._words("besides")) and toks[j].low not in self._words("relative"):
            j -= 1  # "she is got" as "she's got" expands; "also has", "además tiene"
        if j < 0 or toks[j].sent != sent or toks[j].brk or toks[j].low in self._words("coordinator"):
            return False  # no subject of its own: "…, and has Camouflage" is the sentence's trooper's
        if toks[j].low in self._words("relative"):
            # "my HD sniper, who has": the trooper's when the noun the relative stands for is the
            # state's or the asker's ("a sniper who has" is another)
            j -= 1
            if j < 0 or toks[j].sent != sent:
                return True
            k = j - 1
            while k >= 0 and self.rec.roles.get(k) == "stop" and j - k <= 2:
                k -= 1
            return not (k >= 0 and (toks[k].low in self._words("mine") or any(
                n.kind == "state" and n.start <= k < n.end for n in self.mentions)))
        if j > 0 and toks[j - 1].low in self._words("another"):
            return True
        return not (self.rec.roles.get(j) in ("pronoun", "speaker") or any(
            n.kind in ("trooper", "unit", "state", "hint", "weak_state") and n.start <= j < n.end for n in self.mentions)
            or toks[j].cap and self._kind_at(j) is None)

    def _enemys(self, m: Mention, owned: list[Mention] | None = None) -> bool:
        """Whether an enemy named in the few words before `m`, in its clause, owns it ("an enemy
        trooper with Camouflage", "the enemy sniper nearby has Camouflage"): the Skill is that
        enemy's, unless the trooper in the state asked about is the enemy's own ("my opponent's
        HD trooper has Camouflage"). Not across a comma or "and" ("moves toward the enemy, and
        has Camouflage")."""
        if any(self._enemy_owned(n) for n in (self.asked_state_mentions if owned is None else owned)):
            return False
        toks, sent = self.toks, self.toks[m.start].sent

        def broken(a: int) -> bool:  # a comma or "and" between word `a` and `m`
            return any(toks[k].brk or toks[k].low in self._words("coordinator") for k in range(a, m.start))

        return any(n.kind == "actor" and n.value == "enemy" and 0 <= m.start - n.end <= 3
                   and toks[n.start].sent == sent and not broken(n.end - 1) for n in self.mentions) or any(
            toks[k].low in self._words("enemy_owner") and not broken(k)
            for k in range(max(0, m.start - 4), m.start) if toks[k].sent == sent)

    def _own(self, m: Mention) -> bool:
        """Whether the state's noun phrase is the trooper's own ("its camo marker", "his own
        camo marker", "su propio CAMO")."""
        return bool(self._words_before(m, reach=2) & self._words("own"))

    def _target_state(self, m: Mention) -> bool:
        """A state named as the target of what is done ("against an enemy camo marker"), or as
        an enemy's own ("the enemy going back to camo")."""
        start = self._np_start(m)
        before = {self.toks[i].low for i in range(max(0, m.start - 2), m.start)}
        prev = self.toks[start - 1].low if start > 0 else ""
        return self._object_position(start) or bool(before & self._words("enemy_owner")) \
            or prev in self._words("likeness") or self._after_others_state_words(start)

    def _after_others_state_words(self, start: int) -> bool:
        """Whether the state's noun phrase starting at `start` comes right after the words of a
        subject done against another trooper's state ("to stop him going back to camo")."""
        small = self._list("article") | self._list("stop")
        for sid, _, places in self.rec.composites:
            if not self.vocab.subjects[sid].others_state:
                continue
            for _, b in places:
                if 0 <= start - b <= 2 and all(self.toks[i].low in small for i in range(b, start)):
                    return True
        return False

    def _near(self, m: Mention, others: list[Mention]) -> bool:
        """Whether `m` is next to one of `others`: at most two small words between, or three
        when one is the trooper noun they both describe ("my camo trooper started in HD")."""
        nouns = {i for n in self.mentions if n.kind in ("trooper", "unit") for i in range(n.start, n.end)}
        filler = {i for n in self.mentions if n.kind == "filler" for i in range(n.start, n.end)}
        for o in others:
            gap = range(m.end, o.start) if m.end <= o.start else range(o.end, m.start)
            small = all(self.rec.roles.get(i) in ("stop", "filler") or self.toks[i].low in self._words("instrument")
                        or self.toks[i].low in self._words("joining") for i in gap)
            if len(gap) <= 2 and small:
                return True
            if len(gap) == 3 and gap[0] in nouns and all(self.rec.roles.get(i) in ("stop", "filler", "passive") or i in filler
                                                         for i in gap[1:]):
                return True  # "camo trooper started in Hidden Deployment", "Camouflage trooper was in HD"
        return False

    def _in_edition(self, state: str) -> str:
        """A state named in the question's edition: "Camouflaged" in an N3 question is that
        edition's camouflage, TO Camouflaged."""
        if self.edition and state == self._camouflage_state(DEFAULT_EDITION):
            return self._camouflage_state(self.edition)
        return state

    def _camouflage_state(self, edition: str) -> str:
        """The first state a Camouflage Skill deploys in, of `edition` (Camouflaged for N4)."""
        states = self.table.states.values()
        return next((st.id for st in states if st.hints and st.edition == edition), next(st.id for st in states if st.hints))

    # --- conditions --------------------------------------------------------------------------

    def _conditions(self) -> dict[str, str]:
        """The condition axes the cues set. Two values on one axis: the later cue wins when it is
        in the question's own sentence, else the first one the tables list."""
        context: dict[str, str] = {}
        # (the main layer's first: an overlay's words must not hide a negation from them)
        cues = sorted([m for m in self.mentions + self.rec.overlay if m.kind == "cue"],
                      key=lambda m: (m not in self.mentions, m.start))
        order = {f"{axis}={value}": i for i, (axis, value, *_) in enumerate(self.vocab.cues)}
        needs: dict[str, set[str]] = {}
        for axis, value, *_, need in self.vocab.cues:
            needs.setdefault(f"{axis}={value}", set()).update(need)
        named = {m.value for m in self.mentions if m.kind == "subject"} | {sid for sid, _, _ in self.rec.composites}
        found: dict[str, list[tuple[int, str]]] = {}
        turns: list[tuple[int, str]] = []  # (sentence, value) of each turn cue
        for m in cues:
            axis, value = m.value.split("=", 1)
            if axis in READING_AXES:
                continue
            if needs.get(m.value) and not needs[m.value] & named:
                # "an allied trooper declares a BS Attack": no contact, so no contact's ally; the
                # cue's words say nothing else ("the MOD shown on the CAMO marker"; an overlay's
                # words in the question's own sentence are left to the phrases they also are)
                if (m not in self.rec.overlay or self.toks[m.start].sent != self.last) and not self._holds_the_ask(m):
                    self._use(m)
                continue
            if axis == "camouflage" and (self._enemys(m) or (
                    self.toks[m.start].low in self._words("owning") and self._someone_else_has(m.start))):
                # "the enemy sniper nearby has Camouflage", "a sniper who has Camouflage": that
                # trooper's Skill, not this one's
                self._use(m)
                continue
            if axis == "lof" and value == "inside" and self.toks[m.start].low in self._words("owning") and self._own_sight(m.start):
                # "My TO sniper had LoF on their Fusilier": what the trooper sees, not who sees it
                self._use(m)
                continue
            if axis == "step" and self._in_until(m.start):
                self._use(m)  # "Private Information *until the Resolution step*": how long, not when asked
                continue
            if axis == "lof" and any(t.low.startswith("360") for t in self.toks[m.end:m.end + 3] if t.sent == self.toks[m.start].sent):
                continue  # "no tiene LdT de 360 grados": the marker's own arc of LoF, not anyone's LoF to it
            # an overlay's words that also name a Skill or event ("gets Discovered") are left to it
            names_event = any(n.kind == "subject" and n.start < m.end and m.start < n.end for n in self.mentions)
            shared = m not in self.mentions and names_event
            negated = self._negated(m)
            if shared and negated:
                continue  # "no fue descubierto": the negation is the event's, said not to happen
            if negated and (axis, value) in _OPPOSITE and self._negating_verb_before(m):
                pass  # "do I ignore the marker's Mimetism MOD?": the verb denies applying it, not having it
            elif negated and (axis, value) in _OPPOSITE:
                value = _OPPOSITE[(axis, value)]
                self._use_negation(m)
            elif negated and m in self.mentions and axis == "discovered" and self._holds_the_ask(m):
                continue  # "… no se revela. ¿Es así?": the question's own verb, negated
            elif negated and m in self.mentions and axis == "discovered":
                # "declaró Movimiento Cauteloso y no se reveló": said not to have happened
                self._use_negation(m)
                self._use(m)
                continue
            if axis in ("lof", "zoc") and value == "inside" and (out := self._outside_word_before(m.start)) is not None:
                # "outside my LoF to go back to camo": the cue's "LoF to" is out of it
                value = "outside"
                self.used.add(out)
            if axis == "turn" and (axis, value) in _OPPOSITE and self._turn_of_the_other_side(m):
                value = _OPPOSITE[(axis, value)]
            found.setdefault(axis, []).append((order.get(m.value, 999), value))
            if axis == "turn":
                turns.append((self.toks[m.start].sent, value))
            if self.toks[m.start].sent == self.last:
                self.question_axes.add(axis)
            if not names_event:
                self._use(m)
        for axis, value in self._lof_words().items():
            if axis not in found:
                found[axis] = [(0, value)]
        if "retry" not in found and named & {"discover_retry", "discover"} \
                and any(a != b and v != u for a, v in turns for b, u in turns):
            # "my Zhanshi failed his Discover during my Active Turn. In my Reactive Turn, can he
            # try again?": the failure and the retry are said of two different turns, in two
            # sentences ("in my Active Turn… in his Reactive Turn" in one sentence is one Player
            # Turn seen from both sides)
            found["retry"] = [(0, "next_turn")]
        for axis, values in found.items():
            context[axis] = min(values)[1]
        return context

    def _holds_the_ask(self, m: Mention) -> bool:
        """Whether the cue `m` ("no se revela") holds the asking verb of the question's own
        sentence, or the only one when that sentence names nothing ("Un marcador CAMO que declara
        Esquivar no se revela. ¿Es así?"): its words, and its negation, are the question's."""
        asks = [n for n in self.mentions if n.kind == "ask"]
        return any(m.start <= n.start and n.end <= m.end for n in asks) and (
            self.toks[m.start].sent == self.last or not any(self.toks[n.start].sent == self.last for n in self.mentions))

    def _turn_of_the_other_side(self, m: Mention) -> bool:
        """"in my active turn" asked by the marker's enemy ("My Fusilier failed his Discover on
        an enemy camo marker in my active turn"): the turn is the asker's, so the trooper in the
        state is in the other one. The turn axis is always the state trooper's."""
        i = m.start - 1
        while i >= 0 and self.toks[i].low in self._list("article") and self.toks[i].low not in self._words("mine"):
            i -= 1
        # "when it is my opponent's Active Turn" of the asker's own trooper: the opponent's turn
        # ("his Active Turn" may be the trooper's own: only a named enemy counts)
        named = self._words("enemy_owner") - self._words("possessive")
        yours = self._words("second_person")
        if any(self._words_before(s, 2) & self._words("mine") for s in self.asked_state_mentions) and not any(
                self._words_before(s, 2) & yours for s in self.asked_state_mentions):
            # "my TO Camo guy… in your Active Turn": said to the opponent by the owner of the
            # trooper in the state, who names it as theirs (not "your TO marker in your Active Turn")
            named = named | yours

        def done_to(k: int) -> bool:
            # "shoots an enemy in ARO": the enemy is what the Skill is done to, not whose the ARO is
            return any(s.kind == "subject" and 0 <= k - s.end <= 1 for s in self.mentions)

        owner_enemy = any(self.toks[k].low in named and not done_to(k) for k in range(max(i, 0), m.start)) or any(
            n.kind == "actor" and n.value == "enemy" and max(i, 0) < n.end <= m.start and not done_to(n.start)
            for n in self.mentions)
        if owner_enemy:
            # (the asker's own trooper, named as the state's or as "my Spektr" with no enemy's state)
            return (self._speaker_owns_state() or self._speaker_side() == "self") \
                and not any(self._enemy_owned(n) for n in self.asked_state_mentions)
        owner_mine = (i >= 0 and self.toks[i].low in self._words("mine")) or any(
            self.toks[j].low in self._words("mine") for j in range(m.start, m.end))
        # only when the question marks the state asked about as someone else's ("an enemy camo
        # marker", "un CAMO enemigo", "el turno de mi rival… su tropa"), not a marker it names
        # as a target: the asker is its enemy
        theirs = any(n.start > 0 and self.toks[n.start - 1].low in self._list("third_possessive") for n in self.mentions
                     if n.kind in ("trooper", "unit", "state", "hint", "weak_state")
                     and self.toks[n.start].low not in self._list("state_noun"))
        # ("su tropa Camuflada", "su Hafza"; not "mi tropa… su estado Camuflado": its own state)
        return owner_mine and (theirs or any(self._enemy_owned(n) for n in self.asked_state_mentions))

    #: The terms `_lof_words` reads, and the axis each sets.
    _AREA_TERMS = {"lof": "lof", "zone_of_control": "zoc"}

    def _lof_words(self) -> dict[str, str]:
        """"inside my Fusilier's LoF", "out of his line of fire", "inside an enemy's zone of
        control": a LoF or Zone of Control term no cue took, with "in"/"inside"/"within" or
        "out of"/"outside" a few words before it, or "not" right before it ("in ZoC but not
        LoF"). The first of each term sets its axis."""
        found: dict[str, str] = {}
        for m in self.mentions:
            axis = self._AREA_TERMS.get(m.value) if m.kind == "term" else None
            if axis is None or axis in found or self._all_used(m):
                continue
            joined = self._joined_area(m, found)
            if joined is not None:
                # "outside enemy LoF and ZoC": the second term is where the first one is
                self._use(m)
                self.used.add(m.start - 1)
                found[axis] = joined
                if self.toks[m.start].sent == self.last:
                    self.question_axes.add(axis)
                continue
            # "in my HD guy's LoF": the word before the LoF's owner, over names and articles only
            # ("a trooper in Hidden Deployment block Line of Fire": "block" stops it)
            before = []
            for i in range(m.start - 1, max(-1, m.start - 6), -1):
                low = self.toks[i].low
                before.append((i, low))
                owner = any(n.start <= i < n.end and n.kind in ("state", "hint", "weak_state", "trooper", "unit", "weapon",
                                                                  "actor") for n in self.mentions)
                # "inside my Sensor trooper's ZoC": a Skill naming the trooper, the possessive's "s"
                # (not "my own Sensor trooper's ZoC" of the asker's own marker: the same side's)
                owner = owner or (low != "s" and i + 1 < m.start and any(
                    n.start <= i < n.end and n.kind == "subject" for n in self.mentions)
                    and any(n.start <= i + 1 < n.end and n.kind in ("trooper", "unit") for n in self.mentions)
                    and not (i > 0 and self.toks[i - 1].low in self._words("mine") | {"own"}
                             and self._speaker_side() == "self"))
                if not owner and self.rec.roles.get(i) not in ("speaker", "pronoun") and low not in self._list("article") \
                        and low not in self._words("area_determiner") \
                        and low not in ("of", "de", "s"):  # "out of its LoF", "fuera de su LdT", "my trooper's LoF"
                    break
            outside = [i for i, w in before if w in self._words("lof_outside")]
            inside = [i for i, w in before if w in self._words("lof_inside")]
            asked = self.toks[m.start].sent == self.last  # "…outside my LoF?": the question's own condition
            if outside:
                value = "outside"
                self.used.add(outside[0])  # "fuera de mi LdT": the word that says where
            elif inside:
                value = "inside"
                self.used.add(inside[0])
                k = inside[0] - 1
                while k >= 0 and self.rec.roles.get(k) in ("passive", "stop") and inside[0] - k <= 2:
                    k -= 1
                if k >= 0 and self.rec.roles.get(k) == "negation" and k not in self.used \
                        and self.toks[k].sent == self.toks[m.start].sent:
                    value = "outside"  # "he isn't in any enemy LoF": the negation before "in"
                    self.used.add(k)
            elif m.start > 0 and self.rec.roles.get(m.start - 1) == "negation" and m.start - 1 not in self.used:
                value = "outside"  # "in ZoC but not LoF" (the negation, now used, flips nothing below)
                self.used.add(m.start - 1)
            else:
                continue
            self._use(m)
            if asked:
                self.question_axes.add(axis)
            if self._negated(m):
                value = "outside" if value == "inside" else "inside"
            found[axis] = value
        return found

    def _outside_word_before(self, pos: int) -> int | None:
        """Where a word putting the trooper out of an area ("outside", "fuera": `lof_outside`)
        stands before `pos`, over owners, articles and determiners only ("outside all my LoF",
        "fuera de su LdT"), in its sentence; None when there is none."""
        for i in range(pos - 1, max(-1, pos - 5), -1):
            t = self.toks[i]
            if t.sent != self.toks[pos].sent:
                return None
            if t.low in self._words("lof_outside"):
                return i
            if not (self.rec.roles.get(i) in ("speaker", "pronoun") or t.low in self._list("article")
                    or t.low in self._words("area_determiner") or t.low in self._words("enemy_owner")
                    or t.low in self._words("owner_of")):
                return None
        return None

    def _joined_area(self, m: Mention, found: dict[str, str]) -> str | None:
        """Where the LoF or ZoC term before "and"/"or" puts its trooper, when `m` is the term
        right after it ("outside enemy LoF and ZoC", "dentro de su ZC y LdT"), or None."""
        j = m.start - 1
        if j < 1 or self.toks[j].low not in self._words("coordinator"):
            return None
        for n in self.mentions + self.rec.overlay:
            if n.end != j:
                continue
            axis, _, value = n.value.partition("=")
            if n.kind == "cue" and axis in ("lof", "zoc") and value in ("inside", "outside"):
                return value
            if n.kind == "term" and self._AREA_TERMS.get(n.value) in found:
                return found[self._AREA_TERMS[n.value]]
        return None

    def _negated(self, m: Mention) -> bool:
        """Whether a negation stands right before `m` (an article or auxiliary between at most),
        or, for a Skill or event, opens the clause it is in ("I don't want to waste my ARO on
        a Discover", "couldn't see it, so he shot": the Discover is not declared)."""
        i = m.start - 1
        while i >= 0 and self.toks[i].sent == self.toks[m.start].sent and self.rec.roles.get(i) in ("stop", "passive") \
                and self.toks[i].low not in self._words("if_when") and m.start - i <= 3:
            i -= 1
        if i >= 0 and self.rec.roles.get(i) == "negation" and i not in self.used and not self._tagged(i) \
                and not (m.kind == "subject" and self._asked_of_skill(m) and self._question_negation(i)) \
                and not self._denied_by_short_question(i):
            return True  # (not "Doesn't Cautious Movement reveal…?": the question's own negation)
        if m.kind == "cue" and self._negated_seer(m):
            return True
        without = self._without_before(m)
        if without is not None:
            # kept: a Discover so negated leaves the trooper undiscovered (`_read`), once the
            # negation is used by what drops the Discover
            self.__dict__.setdefault("without_negated", {})[m.start] = without
            return True
        return m.kind == "subject" and self._clause_negation(m) is not None

    def _negating_verb_before(self, m: Mention) -> bool:
        """Whether the negation that `_negated` finds before `m` is a verb of ignoring (`[words]
        negating_verb`: "ignore the marker's Mimetism MOD"), left for the property asked."""
        verbs = self._words("negating_verb")
        return any(self.toks[k].low in verbs and self.rec.roles.get(k) == "negation" and k not in self.used
                   for k in range(max(0, m.start - 4), m.start) if self.toks[k].sent == self.toks[m.start].sent)

    def _asked_of_skill(self, m: Mention) -> bool:
        """Whether the Skill `m` is the subject of the asking verb right after it, in its clause
        ("Doesn't Cautious Movement *reveal* a camo marker?"; not "…, does not shoot, is it…")."""
        toks = self.toks
        return any(n.kind == "ask" and m.end <= n.start <= m.end + 2 and toks[n.start].sent == toks[m.start].sent
                   and not any(toks[k].brk for k in range(m.end - 1, n.start)) for n in self.mentions + self.rec.overlay)

    def _negated_seer(self, m: Mention) -> bool:
        """"with no enemy marker or trooper seeing me": a negation before the ones a cue's seeing
        is done by (troopers, markers, enemies named, joined by "or"/"and"), at most five words;
        not when another is named after a contrast word (`[words] contrast_open`: "…, but a marker does")."""
        names = {i for n in self.mentions if n.kind in ("actor", "trooper", "unit", "state", "hint", "weak_state")
                 for i in range(n.start, n.end)}
        joins = self._words("coordinator")
        i, seen = m.start - 1, 0
        while i >= 0 and self.toks[i].sent == self.toks[m.start].sent and m.start - i <= 5 \
                and (i in names or (seen and self.toks[i].low in joins)):
            seen += i in names
            i -= 1
        if seen and i >= 1 and self.toks[i].low in self._words("negated_of") and self.toks[i - 1].sent == self.toks[i].sent:
            # "None of his troopers had LoF", "ninguno de sus soldados lo ve" (not "…, only his
            # camo marker did", "apart from his marker": an exception after it)
            exception = self._words("seer_exception") | self._words("contrast_open")
            if any(t.low in exception for t in self.toks[m.end:] if t.sent == self.toks[m.start].sent):
                return False
            i -= 1
        if not (seen and i >= 0 and self.rec.roles.get(i) == "negation" and i not in self.used
                and self.toks[i].sent == self.toks[m.start].sent):
            return False
        # "no enemy model sees him, but an enemy CAMO marker does": another one named after a
        # contrast sees him after all
        sent = self.toks[m.start].sent
        return not any(t.low in self._words("contrast_open") and any(k in names for k in range(t.i + 1, t.i + 5))
                       for t in self.toks[m.end:] if t.sent == sent)

    def _without_before(self, m: Mention) -> int | None:
        """Where "without"/"sin" stands before `m` with only the verbs and small words it reaches
        through between (`[words] negation_reach`: "without bothering to Discover it", "without
        declaring Discover first", "sin tener que Descubrirlo"), at most four; else None."""
        reach = self._words("negation_reach")
        i = self._back_to_negation(m.start, lambda k: self.toks[k].low in reach, 4)
        if i is None or i == m.start - 1 or self.toks[i].low not in self._words("instrument_negation"):
            return None
        return i

    def _clause_negation(self, m: Mention) -> int | None:
        """The negation opening `m`'s clause, with no other Skill or event between them (a general
        one such as "ARO" may stand between), and not the negative question's own ("Doesn't it
        lose…?" asks whether it loses)."""
        sent = self.toks[m.start].sent
        for i in range(m.start - 1, -1, -1):
            t = self.toks[i]
            if t.sent != sent or t.brk or t.low in self._words("clause_break") or self.rec.roles.get(i) in ("condition", "connector"):
                return None
            # a general word between ("I don't want to waste my ARO on a Discover") is inside
            # the same negated clause; another Skill named is a clause of its own
            if any(n.kind == "subject" and n.start <= i < n.end and not self.vocab.subjects[n.value].generic
                   for n in self.mentions):
                return None
            if self.rec.roles.get(i) == "negation" and i not in self.used:
                if t.low not in self._list("clause_negation"):
                    return None  # "without any special rule … declare a BS Attack": a phrase's, not the clause's
                return None if self._question_negation(i) or self._denied_by_short_question(i) else i
        return None

    def _question_negation(self, i: int) -> bool:
        """The negation of a negative question: right after its opening auxiliary ("Doesn't",
        "Shouldn't", "Is it not true that…", "¿No pierde…?")."""
        t = self.toks[i]
        if t.sent != self.last:
            return False
        if self._tagged(i):
            self.tag_negation = True  # (the doubt model weighs how often such questions are misread)
            return True  # "He can't shoot my camo marker, can he?": asks whether he can
        if i > 0 and self.toks[i - 1].sent == t.sent and self.toks[i - 1].low in self._words("alternative") \
                and not self.toks[i - 1].brk:
            return True  # "¿Se le aplica o no el MOD…?", "Does it apply or not…?": asks it plain
        first = self._question_opening(i)
        aux = self.toks[i - 1] if i > 0 else None
        after = self.toks[i + 1] if i + 1 < len(self.toks) and self.toks[i + 1].sent == t.sent else None
        if aux is not None and aux.sent == t.sent and aux.low in self._list("question") and i - 1 > first.i \
                and self.toks[i - 2].brk and not any(self.rec.roles.get(k) == "negation" for k in range(first.i, i - 1)) \
                and after is not None and (self.rec.roles.get(after.i) in ("pronoun", "speaker")
                                           or after.low in self._words("question_subject")):
            # "When I activate him with a plain Move, doesn't he have to go on the table?": the
            # negative question opens after the clause that sets its scene, its subject right
            # after the negation (not "…, does not shoot, is it…": a negated verb)
            return True
        if i == first.i:
            # "¿No pierde el camuflaje?"; not "No puedo declararlo, ¿verdad?" or "No pretending to
            # be a TAG, right?", statements to confirm
            # ("No pretending to be a TAG?" says there is none, and asks to confirm it)
            return t.low == "no" and not self.statement_confirmed and not self._closed_by_confirming_tag(t.sent) \
                and not (after is not None and self.rec.lang == "en" and after.low.endswith("ing"))
        if first.low not in self._list("question"):
            return False
        between = [x for x in self.toks[first.i + 1:i]]
        if first.low in self._words("rhetorical"):
            # "¿Acaso una tropa en Despliegue Oculto no puede impedir…?": its subject may stand
            # before the negation, which is still the question's ("can't it?")
            return not any(x.brk or self.rec.roles.get(x.i) in ("condition", "negation") or x.low in self._list("complementizer")
                           for x in between)
        if all(x.low in self._words("question_subject") for x in between) and len(between) <= 1:
            return True
        # "Do HD troopers not add their Order to the pool?", "Does a camo marker not have 360 LoF?":
        # the negative question's subject a noun phrase (a state, a trooper or unit, articles and
        # possessives), no verb, clause or condition between; only after do/is (`[words] plain_aux`):
        # "Can the Ninja not declare Discover and still shoot?" negates the Skill, not the question
        return t.low in self._words("clause_negation") and first.low in self._words("plain_aux") and first.i == next(
            x.i for x in self.toks if x.sent == t.sent) and 0 < len(between) <= 6 and all(
            not x.brk and self.rec.roles.get(x.i) in ("stop", "speaker", "pronoun", "")
            and x.low not in self._words("modal") and x.low not in self._list("complementizer")
            and x.low not in self._words("reporting") and x.low not in self._words("copula")
            and (self.rec.roles.get(x.i) != "" or self._kind_at(x.i) in ("state", "hint", "weak_state", "trooper", "unit", "actor"))
            for x in between)

    def _tagged(self, i: int) -> bool:
        """Whether word `i` is in a statement put as a question by an auxiliary tag closing its
        sentence ("He can't shoot my camo marker before Discovering it, *can he?*"): the
        statement's negation is the question's, as in "Can't he…?"."""
        sent = self.toks[i].sent
        toks = [t for t in self.toks if t.sent == sent]
        k = max((t.i for t in toks if t.brk), default=None)
        there = self._words("existential")
        # "There's no way for her to slip back into HD, is there?": the negation of "there is",
        # which the tag "is there?" repeats
        # (only a possibility denied, "no way", "no chance": "there's nothing stopping X, is there?"
        # asks whether something stops X, the other way round)
        existential = toks[-1].low in there and any(self.toks[j].low in there and self.toks[j].sent == sent
                                                    for j in range(max(0, i - 3), i)) \
            and i + 1 < len(self.toks) and self.toks[i + 1].low in self._words("denied_possibility")
        if self.toks[i].low not in self._words("clause_negation") and not existential:
            # only a clause's own negation: "…can shoot without being revealed, can it?" ("without"
            # is the claim's own), "Sensor ignores the MOD, doesn't it?" (a verb negating by meaning)
            return False
        if (k is None or i > k) and len(toks) > 4 and toks[0].low not in self._list("question") \
                and toks[-2].low in self._list("question") and toks[-1].low in self._words("tag_pronoun"):
            k = toks[-3].i  # "he doesnt get popped does he?": a tag with no comma before it
        if k is None or i > k or sent != self.last:
            return False
        # only an auxiliary tag asks the plain question ("…, can he?" — no, he can't); "…, right?"
        # asks to confirm the statement as it stands
        tail = [t for t in toks if t.i > k]
        if not (2 <= len(tail) <= 3 and tail[0].low in self._list("question")
                and (tail[-1].low in self._words("tag_pronoun") or (existential and tail[-1].low in there))
                and all(t.low == "not" for t in tail[1:-1])):
            return False
        # "…stays hidden if it does not shoot, does it?": a condition's negation is its own (not
        # one of a clause after the condition's: "Once revealed, he can't go back, can he?")
        clause = max((t.i + 1 for t in toks if t.i < i and t.brk), default=toks[0].i)
        return not any(t.low in self._words("if_when") or self.rec.roles.get(t.i) == "condition"
                       for t in toks if clause <= t.i < i)

    def _first_word(self, sent: int):
        """Sentence `sent`'s first word after a clock time or a number opening it ("[23:41] wait…"),
        or its first token when it has no other."""
        words = [t for t in self.toks if t.sent == sent]
        return next((t for t in words if not t.low.isdigit()), words[0])

    def _question_opening(self, i: int):
        """The word that opens the question holding word `i`: its sentence's first (after an
        interjection: "wait, *can't* he…?"), or, when that opens no question, the first of its
        clause ("my TO camo got hit by a Riotstopper, *doesn't* that reveal him?")."""
        first = self._first_word(self.toks[i].sent)
        # "[00:15] wait cant he just shoot…?": an interjection opens nothing
        if first.i < i and first.low in self._words("interjection") and self.toks[first.i + 1].sent == first.sent:
            first = self.toks[first.i + 1]
        if first.low in self._list("question") or first.low == "no":
            return first
        # only an asking auxiliary opens a question inside a sentence: "…, no se revela, ¿verdad?"
        # is a statement to confirm
        clause = next((self.toks[k + 1] for k in range(i - 1, first.i - 1, -1) if self.toks[k].brk), first)
        return clause if clause.low in self._list("question") else first

    def _use_negation(self, m: Mention) -> None:
        i = m.start - 1
        while i >= 0 and self.rec.roles.get(i) != "negation":
            i -= 1
        if i >= 0:
            self.used.add(i)
