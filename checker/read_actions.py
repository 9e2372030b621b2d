"""Reading a question, part three: each Skill or event it names and who does it (a passive or
a state named after the Skill makes it an enemy's; otherwise the nearest one named before it —
the trooper in the state, an enemy, an ally, its Team Leader, or the asker, whose side follows
from what they own or target), Fireteam Orders and delayed AROs."""
from __future__ import annotations

from rulecheck.checker.reading import Action
from rulecheck.checker.states import DEFAULT_EDITION
from rulecheck.checker.vocabulary import Mention


class _Actions:
    """Methods of the question reader (`rulecheck.checker.interpret`)."""

    # --- actions -----------------------------------------------------------------------------

    def _actions(self, states: list[str], state_mentions: list[Mention], composite: str | None) -> list[Action]:
        """Each Skill or event named, with who does it."""
        actions = []
        subjects = [m for m in self.mentions if m.kind == "subject" and not self._all_used(m)]
        subjects = self._drop_means_and_generic(subjects, state_mentions)
        for m in subjects:
            kind = self.vocab.subjects[m.value].kind
            if kind == "property":
                continue
            ex = self._excepted(m)
            if ex is not None:
                # "a Long Skill other than Cautious Movement": the general term is what is
                # declared, and this kind of it is not
                self.excluded.append(m.value)
                self.used.update(range(ex, m.start))
                self._use(m)
                continue
            turned_down = self._turned_down(m)
            if turned_down is not None:
                # "can I Intuitive Attack it instead of Discovering?": the alternative turned down
                # is not declared
                self.used.update(range(turned_down, m.start))
                self._use(m)
                continue
            if self._negated(m):
                # "on a guy he is not in contact with yet": what is said not to happen is no action
                self._use_negation(m)
                self._use(m)
                continue
            if any(a.subject == m.value for a in actions) and (self._after_word(m, "instrument") or self._after_word(m, "during")
                                                                 or self._named_again(m) or self._after_word(m, "likeness")
                                                                 or self._asked_of_the_scene(m, actions)):
                # "¿Mi rival puede Descubrir a mi tropa con una Tirada de Descubrir?": the same
                # Skill named again as the means is the one already read (not "Move and Move")
                self._use(m)
                continue
            if self._planned(m):
                # "moved into base contact to set up a CC attack next order": a plan, not declared
                self._use(m)
                continue
            if composite is not None and self.vocab.subjects[composite].kind == "skill" and self._in_until(m.start):
                # "to stop him, should I wait until the enemy's Entire Order is carried out?": with
                # the Skill asked made of words, one in an "until" clause says how long the wait lasts
                self._use(m)
                continue
            by = self._who(m, state_mentions)
            if by == "self" and kind == "skill" and states and all(self._enemy_only(st, m.value) for st in states):
                by = "enemy"  # "I delay my ARO" against a camo marker: only an enemy can
            if kind == "event" and any(a.subject == m.value and a.by == by for a in actions):
                self._use(m)  # "got hit by a Riotstopper… revealed when it gets hit by a Riotstopper?": one hit
                continue
            actions.append(Action(m.value, by, kind, 0, m.text, m.start))
            self._use(m)
        for m in self._negated_generic:
            if self._negated(m):  # not used by a Skill read as not declared beside it
                self._use_negation(m)
        return actions

    def _contact_purpose(self, i: int) -> bool:
        """Whether word `i` says what a move into contact named before it in its sentence is for
        ("into base contact with my camo marker *to engage* it", "para trabarlo"): after "to" /
        "para" (`purpose`), a pronoun between at most."""
        t = self.toks[i]
        if t.low not in self._words("contact_purpose"):
            return False
        j = i - 1
        if j >= 0 and self.rec.roles.get(j) == "pronoun":
            j -= 1
        if j < 0 or self.toks[j].low not in self._words("purpose") or self.toks[j].sent != t.sent:
            return False
        return any(m.kind == "subject" and m.value == "silhouette_contact" and m.end <= j and self.toks[m.start].sent == t.sent
                   for m in self.mentions)

    def _planned(self, m: Mention) -> bool:
        """A Skill the scene names as planned for later: "planning" words before it ("to set up
        a CC Attack") or "later_time" words right after it ("a CC Attack next order") — in a
        sentence before the question's own, which asks about what is declared now; or the CC
        a move into contact is for ("to lock it in CC"), in any sentence."""
        if m.value == "cc_attack" and m.start >= 2 and self.toks[m.start - 1].low in self._words("engaged_in") \
                and any(self._contact_purpose(k) for k in range(max(0, m.start - 4), m.start - 1)):
            return True  # "to lock it in CC", "para trabarlo en CC": what the contact is for
        if m.value == "cc_attack" and any(
                self.toks[k].low in self._words("purpose") and self.toks[k].sent == self.toks[m.start].sent
                and any(n.value == "silhouette_contact" and n.kind == "subject" and n.end <= k and self.toks[n.start].sent == self.toks[k].sent
                        for n in self.mentions) for k in range(max(0, m.start - 3), m.start)):
            return True  # "entrar en contacto con mi CAMO para meterle un CaC": what the contact is for
        if self.toks[m.start].sent == self.last:
            return False
        if self._phrase_before(m, "planning") is not None:
            return True
        n = self._phrase_at(m.end, "later_time") if m.end < len(self.toks) else 0
        # (not "a BS Attack later in the same Order": still this Order)
        return n > 0 and not any(self._phrase_at(k, "same_order") for k in range(m.end + n, min(m.end + n + 3, len(self.toks))))

    def _drop_describing(self, actions: list[Action]) -> None:
        """"Can I Dodge against a camo marker that walks past me?": what the marker does in a
        relative clause says which marker; the other side's Skill is what is asked about. Run
        after `_delayed_aro`, which reads the marker's Skills first (they decide a delayed
        ARO's fate) and leaves only the delayed ARO when they do."""
        describing = [a for a in actions if self._describes_marker(a)]
        if describing and len(describing) < len(actions) and len({a.by for a in actions}) > 1:
            actions[:] = [a for a in actions if a not in describing]

    def _after_word(self, m: Mention, word_list: str) -> bool:
        """Whether a word of `word_list` stands right before `m` (articles between):
        `likeness` — an example of what comes before ("a template weapon like a flamethrower",
        "un arma como el Lanzallamas"); `during` — a time within something already said
        ("revealed during the Move"); `instrument` — the means of something ("with a Discover
        roll", "using a Dodge"). Each names a Skill already read, not a second declaration."""
        i = self._word_before(m)
        return i >= 0 and self.toks[i].low in self._words(word_list)

    def _word_before(self, m: Mention) -> int:
        """The position of the word before `m`'s noun phrase: articles and up to two plain
        describing words skipped ("with a *normal* Discover roll"); -1 at the start."""
        i = m.start - 1
        described = 0
        while i >= 0 and (self.toks[i].low in self._list("article") or (
                described < 2 and not self.rec.roles.get(i) and (self._kind_at(i) == "filler" or (
                    self._kind_at(i) is None and self.vocab.ordinary(self.toks[i], self.rec.lang))))):
            described += self.toks[i].low not in self._list("article")
            i -= 1
        return i

    def _instrument_of(self, m: Mention) -> Mention | None:
        """The Skill (or targeting word: "target", "apuntar") a Skill named after an instrument
        word is the means of, in the same clause: "shoots my camo marker *with a flamethrower*"."""
        if not self._after_word(m, "instrument"):
            return None
        sent = self.toks[m.start].sent
        before = [n for n in self.mentions if n.end <= m.start and self.toks[n.start].sent == sent
                  and ((n.kind == "subject" and self.vocab.subjects[n.value].kind == "skill")
                       or (n.kind == "game_term" and n.value == "targeted"))]
        if not before:
            return None
        prev = max(before, key=lambda n: n.end)
        word = self._word_before(m)
        if any(self.toks[i].brk for i in range(prev.end - 1, word)):
            return None  # "he shot, with my marker watching": another clause
        # only the Skill's object between it and "with" ("shoot *my camo marker* with…"), not
        # more of the scene ("…ended 7 inches from my trooper with the Heavy Flamethrower")
        for i in range(prev.end, word):
            kind = self._kind_at(i)
            if kind not in ("state", "hint", "weak_state", "trooper", "unit", "actor", "cue") and \
                    self.toks[i].low not in self._list("article") | self._words("mine") | self._words("enemy_owner"):
                return None
        return prev

    def _asked_of_the_scene(self, m: Mention, actions: list[Action]) -> bool:
        """Whether `m`, in the question's own sentence with no one named as its doer, names a
        Skill the scene already told ("his Fusilier declared a plain Discover at that spot. Can
        a normal Discover cancel my trooper's HD?"): it asks about that one."""
        if self.toks[m.start].sent != self.last or self._agent_at(m) is not None:
            return False
        return any(a.subject == m.value and a.start >= 0 and self.toks[a.start].sent != self.last for a in actions)

    def _named_again(self, m: Mention) -> bool:
        """Whether `m` points back at a Skill already named ("an enemy Sensor … when the Sensor
        is declared", "ese Descubrir"): a definite article or demonstrative right before it."""
        return m.start > 0 and self.toks[m.start - 1].low in self._words("definite")

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
        """Who does the Skill or brings the event about (see the module's docstring); worked
        out once per mention."""
        memo = self.__dict__.setdefault("_who_memo", {})
        key = (m.start, m.end, m.value)
        if key not in memo:
            memo[key] = self._who_uncached(m, state_mentions)
        return memo[key]

    def _who_uncached(self, m: Mention, state_mentions: list[Mention]) -> str:
        if self._passive(m) or self._done_to_by_others(m):
            return "enemy"
        owner = next((n for n in self.mentions if n.kind == "actor" and n.end == m.start and self.toks[n.end - 1].poss
                      and n.value in ("enemy", "ally", "leader")), None)
        if owner is not None:
            return owner.value  # "supports the leader's BS Attack", "my opponent's Discover": the owner's
        if m.end + 1 < len(self.toks) and self.toks[m.end].low in self._words("owner_of") \
                and self.vocab.subjects[m.value].kind == "skill":
            # "da Apoyo al Ataque CD del Jefe de Equipo": the Skill of the one named after "del"
            # (not an event: "tocar la peana de una miniatura enemiga" names whose base is touched)
            after = next((n for n in self.mentions if n.kind == "actor" and n.value in ("enemy", "ally", "leader")
                          and m.end < n.start <= m.end + 2), None)
            if after is not None:
                return after.value
        if m.value == "template_weapon" and self._after_word(m, "instrument"):
            # "Can an enemy hit my HD trooper with a frag grenade?": the weapon is used by the
            # sentence's subject, named first, not the trooper it is used on (not "Against an
            # enemy, my marker…", nor "…and it answers with…": a pronoun or the asker between)
            sent = self.toks[m.start].sent
            named = [c for c in self._candidates() if self.toks[c[1]].sent == sent and c[1] < m.start]
            first = named[0] if named else None
            if first is not None and first[0] == "enemy" and self.rec.roles.get(first[1]) not in ("speaker", "pronoun") \
                    and not (first[1] > 0 and self.toks[first[1] - 1].low in self._list("target")) \
                    and not any(self.rec.roles.get(c[1]) in ("speaker", "pronoun") for c in named[1:]):
                return "enemy"
        means_of = self._instrument_of(m)
        if means_of is not None:
            # "my opponent shoots my camo marker with a flamethrower", "target it with a Template":
            # the weapon is the means of the Skill or targeting before it, whoever does that
            if self._targets_state(means_of, state_mentions):
                self.aimed_at_state = True  # the Template is aimed at the trooper in the state itself
            if means_of.kind == "subject":
                return self._who(means_of, state_mentions)
            found = self._agent_at(means_of)
            if found is not None:
                return found[0]
        if self._phrase_before(m, "target_of") is not None:
            # "can my camo marker be the main target of a Template?": aimed at the trooper
            if state_mentions and any(s.end <= m.start for s in state_mentions):
                self.aimed_at_state = True
            return "enemy"
        if self._done_against(m.value) and self._fronted_target(m, state_mentions):
            return "enemy"  # "contra un CAMO lo único que puedes declarar en ORA es Descubrir"
        if self._done_against(m.value) and self._cancels_named_state(m, state_mentions):
            return "enemy"  # "Can a plain Discover cancel my Hidden Deployment?": done against it
        manner = self._manner_of(m)
        if manner is not None:
            return self._who(manner, state_mentions)  # "dispararme de ORA": the shot is the ARO
        listed = self._listed_after_skill(m)
        if listed is not None:
            # "can declare Cautious Movement and then a BS Attack": a second object of the same
            # verb, done by whoever does the first
            return self._who(listed, state_mentions)
        answered = self._answered_skill(m)
        if answered is not None:
            # "the Team Leader declares Dodge against an incoming Template": the Template is
            # the other side's, the Skill the Dodge answers
            return "self" if self._who(answered, state_mentions) == "enemy" else "enemy"
        i = m.start - 1
        while i >= 0 and (self.toks[i].low in self._list("article") or self.toks[i].low in self._words("roll_result")):
            i -= 1
        if i == m.start - 1 >= 0 and self.toks[i].low in self._words("agent_by") and self._verb_form(m):
            return "self"  # "is HD cancelled by shooting?", "¿se cancela por disparar?": its own doing
        if i >= 0 and self.toks[i].low in self._words("agent_by") and not self._passive(m):
            # "targeted by a failed Discover", "hit by a Riotstopper": an event, or a Skill done
            # against the trooper, is an enemy's; "is HD cancelled by a Dodge?": any other Skill
            # is the trooper's own, unless an owner stands by it ("by an enemy Dodge")
            owners = self._words("enemy_owner")
            after = self.toks[m.end].low if m.end < len(self.toks) else ""
            if self.vocab.subjects[m.value].kind != "skill" or self._done_against(m.value) \
                    or any(self.toks[k].low in owners for k in range(i + 1, m.start)) \
                    or after in self._words("enemy_after"):
                return "enemy"
            return "self"
        j = m.start - 1
        named = next((n for n in self.mentions if n.kind in ("weapon", "unit") and n.end == m.start), None)
        if named is not None:
            j = named.start - 1  # "can my HMG shoot it?": the asker's trooper, named by its weapon
        if j >= 0 and self.toks[j].low in self._words("mine"):
            return self._speaker_side() if getattr(self, "asker_known", True) else "self"  # "my Chain Rifle template"
        if getattr(self, "target_inferred", False) and self.vocab.subjects[m.value].kind == "skill":
            return "enemy"  # "Can I Intuitive Attack a guy who is not camo?": the asker attacks
        if self._used_with_state(m, state_mentions):
            return "self"  # "Can my opponent use Surprise Attack with his HD trooper?": the trooper uses it
        if self._clitic_on_state(m, state_mentions) or (self._asker_as_object(m) and self._asker_owns_state(state_mentions)):
            # "¿puede volver a intentar Descubrirlo?", and "¿puede dispararme…?" of the asker's own
            # CAMO: done to the trooper in the state
            return "enemy"
        found = self._agent_at(m)
        agent = found[0] if found is not None else None
        if agent == "self" and (self.rec.roles.get(found[1]) != "speaker" or not self._speaker_owns_state()) \
                and not (self.vocab.subjects[m.value].kind == "skill" and not self._done_against(m.value)) \
                and self._pronoun_target_is_state(m, self._list("article") | self._list("target")):
            # "…my Hafza and declares Discover on it": no trooper targets itself (but "I moved
            # him" of "my HD guy": the asker moves their own trooper; "is really a Hafza… Can I
            # declare an Intuitive Attack against it?": the asker, who owns no marker, attacks; but
            # "I want to Cautious Movement him past…": a Skill done against no one moves the one
            # named after it)
            return "enemy"
        if agent == "self" and self.rec.roles.get(found[1]) == "pronoun" and self._done_against(m.value) \
                and state_mentions and (all(self._object_position(s.start) or s.start > m.start for s in state_mentions)
                                        or self._speaker_side() == "enemy") \
                and self._targets_state(m, state_mentions):
            # "Can he shoot his camo marker…?": the only trooper in the state named is the one
            # shot at, and no trooper attacks itself; nor when the asker's side is the marker's
            # enemy ("My Fusilier had a camo marker in sight… Can he shoot the marker?")
            return "enemy"
        if agent is None:
            if self._targets_state(m, state_mentions) or self._means_of_next(m, state_mentions):
                return "enemy"
            return "self"
        return agent

    def _contact_with_an_enemy_marker(self, actions: list[Action], states: list[str]) -> None:
        """"Can my camo marker go into base contact with an enemy camo marker?": whether it may
        is the enemy marker's rule (no one enters Silhouette contact with it), and from that
        marker's side the asker's trooper is the enemy bringing the contact about. Only when
        "with" names an enemy's trooper in the state asked about, whose rows forbid an enemy
        that event."""
        for a in actions:
            if a.kind != "event" or a.by != "self" or a.start < 0 or not states:
                continue
            if not any(r.topic == "enemy" and r.outcome == "forbidden" for r in self.table.rows_for(states[0], a.subject)):
                continue
            m = next((n for n in self.mentions if n.kind == "subject" and n.start == a.start), None)
            if m is None:
                continue
            j = m.end
            if j < len(self.toks) and self.toks[j].low in self._words("instrument"):
                target = next((n for n in self.mentions if n.kind in ("state", "hint", "weak_state")
                               and self._np_start(n) == j + 1), None)
                if target is not None and self._enemy_owned(target) and self._state_of(target) == states[0]:
                    a.by = "enemy"

    def _positions_of(self, kinds: tuple[str, ...]) -> frozenset[int]:
        """The positions of the words of mentions of `kinds`, worked out once per list of
        mentions (several checks walk noun phrases with them, many times per question)."""
        memo = self.__dict__.setdefault("_positions_memo", {})
        key = (kinds, id(self.mentions))
        if key not in memo:
            memo[key] = frozenset(k for n in self.mentions if n.kind in kinds for k in range(n.start, n.end))
        return memo[key]

    def _name_positions(self) -> frozenset[int]:
        """The positions of unit and trooper names ("Janissary", "Fusilier")."""
        return self._positions_of(("unit", "trooper"))

    def _before_fireteam(self, m: Mention) -> int:
        """The position of the first word before the Fireteam named at `m` that is not an
        article, an owner word or a unit name ("of my *Janissary* Fireteam" → "of"); -1 at the
        sentence's start."""
        named, skip = self._name_positions(), self._list("article") | self._words("possessive") | self._words("mine")
        i = m.start - 1
        while i >= 0 and self.toks[i].sent == self.toks[m.start].sent and (i in named or self.toks[i].low in skip):
            i -= 1
        return i if i >= 0 and self.toks[i].sent == self.toks[m.start].sent else -1

    def _after_fireteam(self, m: Mention) -> int:
        """The position of the first word after the Fireteam named at `m` and its kind and unit
        ("Fireteam *Core of Janissaries* including…" → "including"); len(tokens) at the end."""
        named, kinds, of = self._name_positions(), self._words("fireteam_kind"), self._words("owner_of")
        j = m.end
        while j < len(self.toks) and self.toks[j].sent == self.toks[m.start].sent and (
                j in named or self.toks[j].low in kinds or (self.toks[j].low in of and j + 1 in named)):
            j += 1
        return j if j < len(self.toks) and self.toks[j].sent == self.toks[m.start].sent else len(self.toks)

    def _in_fireteam(self, m: Mention) -> bool:
        """Whether the Fireteam named at `m` is one a trooper is in or part of ("my Hafza *in a
        Fireteam*", "member *of the* Fireteam", "of my *Janissary* Fireteam": `[words]
        member_of` before it, articles and unit names between)."""
        i = self._before_fireteam(m)
        return i >= 0 and self.toks[i].low in self._words("member_of")

    def _fireteam_declares(self, m: Mention) -> bool:
        """Whether the Fireteam named at `m` is said to declare, as the one the trooper in the
        state is in: "Janissary Fireteam *with a Hafza in HoloMask* declares…" (`[words]
        team_with`, the state named within four words), or "is in a Fireteam *that declares*
        Move…" (a relative clause naming a Skill). Not an enemy's or an unowned Fireteam acting
        on the marker ("Can a Fireteam shoot a Camo marker?"), nor "a Fireteam member"."""
        toks, j = self.toks, self._after_fireteam(m)
        if j >= len(toks) or toks[j].low in self._words("member_noun"):
            return False
        if toks[j].low in self._words("team_with"):
            asked = {n.value for n in self.asked_state_mentions}
            states = {n.start for n in self.mentions if n.kind in ("state", "hint") and (not asked or n.value in asked)}
            return any(j < k <= j + 4 for k in states)
        if toks[j].low in self._words("relative") and toks[j].low not in self._words("person_relative") \
                and self._in_fireteam(m):
            return any(n.kind == "subject" and j < n.start <= j + 4 and toks[n.start].sent == toks[j].sent
                       for n in self.mentions)
        return False

    def _target_before_relative(self, rel: int, cands: list) -> tuple[str, int] | None:
        """"My camo marker shoots at a guy who walked into its LoF": a trooper noun right before
        the relative word, named as the target of what went before ("at a guy") and no one's the
        question knows, is the other side: the enemy does what the relative clause says."""
        noun = next((n for n in self.mentions if n.kind in ("trooper", "unit") and n.end == rel), None)
        if noun is None or any(c[1] == noun.start for c in cands):
            return None
        i = noun.start - 1
        while i >= 0 and self.toks[i].low in self._list("article") and self.toks[i].low not in self._words("mine"):
            i -= 1
        if i < 0 or self.toks[i].low not in self._list("target"):
            return None
        return ("enemy", noun.start)

    def _state_of(self, m: Mention) -> str:
        """The state a state, hint or plain-marker mention names, in the question's edition
        ("camo marker" in an N3 question is TO Camouflaged)."""
        return self._in_edition(m.value if m.kind == "state" else self._camouflage_state(DEFAULT_EDITION))

    def _verb_form(self, m: Mention) -> bool:
        """Whether a Skill is named by a verb's gerund or infinitive ("shooting", "disparar"),
        not by a noun ("a BS Attack", "Esquivar" as a Skill's name is capitalised)."""
        if self.toks[m.start].text[:1].isupper():
            return False
        return self.toks[m.start].low.endswith("ing") or self._infinitive(m.start)

    def _infinitive(self, i: int) -> bool:
        """Whether the word at `i` of a Spanish question is a verb's infinitive ("disparar")."""
        return self.rec.lang == "es" and self.toks[i].low.endswith(("ar", "er", "ir"))

    def _cancels_named_state(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """Whether Skill `m` is the subject of a verb of revealing or cancelling right after it
        (a few words between, no break) whose object is the state ("Can a normal Discover cancel
        my HD?", "A plain Discover roll can cancel an enemy's Hidden Deployment, yeah?"), with
        no word of declaring before it ("declaring Discover cancels HD" is the trooper's own)."""
        toks = self.toks
        sent = toks[m.start].sent
        ask = next((n for n in self.mentions if n.kind == "ask" and n.value.split(":")[:2] in (["revealed", "+"], ["state_ends", "+"])
                    and m.end <= n.start <= m.end + 3 and toks[n.start].sent == sent), None)
        if ask is None or any(toks[k].brk for k in range(m.start, ask.start)):
            return False
        # (the state someone's: "my HD", "an enemy's Hidden Deployment" — "a BS Attack cancels
        # HoloMask" says what declaring one does)
        owners = self._words("mine") | self._words("possessive") | self._words("enemy_owner")
        if not any(s.start >= ask.end and toks[s.start].sent == sent
                   and any(toks[k].low in owners for k in range(max(0, s.start - 2), s.start)) for s in state_mentions):
            return False
        return not any(toks[k].low in self._words("declaring") for k in range(max(0, m.start - 3), m.start)
                       if toks[k].sent == sent)

    def _done_against(self, subject: str) -> bool:
        """Whether a Skill, or a more general one it is a kind of, is done against another
        trooper (`against` in the logic table: Discover, an Attack)."""
        from rulecheck.checker.engine import ancestors_in

        subjects = self.vocab.subjects
        return any(subjects[s].against for s in ancestors_in(subjects, subject) if s in subjects)

    def _answered_skill(self, m: Mention) -> Mention | None:
        """The Skill `m` is named as the target of ("Dodge against a Template", "ORA contra su
        Ataque CD"): a Skill right before a target word and an article or two."""
        i = m.start - 1
        while i >= 0 and self.toks[i].low in self._list("article"):
            i -= 1
        if i < 1 or self.toks[i].low not in self._words("answering"):
            return None
        before = next((n for n in self.mentions if n.kind == "subject" and n.end == i), None)
        if before is None or self.vocab.subjects[before.value].kind != "skill" \
                or self.vocab.subjects[m.value].kind != "skill":
            return None
        return before

    def _means_of_next(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """A Skill named as the doer of the next one, which targets the state ("Can Sensor
        discover a trooper in HD?", "¿El Sensor puede descubrir a una tropa en DO?"): the same
        side declares both."""
        nxt = next((n for n in self.mentions if n.kind == "subject" and n.start >= m.end), None)
        if nxt is None or nxt.start - m.end > 2:
            return False
        if any(self._kind_at(i) not in ("ask", None) for i in range(m.end, nxt.start)):
            return False
        return self._targets_state(nxt, state_mentions)

    def _passive(self, m: Mention) -> bool:
        i = m.start - 1
        while i >= 0 and self.rec.roles.get(i) in ("stop", "filler") and self.toks[i].low not in self._list("passive"):
            i -= 1
        return i >= 0 and self.rec.roles.get(i) == "passive" and self.toks[m.start].low.endswith(("ed", "shot", "hit", "do"))

    def _done_to_by_others(self, m: Mention) -> bool:
        """"A mi tropa en HoloMask le dispararon", "me lo descubrieron": a one-word Skill in the
        third person plural (`impersonal_plural`) right after an object pronoun is done to the
        one the pronoun names, by unnamed others: the enemy."""
        word = self.toks[m.start].low
        if m.end - m.start != 1 or not word.endswith(tuple(self._list("impersonal_plural"))):
            return False
        clitics = self._list("object_pronoun") | self._words("object_speaker")
        return any(self.toks[k].low in clitics and self.toks[k].sent == self.toks[m.start].sent
                   for k in range(max(0, m.start - 2), m.start))

    def _agent(self, m: Mention) -> str | None:
        """The side of the one who does the Skill, as `_agent_at` finds them."""
        found = self._agent_at(m)
        return found[0] if found is not None else None

    def _manner_of(self, m: Mention) -> Mention | None:
        """The specific Skill a general one says the manner of, right before it with only a word of
        `[words] manner_link` between ("dispararme *de* ORA", "shoot *in* ARO"): the same
        declaration, by the same one (so `_subsume` reads it as one)."""
        if not self.vocab.subjects[m.value].generic or m.start < 2 or self.toks[m.start - 1].low not in self._words("manner_link"):
            return None
        return next((n for n in self.mentions if n.kind == "subject" and n.end == m.start - 1
                     and not self.vocab.subjects[n.value].generic and self.vocab.subjects[n.value].kind == "skill"
                     and self.toks[n.start].sent == self.toks[m.start].sent), None)

    def _agent_at(self, m: Mention) -> tuple[str, int] | None:
        """(side, position) of the nearest one named before the Skill in its sentence, skipping
        those that are a target or an attribute ("against a marker", "with Camouflage"); a
        participle right after someone is theirs ("shoots at a guy running past": the guy runs)."""
        sent = self.toks[m.start].sent
        cands = [c for c in self._candidates() if c[1] < m.start and self.toks[c[1]].sent == sent]
        rel = next((i for i in range(m.start - 1, max(-1, m.start - 4), -1)
                    if self.toks[i].low in self._words("relative")), None)
        if rel is not None and not any(rel < c[1] < m.start for c in cands):
            # "da Apoyo al Líder, que dispara", "un marcador que declaró Mover": the one named
            # right before "que" does it
            target = self._target_before_relative(rel, cands)
            if target is not None:
                return target
            noun = next((c for c in reversed(cands) if c[1] < rel), None)
            if noun is not None:
                return noun
        if self.toks[m.start].low.endswith("ing"):
            # "a guy running past": the one named right before a participle does it
            noun = next((n for n in self.mentions if n.kind in ("trooper", "unit", "actor") and n.end == m.start), None)
            if noun is not None:
                side = next((c[0] for c in cands if c[1] == noun.start), None)
                return (side or "enemy", noun.start)
        subject = self._shared_subject(m, cands)
        if subject is not None:
            return subject
        for side, pos in reversed(cands):
            if self._object_position(pos):
                continue
            return side, pos
        return None

    def _shared_subject(self, m: Mention, cands: list[tuple[str, int]]) -> tuple[str, int] | None:
        """The subject of the clause before, when the Skill's clause is "and" + a verb with no
        one named between ("His HD Tiger Soldier came out next to my Zhanshi and went into CC":
        the Tiger Soldier, not the Zhanshi): the first one named in the sentence, not a target."""
        joins = [i for i in range(m.start - 1, -1, -1) if self.toks[i].sent == self.toks[m.start].sent
                 and self.toks[i].low in self._words("coordinator")]
        if not joins or not cands:
            return None
        k = joins[0]
        if any(k < pos < m.start for _, pos in cands) or m.start - k > 3 or not any(pos < k for _, pos in cands):
            return None
        first = next((c for c in cands if c[1] < k and not self._object_position(c[1]) and not self._possessor(c[1])), None)
        if first is None or first == max((c for c in cands if c[1] < k), key=lambda c: c[1]):
            return None  # the one named last is the subject anyway
        return first

    def _used_with_state(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """"use Surprise Attack with his HD trooper", "usar Ataque Sorpresa con su tropa en DO",
        "My opponent declared Dodge with his camo marker": a Skill (after a form of "use", or any
        Skill, not an event such as contact "with" someone) followed by "with" and the trooper in
        the state."""
        if m.start == 0 or (self.toks[m.start - 1].low not in self._words("use_verb")
                            and self.vocab.subjects[m.value].kind != "skill"):
            return False
        if m.end >= len(self.toks) or self.toks[m.end].low not in self._words("instrument"):
            return False
        return any(self._np_start(s) <= m.end + 3 and s.start > m.end for s in state_mentions)

    def _possessor(self, pos: int) -> bool:
        """Whether the one named at `pos` is written with "'s" before a trooper it owns ("My
        opponent's trooper is in HD and declares…": the trooper is the subject, not the opponent)."""
        actor = next((n for n in self.mentions if n.kind == "actor" and n.start == pos), None)
        return actor is not None and self.toks[actor.end - 1].poss and any(
            n.kind in ("trooper", "unit", "state", "hint", "weak_state") and n.start == actor.end for n in self.mentions)

    def _candidates(self) -> list[tuple[str, int]]:
        """(side, position) of everyone named: the trooper in the state ("self"), an enemy, an
        ally, the Team Leader, the asker, a pronoun (resolved to the one named before)."""
        if hasattr(self, "_cands"):
            return self._cands
        out: list[tuple[str, int]] = []
        member_of: set[int] = set()  # words naming a Fireteam a trooper is in ("my *Janissary* Fireteam")
        speaker = self._speaker_side()
        state_pos = {i for m in self.mentions if m.kind in ("state", "hint", "weak_state") for i in range(m.start, m.end)}
        asked = {s.value for s in self.asked_state_mentions}
        for m in self.mentions:
            if m.kind in ("state", "hint", "weak_state"):
                if asked and m.value not in asked and self._enemy_owned(m):
                    # "An enemy camo marker moved in LoF of my HD sniper": another state, the enemy's
                    out.append(("enemy", m.start))
                    continue
                out.append(("self", m.start))  # a state named is the trooper in it
            elif m.kind == "actor" and m.value in ("enemy", "ally", "leader", "team"):
                if self._attribute_of_state(m, state_pos) or (m.value == "team" and self._in_fireteam(m) and any(
                        self.toks[k].low in self._words("declaring_verb") for k in range(m.start, m.end))):
                    # (not "my Hafza *in a Fireteam declares* Discover": the Hafza declares; nor
                    # "the Team Leader *of my Janissary Fireteam declares*": the Leader, and
                    # the unit naming the Fireteam is no one)
                    self._use(m)
                    if m.value == "team":
                        member_of |= self._naming_fireteam(m)
                    continue
                out.append((m.value, m.start))
                self._use(m)
            elif m.kind in ("trooper", "unit"):
                if m.kind == "unit" and m.end < len(self.toks) and self.toks[m.end].low in self._words("fireteam_kind"):
                    continue  # "the Team Leader of my Janissary core": the unit names a Fireteam, no one
                side = self._noun_side(m, speaker, state_pos)
                if side is not None:
                    out.append((side, m.start))
            elif m.kind == "term" and m.value == "fireteam":
                declares = self._fireteam_declares(m)
                if declares or self._in_fireteam(m):
                    member_of |= self._naming_fireteam(m)  # "a Fireteam Core *of Janissaries*": no one
                if declares:
                    # "a Fireteam that declares Move + BS Attack", "Haqqislam Fireteam with a
                    # HoloMask Hafza declares…": the Fireteam declares, its Team Leader's Order
                    out.append(("team", m.start))
        for t in self.toks:
            role = self.rec.roles.get(t.i)
            if role == "speaker" and not self._possessive_before_noun(t.i) and t.low not in self._words("object_speaker") \
                    and not (t.i + 1 < len(self.toks) and self.toks[t.i + 1].low in self._words("reporting")
                             and not self._says_a_skill(t.i + 1)):
                # (not "me": "luego me disparó", "he shot me": the asker is the object; nor the
                # "I" of "I think…", "I say…": the asker tells a view, and acts in none of it)
                out.append((speaker, t.i))
            elif role == "pronoun" and t.low not in self._words("possessive") and t.low not in self._list("object_pronoun"):
                # "the Team Leader declares BS Attack and he supports": "he" is the trooper asked
                # about, not the Leader; nor is one named as a target ("against my camo marker");
                # nor the asker: "he", "him", "it" never stand for "I"
                prev = [c for c in out if c[1] < t.i and c[0] != "leader" and not self._object_position(c[1])
                        and not self._in_subordinate(c[1], t.i) and self.rec.roles.get(c[1]) != "speaker"]
                reporter = self._reporter_of(t.i)
                if reporter is not None:
                    out.append((reporter, t.i))  # "My opponent says he can…": the one who says it
                    continue
                named = any(c[1] < t.i and self.rec.roles.get(c[1]) != "speaker" for c in out)
                opening = t.i > 0 and self.toks[t.i - 1].low in self._words("subordinating") | self._list("condition")
                if opening and self._state_in_clause(t.i):
                    opening = False  # "After he walks past my HD trooper, …": the trooper is another
                if t.i + 1 < len(self.toks) and self.toks[t.i + 1].low in self._words("copula"):
                    opening = True  # "She is my camo Ninja": the pronoun is said to be the trooper
                if not named and t.low in self._words("personal") and self._speaker_owns_state() and not opening:
                    # (not "When he shoots, does my HD trooper lose HD?": a pronoun opening an
                    # if/when clause may stand for the main clause's subject, named after it)
                    # "He declared a normal Discover at the spot where my HD trooper is written
                    # down": a person no one named before, beside the asker's own trooper, is the
                    # asker's opponent
                    out.append(("enemy", t.i))
                    continue
                out.append((self._referent(prev, t) if prev else "self", t.i))
        units = self._name_positions()
        out = sorted((c for c in out if not (c[1] in member_of and c[1] in units)), key=lambda c: c[1])
        self._cands = out
        return out

    def _says_a_skill(self, i: int) -> bool:
        """Whether the reporting verb at `i` is followed by one Skill's name and nothing else
        in its clause ("I said Discover", "y yo digo Descubrir"): at the table, saying a Skill
        declares it."""
        toks = self.toks
        m = next((m for m in self.rec.mentions if m.kind == "subject" and m.start == i + 1), None)
        if m is None or self.vocab.subjects[m.value].kind != "skill" or toks[m.start].sent != toks[i].sent:
            return False
        return m.end == len(toks) or toks[m.end - 1].brk or toks[m.end].sent != toks[i].sent \
            or toks[m.end].low in self._words("coordinator")

    def _naming_fireteam(self, m: Mention) -> set[int]:
        """The positions of unit or trooper names right before the Fireteam named at `m`,
        articles between ("of my *Janissary* Fireteam"), or after it through its kind ("Fireteam
        Core of *Janissaries*"): they name the Fireteam, no one in it."""
        named = self._name_positions()
        return {k for k in range(self._before_fireteam(m) + 1, self._after_fireteam(m)) if k in named}

    def _state_in_clause(self, i: int) -> bool:
        """Whether a state is named after word `i` in its clause (up to the next comma)."""
        end = i
        while end < len(self.toks) and self.toks[end].sent == self.toks[i].sent and not self.toks[end].brk:
            end += 1
        return any(m.kind in ("state", "hint", "weak_state") and i < m.start <= end for m in self.mentions)

    def _reporter_of(self, i: int) -> str | None:
        """The side of whoever reports, when the subject pronoun at `i` opens what they report
        ("My opponent says he can shoot…", "Mi rival dice que él…"): an enemy or an ally named
        right before the reporting verb; None otherwise."""
        if self.toks[i].low not in self._words("subject_pronoun"):
            return None
        j = i - 1
        if j >= 0 and self.toks[j].low in self._words("relative"):
            j -= 1  # "says that he…"
        if j < 1 or self.toks[j].low not in self._words("reporting") or self.toks[j].sent != self.toks[i].sent:
            return None
        actor = next((n for n in self.mentions if n.kind == "actor" and n.end == j and n.value in ("enemy", "ally")), None)
        return actor.value if actor is not None else None

    def _referent(self, prev: list[tuple[str, int]], pronoun) -> str:
        """The side a pronoun stands for, among those named before it: a subject pronoun ("he",
        "she", "they") the first named in the latest sentence naming anyone — that sentence's
        subject ("My camo Ninja sits next to the enemy Lt. Can she…?"); any other, the latest."""
        if self._keeps_own_state(pronoun.i):
            return "self"  # "Does it keep its marker state…?": the one whose state it is
        things = [c for c in prev if self._names_a_thing(c[1])]
        if pronoun.low in self._words("thing_pronoun") and things:
            # "My camo marker is next to his Fusilier. Is it revealed if it shoots?": "it" stands
            # for the thing named (the marker), not for the trooper ("he") named after it
            return max(things, key=lambda c: c[1])[0]
        if pronoun.low not in self._words("subject_pronoun"):
            # "can she use Surprise Attack on him?": "him" is not the "she" of its own clause
            # nor anyone named in its own clause, nor that one named again: "He walked in front of
            # my HD sniper. Can my sniper shoot him?" ("him" is never the sniper; a reflexive would be)
            own = set()
            if pronoun.low in self._words("personal"):
                # the subject of its clause: the nearest named before it, no "and"/"but" between
                near = max((c for c in prev if self._same_clause(c[1], pronoun.i)), key=lambda c: c[1], default=None)
                if near is not None and not any(self.toks[k].low in self._words("clause_break") | self._words("reporting")
                                                for k in range(near[1] + 1, pronoun.i)):
                    own = {near[0]}
            others = [c for c in prev if c[0] not in own and not (
                self.toks[c[1]].low in self._words("subject_pronoun") and self._same_clause(c[1], pronoun.i))]
            if not others and own & {"self", "enemy"}:
                # "Can my HD sniper shoot him?": no one else named; "him" is the other side
                return "enemy" if "self" in own else "self"
            others = others or prev
            return max(others, key=lambda c: c[1])[0]
        # "he", "she" stand for a trooper, not for a marker ("an enemy CAMO marker walks through
        # my Alguacil's LoF. Can he shoot it?")
        people = [c for c in prev if not self._names_a_thing(c[1])] or prev
        sent = max(self.toks[c[1]].sent for c in people)
        return min((c for c in people if self.toks[c[1]].sent == sent), key=lambda c: c[1])[0]

    def _clitic_on_state(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """A Spanish infinitive with its object as a suffix ("Descubrirlo", "dispararle") of a
        Skill done against another trooper, after the trooper in the state was named, in a
        question with no one named before it in its sentence: done to that trooper."""
        if not self._done_against(m.value) or not self._has_object_clitic(m):
            return False
        sent = self.toks[m.start].sent
        if any(self.toks[c[1]].sent == sent and c[1] < m.start for c in self._candidates()):
            return False
        # only a trooper in the state named as a target before ("contra mi CAMO"), never as the
        # subject ("Mi tropa en Camuflado está en LDT de un enemigo. ¿Puede dispararle?": it shoots)
        before = [s for s in state_mentions if s.end <= m.start]
        if before and (self._speaker_side() == "enemy" or (not self._speaker_owns_state() and self._first_person_ask(m))):
            # "Un CAMO se activa en mi LDT, ¿le puedo disparar?": the asker, not the one it names,
            # shoots; no one asks whether they may shoot their own trooper
            return True
        return bool(before) and all(self._object_position(self._np_start(s)) or self._after_word(s, "target")
                                    or self._enemy_owned(s) for s in before)

    def _asker_as_object(self, m: Mention) -> bool:
        """Whether a Skill done against another has the asker as its object (`[words]
        asker_object`): "shoot me", "¿puede dispararme?" (an infinitive or gerund with the
        pronoun as its suffix)."""
        if not self._done_against(m.value):
            return False
        objects = self._words("asker_object")
        toks, last = self.toks, self.toks[m.end - 1]
        if any(last.low.endswith(o) and last.low[:-len(o)].endswith(("r", "ndo")) for o in objects):
            return True
        # (not a pronoun before it: "¿me dejan disparar?" is the asker shooting)
        return m.end < len(toks) and toks[m.end].low in objects and toks[m.end].sent == last.sent

    def _asker_owns_state(self, state_mentions: list[Mention]) -> bool:
        """Whether a trooper in the state is named as the asker's own and no one else's ("my
        CAMO", "mi CAMO"; not "my opponent's HD trooper")."""
        mine, others = self._words("mine"), self._words("enemy_owner")
        return any((self._words_before(s, 2) & mine) and not (self._words_before(s, 2) & others) for s in state_mentions)

    def _first_person_ask(self, m: Mention) -> bool:
        """Whether the asking verb before the Skill `m`, in its sentence, is the asker's own
        ("¿*Puedo* dispararle?", "¿Le *puedo* disparar?")."""
        return any(n.kind == "ask" and n.end <= m.start and self.toks[n.start].sent == self.toks[m.start].sent
                   and any(self.toks[k].low in self._words("first_person_modal") for k in range(n.start, n.end))
                   for n in self.mentions)

    def _has_object_clitic(self, n: Mention) -> bool:
        """Whether the Skill `n` carries an object pronoun: as its own suffix ("dispararle"), before
        it ("¿le puedo disparar?"), or on the verb that makes it ("hacerle un Ataque CD")."""
        suffixes = tuple(self._list("object_suffix"))
        if not suffixes:
            return False
        if n.end - n.start == 1 and self.toks[n.start].low.endswith(suffixes):
            return True
        k = n.start - 1
        while k >= 0 and self.toks[k].low in self._list("article"):
            k -= 1
        return (k >= 0 and self.toks[k].low.endswith(suffixes)) or self._clitic_before(n.start)

    def _clitic_before(self, i: int) -> bool:
        """Whether an object pronoun stands before the verb at `i`, with at most a modal
        between ("¿*Le* puede disparar?", "¿*Lo* descubro?")."""
        k = i - 1
        if k >= 0 and self._kind_at(k) == "ask":
            k -= 1
        return k >= 0 and self.toks[k].sent == self.toks[i].sent and self.toks[k].low in self._list("object_pronoun")

    def _keeps_own_state(self, i: int) -> bool:
        """Whether the pronoun at `i` is followed by a verb asking whether a state is kept or
        lost and the state as its own ("it keep its marker state", "he lose his camo")."""
        ask = next((m for m in self.mentions if m.kind == "ask" and 1 <= m.start - i <= 2
                    and m.value.split(":")[0] in ("revealed", "state_ends")), None)
        if ask is None:
            return False
        if any(self.toks[k].low in self._words("possessive") for k in range(ask.start + 1, ask.end)):
            return True  # one phrase: "keep its marker state"
        return ask.end + 1 < len(self.toks) and self.toks[ask.end].low in self._words("possessive") and any(
            m.kind in ("state", "hint", "weak_state") and m.start == ask.end + 1 for m in self.mentions)

    def _same_clause(self, i: int, j: int) -> bool:
        """Whether words `i` < `j` stand in one sentence with no clause break between."""
        return self.toks[i].sent == self.toks[j].sent and not any(self.toks[k].brk for k in range(i, j))

    def _names_a_thing(self, pos: int) -> bool:
        """Whether the one named at `pos` is named by a thing's noun ("the camo marker")."""
        m = next((m for m in self.mentions if m.start == pos), None)
        end = m.end if m is not None else pos + 1
        return any(self.toks[i].low in self._words("thing") for i in range(pos, min(end + 1, len(self.toks))))

    def _attribute_of_state(self, m: Mention, state_pos: set[int]) -> bool:
        """"an enemy camo marker", "el marcador enemigo", "el CAMO de mi rival": the word says
        whose the marker is."""
        j = m.start - 1
        if j >= 0 and self.toks[j].low in self._words("mine"):
            j -= 1  # "de *mi* rival"
        of = j >= 1 and self.toks[j].low in self._words("owner_of") and j - 1 in state_pos and not self.toks[j - 1].brk
        return (of or m.end in state_pos or (m.start - 1 in state_pos and not self.toks[m.start - 1].brk)
                or (m.end + 1 in state_pos and self.rec.roles.get(m.end) in ("stop",)))

    def _speaker_side(self) -> str:
        """The asker's side: the trooper's own ("my camo marker") unless the question marks the
        marker as an enemy's ("his camo", "un CAMO enemigo") or names it as a target ("can I
        shoot a camo marker?", "discover on a CAMO")."""
        toks = self.toks
        states = self._asked_state_names()
        owner = self._owner_said(states)
        if owner is not None:
            return owner
        if states and any(self._phrase_at(t.i, "asker_area", (6, 5, 4, 3)) for t in toks) \
                and not any(self._phrase_at(t.i, "asker_having", (3, 2, 1)) for t in toks):
            # "a TO Camo marker moves in my LoF. Can I Dodge against it?", "Un CAMO se activa delante
            # de mi francotirador": a marker no one owns, by the asker's troopers, is the enemy's
            return "enemy"
        if any(self._acts_on_asker(m) for m in states):
            # "A camo marker shoots me in his turn, can I answer in ARO?", "un camo me dispara":
            # the asker is the one it acts on
            return "enemy"
        subjects = [n for n in self.mentions if n.kind == "subject"]
        if states and any(self._has_object_clitic(n) and self._done_against(n.value) and self._first_person_ask(n)
                          for n in subjects):
            # "Un marcador CAMO se activa en mi LDT, ¿le puedo disparar?", "¿Puedo dispararle a
            # una mini que sospecho que es un HoloMask?": the asker shoots it
            return "enemy"
        # a bare "marker" stands for the marker of the state asked about ("The CAMO moves. Can I
        # declare a BS Attack against the marker?")
        bare = [m for m in self.mentions if m.kind == "weak_state" and m.value == "marker" and m not in states]
        for m in states + bare:
            start = self._np_start(m)
            # "shoot a camo marker", "descubrir el CAMO" (not "Ataque CD, ¿pierdo el DO?": an
            # asking verb between)
            joined = self._list("article") | self._list("target")
            if self._object_position(start) or any(0 <= start - n.end <= 1 and all(
                    self.toks[k].low in joined for k in range(n.end, start)) and self._done_against(n.value)
                                                   for n in subjects):
                # (not "¿Al declarar Alertar el marcador pierde…?": a Skill done against no one
                # takes no object; the marker is the subject after it)
                return "enemy"
        indefinite = self._words("indefinite")
        linking = self._words("linking")

        def window(m: Mention) -> range:
            start = self._np_start(m)
            if toks[start].low in indefinite and not any(toks[k].low in linking for k in range(max(0, start - 3), start)):
                # "My Fusilier had a camo marker in sight", "mi Fusilero tenía a tiro un marcador":
                # a marker brought in by "a" after the asker's trooper is another one
                return range(m.start, m.end + 3)
            return range(max(0, m.start - 3), m.end + 3)

        state_pos = {i for m in states for i in window(m)}
        for n in self.mentions:
            # "my Fusilier", "my Chain Rifle", "my Discover roll": the asker's own trooper, weapon
            # or Skill, not the marker ("my trooper", "my guy" may well be the marker itself)
            own_skill = n.kind == "subject" and self.vocab.subjects[n.value].kind == "skill"
            if (n.kind in ("unit", "weapon") or own_skill) and n.start > 0 and toks[n.start - 1].low in self._words("mine") \
                    and not any(i in state_pos for i in range(n.start, n.end)) and not self._in_the_state(n, states):
                return "enemy"
        return "self"

    def _turned_down(self, m: Mention) -> int | None:
        """Where "instead of", "rather than", "en vez de" (`rejecting`, two words) stands right
        before the Skill `m` (an article between at most), or None."""
        for start in (m.start - 2, m.start - 3):
            if start >= 0 and self._phrase_at(start, "rejecting", (2,)) and self.toks[start].sent == self.toks[m.start].sent \
                    and (start + 2 == m.start or self.toks[start + 2].low in self._list("article")
                         or self.rec.roles.get(start + 2) == "stop"):
                return start
        return None

    def _acts_on_asker(self, m: Mention) -> bool:
        """Whether the trooper in the state named by `m` is the subject of a verb whose object is
        the asker, right after it in its clause: "<camo> shoots me" (one word, not a
        preposition, between) or "<camo> me dispara" (the object pronoun first)."""
        speaker = self._words("object_speaker")
        sent = self.toks[m.start].sent
        for k in (m.end, m.end + 1):
            if k >= len(self.toks) or self.toks[k].sent != sent or self.toks[k - 1].brk:
                return False
            if self.toks[k].low in speaker:
                before = self.toks[k - 1]
                return k == m.end or (not self.rec.roles.get(before.i) and before.low not in self._list("target")
                                      and not any(n.start <= before.i < n.end for n in self.mentions if n.kind != "subject"))
        return False

    def _in_the_state(self, n: Mention, states: list[Mention]) -> bool:
        """Whether a unit is the subject the state is said of, however many linking words
        stand between ("My Ninja has been sitting camouflaged", "Mi Ninja sigue en camu"): only
        `[words] linking` and filler phrases up to the state's name, in one sentence ("My Fusilier is standing
        next to a camo marker" names another: "next", "a" are no linking words)."""
        if n.kind != "unit":
            return False
        linking = self._words("linking")
        # and filler phrases of several words: "my Spektr starts *the Order* still in HD"
        filler = {i for f in self.mentions if f.kind == "filler" and f.end - f.start > 1 for i in range(f.start, f.end)}
        for m in states:
            between = range(n.end, m.start)
            if 0 < len(between) <= 6 and self.toks[m.start].sent == self.toks[n.start].sent \
                    and all(self.toks[i].low in linking or i in filler for i in between):
                return True
        return False

    def _asked_state_names(self) -> list[Mention]:
        """Every mention of the states asked about (of any state named when none is): "An enemy
        camo marker moved in LoF of my HD sniper" asks about the Hidden Deployment trooper."""
        asked = {s.value for s in self.asked_state_mentions}
        return [m for m in self.mentions if m.kind in ("state", "hint", "weak_state") and (not asked or m.value in asked)]

    def _owner_said(self, states: list[Mention]) -> str | None:
        """Whose the trooper in the state is, as the first of `states` whose owner is said says:
        the opponent's ("his camo", "My opponent's HoloMask trooper") is "enemy", the asker's
        ("my camo marker", "estando en Camuflado") "self"; None when no owner is said."""
        for m in states:
            if self._enemy_owned(m):
                return "enemy"
            start = self._np_start(m)
            if self._words_before(m) & self._words("mine") or (start > 0 and self.toks[start - 1].low in self._words("being")):
                return "self"
        return None

    def _owner_words(self) -> frozenset:
        """Words that say whose something is (my, his, enemy…): no plain article."""
        return self._words("mine") | self._words("possessive") | self._words("enemy_owner")

    def _speaker_owns_state(self) -> bool:
        """Whether the question names the trooper in the state as the asker's own ("my camo
        marker", "my HD trooper")."""
        return any(self._words_before(m) & self._words("mine") for m in self.mentions
                   if m.kind in ("state", "hint", "weak_state"))

    def _words_before(self, m: Mention, reach: int = 1) -> set[str]:
        """The words from `reach` before the noun phrase holding the state `m` up to the state's
        own name: its owner, article, trooper noun ("my camo marker", "his own camo")."""
        return {self.toks[i].low for i in range(max(0, self._np_start(m) - reach), m.start)}

    def _enemy_owned(self, m: Mention) -> bool:
        """Whether the state's noun phrase marks it as someone else's ("his camo", "the enemy
        camo marker", "un CAMO enemigo")."""
        after = {self.toks[m.end].low} if m.end < len(self.toks) else set()
        if self._words_before(m) & self._words("enemy_owner") or after & self._words("enemy_after"):
            return True
        if after & self._words("owner_of") and any(n.kind == "actor" and n.value == "enemy" and 0 < n.start - m.end <= 2
                                                for n in self.mentions):
            return True  # "el CAMO de mi rival", "the camo marker of my opponent"
        # "My opponent has a trooper in Hidden Deployment", "Mi rival tiene un CAMO"
        start = self._np_start(m)
        if start >= 2 and self.toks[start - 1].low in self._words("having") and any(
                n.kind == "actor" and n.value == "enemy" and n.end == start - 1 for n in self.mentions):
            return True
        # "El rival activa su CAMO": a possessive whose clause's subject, a word or two before, is an enemy
        owner = next((i for i in range(start, m.start) if self.toks[i].low in self._words("possessive")), None)
        if owner is None and start > 0 and self.toks[start - 1].low in self._words("possessive"):
            owner = start - 1
        return owner is not None and any(
            n.kind == "actor" and n.value == "enemy" and 0 < owner - n.end <= 2
            and self.toks[n.start].sent == self.toks[owner].sent for n in self.mentions)

    def _np_start(self, m: Mention) -> int:
        """Where the noun phrase holding a state begins: "a trooper in Hidden Deployment",
        "the enemy camo marker" (articles, owners, trooper nouns, "in" before it)."""
        i = m.start
        nouns = self.__dict__.get("_np_nouns")
        if nouns is None:  # once per reading: a question's mentions do not change once read
            nouns = self._np_nouns = {n.end: n.start for n in self.mentions
                                      if n.kind in ("trooper", "unit", "actor", "weak_state")}
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
        start = m.start
        while start > 0 and m.start - start < 3 and self.toks[start - 1].cap and self._kind_at(start - 1) is None:
            start -= 1  # "my Pan O guy": a name the lexicon does not know stands between
        before = [self.toks[i].low for i in range(max(0, start - 2), start)]
        # the state after the noun is its own only with no Skill between ("a trooper in HD", not
        # "an MSV3 trooper shoot a camo marker": the marker is the target)
        sent = self.toks[m.start].sent
        skill_after = next((n.start for n in self.mentions if n.kind == "subject" and m.end <= n.start < m.end + 3
                            and any(i > n.start and self.toks[i].sent == sent for i in state_pos)), None)
        after_end = min(len(self.toks), m.end + 3, skill_after if skill_after is not None else len(self.toks))
        near_state = any(i in state_pos for i in range(max(0, m.start - 2), after_end))
        if near_state or self._in_the_state(m, self._asked_state_names()):
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
                       and self.toks[i].low in self._words("subordinating")), None)
        if opener is None:
            return False
        return any(self.toks[i].brk for i in range(pos, pronoun)) or (
            pronoun - pos > 2 and any(self.rec.roles.get(i) == "" for i in range(pos + 1, pronoun)))

    def _possessive_before_noun(self, i: int) -> bool:
        return self.toks[i].low in ("my", "mi", "mis", "our", "your") and i + 1 < len(self.toks)

    def _object_position(self, pos: int) -> bool:
        """Whether the one named at `pos` is a target or attribute: after against/at/with…, or
        right after a Skill ("attack a camouflaged marker"); never a subject pronoun ("After the
        second Move he wants to shoot": "he" opens a clause)."""
        if self.toks[pos].low in self._words("subject_pronoun"):
            return False
        i = pos - 1
        # back over articles and the rest of the noun phrase ("with a *HoloMask* Hafza")
        phrase = self._positions_of(("state", "hint", "weak_state", "unit", "trooper"))
        while i >= 0 and self.toks[i].sent == self.toks[pos].sent and not self.toks[i].brk and (
                (self.rec.roles.get(i) == "stop" and self.toks[i].low in self._list("article")) or i in phrase
                or (self.toks[i].low in self._words("state_linking") and i - 1 in phrase)):  # "a Hafza *in* HoloMask"
            i -= 1
        if i < 0 or self.toks[i].sent != self.toks[pos].sent or self.toks[i].brk:
            # "El CAMO se mueve. ¿Puedo…?": a sentence's first word is no one's object; nor the
            # first after a comma ("I declare Discover, the Hafza moves")
            return False
        if any(m.kind == "subject" and m.end == i + 1 and self.vocab.subjects[m.value].kind == "skill"
               for m in self.mentions):
            return True
        return self.toks[i].low in self._list("target") | {"with", "con", "by", "por"} | self._words("team_with")

    def _targets_state(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """A state named right after the Skill (an article or target word between at most) is
        its target: "shoot a camo marker", "discover the HoloMask trooper", "attack a trooper in
        Hidden Deployment"."""
        allowed = self._list("article") | self._list("target")
        if m.value == "silhouette_contact":
            allowed = allowed | {"with", "con"}  # "enter base contact with a camo marker"
        # "declarar Ataque CD como ORA contra un CAMO", "shoot in ARO at a marker": a turn cue
        # between the Skill and its target says when, not whom
        when = {i for n in self.mentions + self.rec.overlay if n.kind == "cue" and n.value.startswith("turn=")
                for i in range(n.start, n.end)}
        # "…my CAMO marker. So he can declare a BS Attack ARO against the marker?": the bare
        # "marker" named again is the trooper in the state (not "an enemy marker")
        again = [n for n in self.mentions if n.kind == "weak_state" and state_mentions and n.start > state_mentions[0].end
                 and not self._enemy_owned(n) and n not in state_mentions]
        for s in [*state_mentions, *again]:
            start = self._np_start(s)
            if s.end < len(self.toks) and self.toks[s.end].low in self._words("modal_declare") \
                    and not self.toks[s.end - 1].brk and self.toks[s.end].sent == self.toks[s.start].sent \
                    and not any(self.toks[i].low in self._list("target") for i in range(m.end, start)):
                continue  # "any Long Skill a CAMO marker can declare": the marker declares it
            if start >= m.end and start - m.end <= 3 + len(when) \
                    and start - m.end <= 3 + sum(i in when for i in range(m.end, start)):
                gap = [self.toks[i].low for i in range(m.end, start) if i not in when]
                if m.kind == "subject" and m.value in self.vocab.subjects and self.vocab.subjects[m.value].kind == "skill" \
                        and not any(w in self._list("target") for w in gap) and not self._done_against(m.value):
                    continue  # "¿Al declarar Alertar el marcador pierde…?": no object, the marker's own Skill
                if all(w in allowed for w in gap):
                    return True
            if start >= m.end and start - m.end <= 5 and any(self.rec.roles.get(i) == "passive" for i in range(m.end, start)):
                # "can a Template be declared with an enemy marker as its target?": the Skill is
                # done to the one named after its passive verb
                # ("used with Hidden Deployment" is not: "with" names a target only when the
                # marker is named as an enemy's)
                owner = {self.toks[i].low for i in range(start, s.start)} & self._words("enemy_owner")
                gap = [self.toks[i] for i in range(m.end, start)]
                if all(self.rec.roles.get(t.i) == "passive" or t.low in allowed or t.low.endswith(("ed", "do", "da"))
                       or (owner and t.low in self._words("instrument")) for t in gap):
                    return True
        if self._pronoun_target_is_state(m, allowed):
            return True
        if m.end < len(self.toks) and self.toks[m.end].low == "+":
            # "Discover + Discover on the same marker": one Order, one target
            nxt = next((n for n in self.mentions if n.kind == "subject" and n.start == m.end + 1), None)
            return nxt is not None and self._targets_state(nxt, state_mentions)
        return False

    def _means_of_an_event(self, actions: list[Action], composite: str) -> None:
        """"Su Lanzagranadas apunta a otra tropa y la plantilla pilla a mi CAMO": a Skill that is
        the way the composite event befalling the trooper happens (its `means`) is another's, not
        one the trooper declares — unless a possessive makes it the trooper's own ("my Chain
        Rifle", "its Grenade Launcher": `[words] mine`, `own_possessive`)."""
        from rulecheck.checker.engine import ancestors_in

        means = set(self.vocab.subjects[composite].means)
        own = self._words("mine") | self._words("own_possessive")
        for a in actions:
            if a.subject == composite or a.by != "self" or means.isdisjoint(ancestors_in(self.vocab.subjects, a.subject)):
                continue
            if a.start >= 0 and any(self.toks[k].low in own for k in range(max(0, a.start - 3), a.start)
                                    if self.toks[k].sent == self.toks[a.start].sent):
                continue
            a.by = "enemy"

    def _revealing_skills(self, actions: list[Action], doers: list[Mention]) -> None:
        """"Could Discover reveal my HD trooper?": a Skill done against another trooper that is
        the subject of the "can" of revealing (`_asks_possible`) is the enemy's, not the trooper's."""
        for a in actions:
            if a.by == "self" and a.kind == "skill" and self._done_against(a.subject) and any(n.value == a.subject for n in doers):
                a.by = "enemy"

    def _fronted_target(self, m: Mention, state_mentions: list[Mention]) -> bool:
        """A state named before the Skill, in its sentence, right after "against"/"contra"
        (`[words] fronted_target`): "Against a CAMO marker, the only ARO you can declare is
        Discover" — the trooper in it is what the Skill is done to."""
        sent = self.toks[m.start].sent
        fronted = self._words("fronted_target")

        def opens_clause(k: int) -> bool:
            # only at the head of its clause: not "delay its ARO against a CAMO" (whose marker
            # then declares the Attack)
            return k == 0 or self.toks[k - 1].sent != sent or self.toks[k - 1].brk \
                or self.toks[k - 1].low in self._list("complementizer") or self.toks[k - 1].low in self._words("reporting")
        return any(s.end <= m.start and self.toks[s.start].sent == sent and (k := self._np_start(s) - 1) >= 0
                   and self.toks[k].sent == sent and self.toks[k].low in fronted and opens_clause(k) for s in state_mentions)

    def _pronoun_target_is_state(self, m: Mention, allowed: set | frozenset) -> bool:
        """A pronoun right after the Skill (a target word or article between at most) that
        stands for the trooper in the state: "declares Discover on it", "shoot him" said of the
        marker — the Skill is done to the trooper, not by it."""
        i = m.end
        while i < len(self.toks) and i - m.end < 2 and self.toks[i].low in allowed:
            i += 1
        if i >= len(self.toks) or self.toks[i].sent != self.toks[m.start].sent:
            return False
        if any(self.toks[k].brk for k in range(m.end - 1, i)):
            return False  # "declares Alert, it stays a marker?": a comma ends the Skill's clause
        if self.rec.roles.get(i) != "pronoun" or self.toks[i].low in self._words("possessive"):
            return False
        return next((side for side, pos in self._candidates() if pos == i), None) == "self"

    def _drop_means_and_generic(self, subjects: list[Mention], state_mentions: list[Mention]) -> list[Mention]:
        """Drop Skills named only as the way an event beside them happens (`means`), then
        catch-all words (`generic`) when a specific Skill is named too."""
        from rulecheck.checker.engine import ancestors_in

        subs = self.vocab.subjects
        self._negated_generic = []
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
        weapon_of = [m for m in subjects if any(m.value in subs[n.value].made_with and self._made_with(n, m) for n in subjects)]
        for m in weapon_of:
            self._use(m)  # "an Intuitive Attack with his flamethrower": what it is made with (`made_with`)
        subjects = [m for m in subjects if m not in weapon_of]
        specific = [m for m in subjects if subs[m.value].kind == "skill" and not subs[m.value].generic
                    and not self._negated(m) and self._excepted(m) is None]
        if specific:
            # only one the same side declares: "his marker walked… I wanted to ARO" is two sides
            sides = {self._who(m, state_mentions) for m in specific}
            generic = [m for m in subjects if subs[m.value].generic and self._who(m, state_mentions) in sides
                       and not self._another_declaration(m)]
            for m in generic:
                self._use(m)
            # "Move + Move, no attacks": what it did not declare besides; its negation is used once
            # the Skills are read ("isn't an Attack or Look Out!" negates Look Out! too)
            self._negated_generic = [m for m in generic if self._negated(m)]
            # "can my TO marker ARO with Surprise Shot?", "…Surprise Shot when he AROs", "for its
            # ARO": the Skill the trooper in the state declares is its ARO, so it is in its
            # Reactive Turn (not "it held its ARO. Next turn, can it use Surprise Shot?")
            self.declared_as_aro = any(
                m.value == "aro" and self._who(m, state_mentions) == "self" and not self._negated(m)
                and any(self._who(s, state_mentions) == "self" and self._aro_of(m, s) for s in specific)
                for m in generic)
            subjects = [m for m in subjects if m not in generic]
        return subjects

    def _aro_of(self, aro: Mention, skill: Mention) -> bool:
        """Whether the ARO named is the way `skill` is declared: in its sentence, just before it
        ("ARO with Surprise Shot") or a few words after it with no clause break ("Surprise Shot
        when he AROs", "Surprise Shot for my TO trooper's ARO"); or alone in the sentence before
        the one asking about it ("…and my TO sniper AROs. Can it use Surprise Shot?"), unless that
        sentence puts it in another turn ("held its ARO last turn")."""
        toks = self.toks
        a, s = toks[aro.start].sent, toks[skill.start].sent
        if a == s:
            return 0 <= skill.start - aro.end <= 2 or (0 <= aro.start - skill.end <= 6 and not any(
                toks[k].brk for k in range(skill.end - 1, aro.start)))
        # the ARO as the verb ("my sniper AROs"), not a noun ("held its ARO": not declared); a
        # sentence that names a turn, round or Order may set it in another one
        verb = aro.start > 0 and toks[aro.start - 1].low not in self._words("possessive") | self._list("article")
        return verb and a == s - 1 and s == self.last and not any(
            toks[k].low in self._words("numbered") for k in range(len(toks)) if toks[k].sent == a)

    def _made_with(self, skill: Mention, weapon: Mention) -> bool:
        """Whether `weapon` is named as what `skill` is made with: after it, "with" between ("an
        Intuitive Attack with his flamethrower"), or before it, "as" between ("my flamethrower as
        an Intuitive Attack"), a few words apart in one sentence."""
        if self.toks[skill.start].sent != self.toks[weapon.start].sent:
            return False
        if 0 <= weapon.start - skill.end <= 3:
            return any(self.toks[k].low in self._words("instrument") for k in range(skill.end, weapon.start))
        if 0 <= skill.start - weapon.end <= 3:
            return any(self.toks[k].low in self._words("as_what") for k in range(weapon.end, skill.start))
        return False

    def _excepted(self, m: Mention) -> int | None:
        """Where the words that set the Skill `m` apart from a general term start ("a Long Skill
        other than Cautious Movement", "una Orden Completa que no sea Movimiento Cauteloso"); None
        when none stand right before it (an article between at most)."""
        if m.kind != "subject":
            return None
        before = sorted((n for n in self.mentions if n.kind == "subject" and n.end <= m.start and self._next_in_list(n, m)),
                        key=lambda n: n.start)
        if before:
            # "any ARO except Discover, Dodge, Reset or Alert": the whole list is set apart
            return self._excepted(before[-1])
        return self._phrase_before(m, "excepting")

    def _subsume(self, actions: list[Action]) -> list[Action]:
        """A general term named beside a specific one it includes ("an Entire Order of Cautious
        Movement", "an ARO: Dodge") is that one declaration, not a second."""
        from rulecheck.checker.engine import ancestors_in

        subs = self.vocab.subjects
        kept = []
        for a in actions:
            if any(b is not a and b.by == a.by and b.subject != a.subject and a.subject in ancestors_in(subs, b.subject)
                   for b in actions) and not self._another_declaration(a) and not (
                    self._placed_first(a) and self._asks_at_order_end()
                    and sum(b.by == a.by and b.kind == "skill" for b in actions) == 2):
                continue
            kept.append(a)
        return kept

    def _placed_first(self, a: Action) -> bool:
        """Whether the general term of `a` places the Skill named beside it first in its Order
        ("declares Move *as his first* Short Skill", "*como primera* Habilidad Corta")."""
        toks, i = self.toks, a.start - 1
        if a.start <= 0 or toks[i].low not in self._words("first_declaration") or toks[i].sent != toks[a.start].sent:
            return False
        return any(k >= 0 and toks[k].low in self._words("as_what") and toks[k].sent == toks[i].sent
                   for k in (i - 1, i - 2))

    def _asks_at_order_end(self) -> bool:
        """Whether the asking sentence names the end of the Order ([words] order_end: "is he
        still a marker at the end of the Order?"): with only its first Skill named, the Order's
        second one, left open, decides."""
        return any(self._phrase_at(t.i, "order_end", (6, 5, 4)) for t in self.toks if t.sent == self.last)

    def _another_declaration(self, a: Action) -> bool:
        """Whether the general term of `a` is said to be one more declaration ("Move and then
        *another* Short Skill", "Mover y después *otra* Habilidad Corta", "Move and then *a
        second* Short Skill"): which Skill it is, the question leaves open. Not when it places
        the named one ("Move *as his second* Short Skill", "*the other* Short Skill is…", "la
        otra"), nor when it names that Skill right after ("another Short Skill to Move again",
        "otra Habilidad Corta, que también es Mover")."""
        if a.start <= 0:
            return False
        toks, i = self.toks, a.start - 1
        if toks[i].sent != toks[a.start].sent:
            return False
        before = toks[i - 1].low if i > 0 and toks[i - 1].sent == toks[i].sent else ""
        if toks[i].low in self._words("another_declaration"):
            if before in self._words("as_what") or (before in self._list("article") and before not in self._words("indefinite")):
                return False
        elif not (toks[i].low in self._words("ordinal_declaration") and before in self._words("indefinite")
                  and not (i > 1 and toks[i - 2].low in self._words("as_what"))):  # "as a second Short Skill"
            return False
        end = next((m.end for m in self.mentions if m.kind == "subject" and m.start == a.start), a.start + 1)
        subs = self.vocab.subjects
        return not any(m.kind == "subject" and end <= m.start <= end + 5 and toks[m.start].sent == toks[a.start].sent
                       and subs[m.value].kind == "skill" and not subs[m.value].generic and not subs[m.value].category
                       for m in self.mentions)

    # --- Fireteams, delayed AROs -------------------------------------------------------------

    def _leader_context(self, actions: list[Action], context: dict) -> None:
        if context.get("fireteam") == "member":
            self._members_own_skills(actions)
        if any(a.by in ("leader", "team") for a in actions) and context.get("fireteam") == "leader":
            for a in actions:  # "a Hafza in HoloMask as Team Leader… the TL declares…": its own
                if a.by in ("leader", "team"):
                    a.by = "self"
        else:
            if any(a.by == "leader" for a in actions):
                context["fireteam"] = "member"  # the trooper asked about is then not the Team Leader
            if any(a.by == "team" for a in actions) and context.get("fireteam") == "member":
                for a in actions:  # the Fireteam's Order, of a member that is not its Leader: the Leader's
                    if a.by == "team":
                        a.by = "leader"

    def _members_own_skills(self, actions: list[Action]) -> None:
        """"…not the Team Leader. The Order is Move + BS Attack and the Hafza only moves and
        supports": of a Fireteam member's Skills, an Order written with "+" told beside Skills of
        its own is the Order its Team Leader declares, not the member's."""
        own = sorted((a for a in actions if a.by == "self" and a.kind == "skill" and a.start >= 0), key=lambda a: a.start)
        ends = {(m.start, m.value): m.end for m in self.mentions if m.kind == "subject"}
        joined: set[int] = set()
        for a, b in zip(own, own[1:]):
            end = ends.get((a.start, a.subject))
            if end is not None and b.start > end and all(self.rec.roles.get(i) == "connector" for i in range(end, b.start)):
                joined.update((id(a), id(b)))
        if joined and len(joined) < len(own):
            for a in own:
                if id(a) in joined:
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
        # "Enemy delays ARO vs my camo marker; my second short skill is a CC attack. Can he declare
        # his ARO now?": the words made the delayed ARO itself; the marker's Skills still decide it
        declared = any(a.subject == "delayed_aro_declare" and a.by == "enemy" for a in actions)
        may = [m for m in self.mentions if m.kind == "ask" and m.value.startswith("may:")]
        # "I delayed my ARO" tells the scene; "Can I delay my ARO…?" asks about the delay itself
        told = any(m.kind == "cue" and m.value == "delayed=yes" and not ("delayed" not in m.text.lower() and any(a.start <= m.start <= a.end + 1 for a in may))
                   for m in self.rec.overlay)
        if not delays and not told and not declared:
            return
        asked_delay = any(a.subject == "delay_aro" and self._in_question(a) for a in actions) and not told
        others_asked = [a for a in actions if a.subject != "delay_aro" and self._in_question(a)
                        and not self._describes_marker(a) and not self._until_clause(a)]
        if asked_delay and not others_asked:
            return  # "may it delay its ARO (against a marker that moves)?": the delay itself is asked
        if delays and len(delays) == len(actions) and self._asks_of_the_told() \
                and not any(a.start >= 0 and self.toks[a.start].sent == self.last for a in actions):
            return  # "opponent delays his ARO vs my camo marker. Is he allowed to do that?"
        # "…I delayed my ARO. Can I still declare Discover now?": the Skill the asker asks to
        # declare, when the asker is the one who delayed, is the delayed ARO asked about, whoever
        # the reader took for its doer, not the marker's
        mine = told and self._asker_delayed()
        marker = [a for a in actions if a.by == "self" and a.kind == "skill" and a.subject != "delay_aro"
                  and not (mine and self._asked_as_may(a, may))]
        if "second_skill" not in context:
            kept = self._scene_says_kept()
            outcomes = []
            for a in marker:
                d = resolve(self.table, states[0], a.subject, ("declares",), {})
                if d is not None and d.outcome in ("cancelled", "keeps"):
                    outcomes.append(d.outcome)
            if "cancelled" in outcomes:
                context["second_skill"] = "reveals"
            elif kept or outcomes and (len(marker) >= 2 or any(t.low in self._words("repeat") for t in self.toks)):
                # one Skill that keeps the state is the first Short Skill only: the second may
                # still reveal it ("it moves; if I delay until its second Short Skill…"), unless
                # the scene says the marker stayed one ("…and it never revealed")
                context["second_skill"] = "keeps"
        actions[:] = [Action("delayed_aro_declare", "enemy", "skill", 0, "delayed ARO")]

    def _asker_delayed(self) -> bool:
        """Whether the delay told is the asker's own ("I had delayed my ARO", "Retrasé mi ORA"):
        the asker's word in the delay's words or right before them (not "the enemy delayed his
        ARO against my marker")."""
        return any(m.kind == "cue" and m.value == "delayed=yes" and any(
            self.rec.roles.get(k) == "speaker" and self.toks[k].sent == self.toks[m.start].sent
            for k in range(max(0, m.start - 1), m.end)) for m in self.rec.overlay)

    def _asked_as_may(self, a: Action, may: list[Mention]) -> bool:
        """Whether the asker asks whether they may declare the action: a "may" asking word of its
        sentence a few words before it, with the asker's word in it or between ("Can I still
        declare Discover now?", "¿Puedo declarar Descubrir?"; not "Can my marker Dodge now?", whose
        trooper is named between)."""
        if a.start < 0:
            return False
        return any(self.toks[m.start].sent == self.toks[a.start].sent and 0 <= a.start - m.end <= 3
                   and any(self.rec.roles.get(k) == "speaker" for k in range(m.start, a.start))
                   and not any(n.kind in ("state", "hint", "weak_state", "trooper", "unit") and m.start <= n.start < a.start
                               for n in self.mentions)
                   for m in may)

    def _scene_says_kept(self) -> bool:
        """Whether the scene (not the question's own sentence) says the trooper kept its state
        ("it moves and stays camouflaged", "sigue siendo marcador"), or says it was not revealed,
        with no agent or Skill after ("it did Move + Move and never revealed": the negation, so
        read, is used; not "never revealed by the Move", which speaks of one Skill)."""
        for m in self.mentions + self.rec.overlay:
            if m.kind != "ask" or self.toks[m.start].sent == self.last:
                continue
            asked = m.value.split(":")[:2]
            if asked in (["state_ends", "-"], ["revealed", "-"]):
                return True
            if asked == ["revealed", "+"] and not (m.end < len(self.toks) and self.toks[m.end].sent == self.toks[m.start].sent
                                                    and self.toks[m.end].low in self._words("agent_by") | self._words("instrument")):
                neg = self._back_to_negation(m.start, lambda k: self.rec.roles.get(k) in ("stop", "passive"), 2)
                if neg is not None:
                    self.used.add(neg)
                    return True
        return False

    def _fact_numbers(self, states: list[str], properties: tuple[str, ...]) -> tuple[str, ...]:
        """"Does he take a -6 MOD on that Discover Roll?": numbers of the question's own sentence
        asked about a fact a row states (compared with it by the engine)."""
        if not properties or not any(r.topic == "fact" for st in states for r in self.table.rows_for(st, properties[0])):
            return ()
        # not a distance ("a TO camo marker 8 inches away"): the fact asked is not measured in it
        nums = [t for t in self.toks if t.sent == self.last and t.low.isdigit() and (t.i not in self.used or t.signed)
                and t.i not in self.aside and not self._measure_or_count(t.i)]
        claim = self._claim_of_asked()
        claimed = [t for t in self.toks if claim is not None and claim[0] < t.i < claim[1] and t.low.isdigit()
                   and t.signed and not self._measure_or_count(t.i)]
        if len({t.low for t in claimed}) == 1 and {t.low for t in nums if t.signed} != {claimed[0].low}:
            # "My opponent said the roll takes a -6. I thought it was -3. He was right?", "Dave says
            # -3, Mike says -6. Is Mike right?": the value of the claim the question asks about,
            # in whichever sentence it was told (a claim set aside is still the one asked)
            nums = [t for t in nums if not t.signed] + claimed
            for t in claimed:
                if self._written(t.i) in self.ignored:
                    self.ignored.remove(self._written(t.i))
        rejected = [t for t in nums if t.signed and self._rejected_value(t.i) is not None]
        if rejected and len({t.low for t in nums if t.signed} - {t.low for t in rejected}) == 1:
            # "discovering a TO marker is at -6, not the -3 you get vs regular camo?", "me como un
            # -6, y no el -3 del camuflaje común": the value turned down is not the one asked
            for t in rejected:
                self.used.update((t.i, self._rejected_value(t.i)))
            nums = [t for t in nums if t not in rejected]
        for t in nums:
            self.used.add(t.i)
        if len({t.low for t in nums if t.signed}) > 1:
            # "Dave says it is -6, Mike says it's -3": two values, and which one is asked cannot be told
            self.issues.append(self.vocab_text("two_values_issue").format(values=", ".join("-" + t.low for t in nums if t.signed)))
        return tuple(t.low for t in nums)

    def _rejected_value(self, i: int) -> int | None:
        """The place of the negation turning down the value at `i` ("not the -3", "y no a -3"),
        or None (see `_value_turned_down`)."""
        return next((k for k in (i - 1, i - 2) if k >= 0 and self._value_turned_down(k) == i), None)

    def _turns_down_value(self, k: int) -> bool:
        """Whether negation `k` turns down the value after it ("-6, not the -3")."""
        return self._value_turned_down(k) is not None

    def _value_turned_down(self, k: int) -> int | None:
        """The value negation `k` turns down — the signed number right after it, an article or
        `[words] at_value` at most between, once another value was given in its sentence ("-6,
        not the -3", "-6 y no a -3") — or None."""
        toks = self.toks
        if self.rec.roles.get(k) != "negation":
            return None
        j = k + 1
        if j < len(toks) and (toks[j].low in self._list("article") or toks[j].low in self._words("at_value")):
            j += 1
        told = j < len(toks) and toks[j].sent == toks[k].sent and toks[j].signed and toks[j].low.isdigit() \
            and any(t.signed and t.low.isdigit() and t.sent == toks[k].sent for t in toks[:k])
        return j if told else None

    def _measure_or_count(self, i: int) -> bool:
        """Whether the number at `i` measures a distance ("8 inches", `[words] length_unit`),
        counts something ("turn 2", "minuto 12", `[words] numbered`), is a clock time ("at
        12:40 the camo guy shot") or a year ("the July 2023 errata"): a number of the scene,
        never one a fact is asked about."""
        t = self.toks[i]
        year = t.low.isdigit() and len(t.low) == 4 and t.low[:2] in ("19", "20") and not t.signed
        return year or (i + 1 < len(self.toks) and self.toks[i + 1].low in self._words("length_unit")) or (
            i > 0 and self.toks[i - 1].low in self._words("numbered")) or self._clock_time(i)

    def _value_of(self, i: int) -> bool:
        """Whether the number at `i` is the value of a characteristic named right before it
        ([words] valued: "WIP 13", "S2"; not "WIP+3" or "FIS-3", MODs) or of a MOD named beside it
        (`mod_valued`: "Mimetism -6", "el -3 de Mimetismo"): the scene's figure. (Only for a
        number no fact question took: "is the MOD -6 of Mimetism?" asks the -6.)"""
        toks, link = self.toks, self._words("value_link")

        def named(k: int, names: frozenset) -> bool:
            return 0 <= k < len(toks) and toks[k].low in names and toks[k].sent == toks[i].sent

        if not toks[i].signed and named(i - 1, self._words("valued")) \
                and (f"{toks[i - 1].text} {toks[i].text}" in self.text  # "WIP 13", not "WIP+3", "FIS-3"
                     or (toks[i].joined and self._describes_a_trooper(i))):
            return True
        mods = self._words("mod_valued")
        k = i - 1
        while k >= 0 and toks[k].low in link and toks[k].sent == toks[i].sent:
            k -= 1
        if named(k, mods):
            return True
        k = i + 1
        while k < len(toks) and toks[k].low in link and toks[k].sent == toks[i].sent:
            k += 1
        if named(k, mods):
            return True
        # "el -3 o -6 del Mimetismo", "a -3 or -6 Mimetism MOD": the first of two values offered
        # for one MOD is the scene's figure as the second is
        return (i + 2 < len(toks) and named(i + 1, self._words("alternative")) and toks[i + 2].low.isdigit()
                and toks[i + 2].sent == toks[i].sent and self._value_of(i + 2))

    def _describes_a_trooper(self, i: int) -> bool:
        """Whether the value at `i`, written glued to its characteristic ("S2"), describes a
        trooper: right before a trooper, a state or a name ("my S2 Hafza", "an S5 camo trooper"),
        right after a name or a trooper ("su Hafza S2"), or after "is" in a sentence before the
        one that asks ("My Hafza is S2. Can I…?") — not a value put to the question ("it counted
        as S1. Was S1 right?", "is the marker S7?")."""
        toks = self.toks
        nxt = i + 1 < len(toks) and toks[i + 1].sent == toks[i].sent and (
            toks[i + 1].cap or any(m.start == i + 1 and m.kind in ("trooper", "state", "hint", "weak_state", "unit")
                                   for m in self.mentions))
        told = toks[i].sent != self.last and i > 1 and toks[i - 2].low in self._words("copula")
        # "su Hafza S2 puede…": right after a name or a trooper (not "is the marker S7?")
        after = i > 1 and toks[i - 2].sent == toks[i].sent and (toks[i - 2].cap or any(
            m.start <= i - 2 < m.end and m.kind in ("trooper", "unit") for m in self.mentions))
        return bool(nxt or told or after)

    def _clock_time(self, i: int) -> bool:
        """Whether the number at `i` is one half of a clock time written with a colon ("12:40")."""
        def pair(a: int) -> bool:
            return (0 <= a and a + 1 < len(self.toks) and self.toks[a].low.isdigit() and self.toks[a + 1].low.isdigit()
                    and f"{self.toks[a].text}:{self.toks[a + 1].text}" in self.text)
        return pair(i) or pair(i - 1)

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

    def _phrase_at(self, i: int, word_list: str, sizes: tuple[int, ...] = (3, 2, 1)) -> int:
        """How many words of a phrase of `word_list` start at word `i`, in its sentence (the
        longest of `sizes`); 0 when none does."""
        sent = self.toks[i].sent if i < len(self.toks) else -1
        phrases = self._words(word_list)
        for n in sizes:
            if i + n <= len(self.toks) and all(self.toks[k].sent == sent for k in range(i, i + n)) \
                    and " ".join(t.low for t in self.toks[i:i + n]) in phrases:
                return n
        return 0

    def _phrase_before(self, m: Mention, word_list: str) -> int | None:
        """Where a phrase of `word_list` ends right before `m` (an article between at most)
        starts; None when there is none."""
        i = m.start
        if i > 0 and self.toks[i - 1].low in self._words("article") and self.toks[i - 1].low not in self._owner_words():
            i -= 1  # "the target of a Template", not "objetivo de mi Ataque CD" (whose it is)
        phrases = self._words(word_list)
        sent = self.toks[m.start].sent
        for n in (3, 2, 1):
            j = i - n
            if j >= 0 and all(self.toks[k].sent == sent for k in range(j, i)) \
                    and " ".join(t.low for t in self.toks[j:i]) in phrases:
                return j
        return None

    def _listed_after_skill(self, m: Mention) -> Mention | None:
        """The Skill named right before "and (then)", "y (luego)" when `m` follows with no verb
        of its own ("Cautious Movement and then a BS Attack"); None otherwise ("… and declares
        Discover on it" has its own verb, whose subject `_shared_subject` finds)."""
        i = m.start - 1
        owners = self._owner_words()
        while i >= 0 and self.toks[i].low not in owners and (self.toks[i].low in self._list("article")
                                                             or self.toks[i].low in self._words("sequence")):
            i -= 1  # "and then a BS Attack", not "and my Dodge" (someone else's)
        if i < 0 or (self.toks[i].low not in self._words("coordinator") and self.toks[i].low != "+") \
                or self.toks[i].sent != self.toks[m.start].sent or self._verb_form(m):
            return None  # ("Move + BS Attack": one Order, one trooper's)
        return next((n for n in self.mentions if n.kind == "subject" and n.end == i and n.value != m.value
                     and self.vocab.subjects[n.value].kind == "skill"), None)

    def _contact_partner(self, context: dict) -> None:
        """Whose model a Silhouette contact is with, from the model's owner: "His camo marker moved
        into base contact with one of my troopers" is an enemy's model to the marker; "my camo
        marker … with my Fusilier" an ally; "my camo marker … with his Fusilier" an enemy. Only
        when the question says whose the marker is ("su Marcador" alone does not)."""
        # the contacts whose rows turn on whose model it is with
        contact = [m for m in self.mentions if m.kind == "subject" and m.value in self.table.testing("contact_with")[1]]
        if not contact:
            return
        # the first state named whose owner is said decides ("My opponent's HoloMask trooper":
        # the opponent's; "My HoloMask guy ends his Move…": "his" is then the guy's)
        asker = self._owner_said(self._asked_state_names())
        if asker is None:
            return
        for m in contact:
            j = m.end
            if j < len(self.toks) and self.toks[j].low in self._words("instrument") | self._words("owner_of"):
                j += 1  # "with", "con"; "tocar la peana de un enemigo": whose base
            if j + 2 < len(self.toks) and f"{self.toks[j].low} {self.toks[j + 1].low}" in self._words("partitive"):
                j += 2  # "with one of my troopers"
            if j + 1 < len(self.toks) and self.toks[j].low in self._list("article") and self.toks[j].low not in self._owner_words() \
                    and any(n.kind == "actor" and n.value == "enemy" and n.start == j + 1 for n in self.mentions):
                j += 1  # "with an enemy", "de un enemigo"
            if j >= len(self.toks) or self.toks[j].sent != self.toks[m.start].sent:
                continue
            if any(n.kind in ("state", "hint", "weak_state") and j <= n.start <= j + 2 for n in self.mentions):
                continue  # "moves into base contact with my camo marker": the marker itself, not the partner
            # only the word that says whose the model is ("a trooper near my objective" is no one's)
            t = self.toks[j]
            if j + 1 < len(self.toks) and self.toks[j + 1].low in self._words("own"):
                continue  # "his own teammate": whose depends on who "he" is
            # "with my opponent's Fusilier": "my" is part of the enemy named
            enemy = any(n.kind == "actor" and n.value == "enemy" and n.start <= j < n.end for n in self.mentions)
            if t.low in self._words("mine") and not enemy:
                context["contact_with"] = "ally" if asker == "self" else "enemy"
                return
            if (t.low in self._words("enemy_owner") or enemy) and asker == "self":
                context["contact_with"] = "enemy"
                return

    def _describes_marker(self, a: Action) -> bool:
        """Whether the action is named in a relative clause right after the state ("against a
        camo marker that moves", "un CAMO que se mueve"): it says which marker, not what is asked."""
        if a.start < 0:
            return False
        rel = [i for i in range(max(0, a.start - 3), a.start) if self.toks[i].low in self._words("relative")]
        return bool(rel) and any(n.kind in ("state", "hint", "weak_state") and 0 <= rel[-1] - n.end <= 1
                                 for n in self.mentions)

    def _in_condition_clause(self, a: Action) -> bool:
        """Whether the action stands in a clause opened by when/if/while… of its sentence, with
        no clause break between ("…when it walks across my LoF", "If it moves, can I…")."""
        return a.start >= 0 and self._clause_opened(a.start, lambda i: self.rec.roles.get(i) == "condition"
                                                    or self._temporal_as(i))

    def _temporal_as(self, i: int) -> bool:
        """"as it walks past": a word that says when (`temporal`) opening a clause whose subject
        is a pronoun — not "as an ARO", "as its first Short Skill"."""
        nxt = i + 1
        return self.toks[i].low in self._words("temporal") and nxt < len(self.toks) \
            and self.rec.roles.get(nxt) == "pronoun" and self.toks[nxt].low not in self._words("possessive")

    def _clause_opened(self, pos: int, opener, *, breaks: frozenset = frozenset()) -> bool:
        """Whether a word for which `opener(i)` holds stands before `pos` in its clause (its
        sentence, no clause break between; nor, when given, one of the words `breaks`)."""
        sent = self.toks[pos].sent
        i = pos - 1
        while i >= 0 and self.toks[i].sent == sent and not self.toks[i].brk:
            if opener(i):
                return True
            if self.toks[i].low in breaks:
                return False
            i -= 1
        return False

    def _asks_of_the_told(self, sent: int | None = None) -> bool:
        """Whether the question's own sentence (or sentence `sent`) points back at what the scene
        told ("is he allowed to *do that*?", "¿puede *hacerlo*?": a form of "do" and a word
        pointing back, or the two written as one) instead of naming what is asked."""
        sent = self.last if sent is None else sent
        toks = [t for t in self.toks if t.sent == sent]
        doing, back = self._words("do_verb"), self._words("back_reference")
        return any(t.low in back and t.low.startswith(tuple(doing)) for t in toks) or any(
            a.low in doing and b.low in back for a, b in zip(toks, toks[1:]))

    def _until_clause(self, a: Action) -> bool:
        """Whether the action stands in a clause "until…" / "hasta que…" of its sentence: how
        long something lasts ("delay my ARO *until its second Short Skill*"), not a declaration."""
        return a.start >= 0 and self._in_until(a.start)

    def _in_until(self, pos: int) -> bool:
        """Whether the word at `pos` is in a clause opened by "until" / "hasta" — which "then",
        "luego"… close ([words] until_end: "wait until his Order is done and only *then* reveal
        to stop him": the stopping is what is done, not how long the wait lasts)."""
        until = self._words("until")
        return self._clause_opened(pos, lambda i: self.toks[i].low in until, breaks=self._words("until_end"))

    def _in_question(self, a: Action) -> bool:
        """Whether an action is named in the question's own sentence: the last one, or the one
        before it when the last names no Skill ("I want to shoot him in ARO. Legal?")."""
        sents = {self.toks[m.start].sent for m in self.mentions if m.kind == "subject"}
        asked = self.last if self.last in sents or not sents else max(sents)
        if a.start < 0 and a.subject == getattr(self, "composite_sid", None):
            # a composite the question's own words make ("try to Discover the same marker again")
            return any(self.toks[p].sent == self.last for p, _ in self.composite_places)
        return any(m.text == a.text and self.toks[m.start].sent == asked
                   for m in self.mentions if m.kind == "subject" and m.value == a.subject)
