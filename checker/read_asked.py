"""Reading a question, part two: what it asks (the proposition of its own sentence, the
content verb before the modal, with its polarity; a negative question asks the plain one) and
the composite subject its words make ("two Discovers in one Order", a property asked about)."""
from __future__ import annotations

from rulecheck.checker.states import EDITIONS
from rulecheck.checker.vocabulary import Mention
from rulecheck.checker.read_constants import _PROPOSITION_ORDER
from rulecheck.checker.reading import flipped
from rulecheck.checker.words import written


class _AskedAndComposites:
    """Methods of the question reader (`rulecheck.checker.interpret`)."""

    # --- what is asked -----------------------------------------------------------------------

    def _describes_trooper(self, m: Mention, chosen: list[Mention]) -> bool:
        """"¿el tío que sigue en DO se revela?", "is the guy who stays hidden revealed?": an
        asking word right after a relative word (`[words] relative`) that follows a trooper named
        describes that trooper; another asking word after it in its sentence is the question."""
        i = m.start
        if i >= 3 and self.toks[i - 1].low in self._words("linking") and self.toks[i - 2].low in self._words("relative"):
            i -= 1  # "the guy who is still in HD"
        if i < 2 or self.toks[i - 1].low not in self._words("relative") or self.toks[i - 2].sent != self.toks[m.start].sent:
            return False
        if self._kind_at(i - 2) not in ("trooper", "unit", "state", "hint", "weak_state"):
            return False
        return any(n.start >= m.end and self.toks[n.start].sent == self.toks[m.start].sent for n in chosen if n is not m)

    def _describes_time(self, m: Mention, chosen: list[Mention]) -> bool:
        """"Can my HD trooper use Surprise Attack on the order he pops out?": an asking word
        right after a moment of play and a pronoun ("the order he…", "la orden que…")
        describes that moment when another asking word in its sentence comes before it."""
        i = m.start
        if i < 2 or self.rec.roles.get(i - 1) not in ("pronoun", "speaker") and self.toks[i - 1].low not in self._words("relative"):
            return False
        if self.toks[i - 2].low not in self._words("time_noun") or self.toks[i - 2].sent != self.toks[i].sent:
            return False
        return any(n.end <= i - 2 and self.toks[n.start].sent == self.toks[i].sent for n in chosen if n is not m)

    def _asked(self, state_mentions: list[Mention]) -> tuple[str, str, str, str | None]:
        """(proposition, polarity, about, value asked): from the question's own sentence."""
        asks = [m for m in self.mentions + self.rec.overlay if m.kind == "ask" and self._anchored(m, state_mentions)
                and (m.value.split(":")[0] not in ("fact", "what_happens") or self._opens_sentence(m))]
        # "the result of an optional Skill": a word that asks, used as the Skill's adjective
        adjectives = [m for m in asks if m.start > 0 and self.toks[m.start - 1].low in self._list("article")
                      and self._kind_at(m.start - 1) != "actor"  # "el enemigo puede retrasar…": a verb
                      and any(n.kind == "subject" and n.start == m.end for n in self.mentions)]
        first = next(t for t in self.toks if t.sent == self.last)
        if first.low in self._words("copula") and not any(m not in adjectives and self.toks[m.start].sent == self.last
                                                          for m in asks):
            # "Is Reset a legal ARO vs a CAMO marker?": in a question opened by a copula, the
            # adjective is what is asked when its sentence has no other asking word
            adjectives = [m for m in adjectives if self.toks[m.start].sent != self.last]
        for m in adjectives:
            self._use(m)
        asks = [m for m in asks if m not in adjectives]
        in_q = [m for m in asks if self.toks[m.start].sent == self.last]
        # "Despliegue Oculto: cuando se revela mi tropa, ¿elijo yo…?": a question word opening
        # the scene ("cuando", "when") is a conjunction there, not what is asked
        chosen = in_q or [m for m in asks if m.value.split(":")[0] not in ("fact", "what_happens")]
        if not chosen and self._told_then_confirmed():
            # "Enemy camo marker walked up in front of my HMG so I shot it in ARO. Was that
            # right?": what was done is put to confirmation, so whether it was allowed is asked
            return "may", "+", "model", None
        if not chosen:
            return "plain", "+", "model", None
        # a statement put to a confirmation ("…, so during the Move it stays a marker. Is that
        # right?"): its last asking verb is the conclusion asked about
        statement = not in_q or self.toks[-1].sent != self.last  # the asking sentence only confirms
        main = [] if statement else [m for m in chosen if not self._subordinate(m, chosen)]
        if statement:
            # "He said 'you can't do that while I can see you'. Was he right?": the conclusion is
            # not the verb of a clause a condition word opens
            main = [m for m in chosen if not self._in_condition(m.start)]
            main = main if len(main) < len(chosen) else []
        # "Can I delay my ARO until it reveals?": the verb of a clause opened by "until" says
        # when, not what is asked (its words are still read)
        for m in chosen:
            self._use(m)
        chosen = main or chosen
        described = [m for m in chosen if self._describes_trooper(m, chosen) or self._describes_time(m, chosen)]
        chosen = [m for m in chosen if m not in described] or chosen

        def rank(m: Mention) -> tuple[int, int]:
            prop = m.value.split(":")[0]
            return (_PROPOSITION_ORDER.index(prop) if prop in _PROPOSITION_ORDER else 99, -m.start if statement else m.start)
        best = min(chosen, key=rank)
        how = next((m for m in chosen if m.value.startswith("revealed:-") and 0 <= m.start - best.end <= 1
                    and self.toks[m.start].low in self._words("as_what")), None)
        if best.value.startswith("state_ends:") and how is not None:
            # "does he go on the table as a camo marker?": how it goes on the table is asked
            best = how
        if best.value.startswith("state_ends:") and best.value.endswith(":state"):
            # "Does he stay hidden, or does something have to go on the table?", "¿Sigue oculta, o
            # sale a la mesa?": the alternative asked first is the question (whether he is
            # revealed); the second restates it. The "or" opens a question of its own (not "a
            # hidden or camouflaged trooper")
            best = next((m for m in chosen if m.value.split(":")[0] == "revealed" and m.end <= best.start
                         and self.toks[m.start].sent == self.toks[best.start].sent
                         and any(self.toks[k].low in self._words("alternative")
                                 and (k + 1 == best.start or self.toks[k + 1].low in self._list("question"))
                                 for k in range(m.end, best.start))), best)
        model = next((m for m in chosen if m.value == "revealed:+" and m.start > best.start
                      and self.toks[m.start].sent == self.toks[best.start].sent == self.last
                      and any(self._kind_at(k) == "trooper" or self.toks[k].low in self._words("model_word")
                              for k in range(m.start, m.end))), None)
        if best.value.startswith("state_ends:+") and model is not None:
            # "Is its Hidden Deployment cancelled with its model placed on the table?": the model
            # placed says more than the state ended (a Marker state may be kept)
            best = model
        elif best.value.startswith("state_ends:+") and any(
                self.toks[k].low in self._words("model_word") and self.toks[k].sent == self.toks[best.start].sent
                for k in range(max(0, best.start - 2), best.start)):
            # "Does his model go on the table?": the model, not the state, is the subject; whether
            # it is revealed as its model is asked (a Marker state may be kept)
            best = Mention("ask", "revealed:+", best.start, best.end, best.text)
        if best.value.split(":")[0] in ("revealed", "state_ends"):
            # "Can my HD trooper reveal itself to prevent him from entering the Marker State?":
            # revealing is the means, whether it may do what it is for is asked
            best = self._may_for_a_purpose(best, chosen) or best
        self.asked_at = best.start
        prop, polarity, *rest = best.value.split(":")
        inner = next((i for i in range(best.start, best.end) if self.rec.roles.get(i) == "negation"), None)
        if inner is not None and self._question_negation(inner):
            # "a Riotstopper hit didn't reveal a camo marker, did it?": the phrase's negation is
            # the tag's, as in "did it not reveal…?"; "¿No es obligatorio…?", "Is it not
            # obligatory…?": a negative question's. The plain question is asked either way
            polarity = flipped(polarity)
        about = "state" if rest and rest[0] == "state" else "model"
        for m in chosen:
            self._use(m)  # the question's own asking words ("can", "do I have to", "tell")
        if prop in ("revealed", "state_ends") and about == "model" and self._about_state(best, state_mentions):
            about = "state"
        marker = self._asks_of_the_marker_skill(best) if prop == "state_ends" and best.value.endswith(":state") else None
        if marker is not None:
            # "my HD camo guy… does he lose his own camo marker?": what the Marker-state Skill
            # keeps is asked (the trooper revealed as its model), not Hidden Deployment; "does he
            # show up as a TO camo marker?" asks that it is not revealed
            prop, about = "revealed", "model"
            if marker.start > 0 and self.toks[self._np_start(marker) - 1].low in self._words("as_what"):
                polarity = "-"  # "show up as a marker", "stay as a marker": not revealed, either way
        if self._negated(best) and not self._negative_question(best) and self._not_until(best):
            # "no puede volver a intentarlo hasta el siguiente Turno": not until then is only from
            # then, which the time cue says; the negation is read there, not as "may not"
            self._use_negation(best)
        elif self._negated(best) and not self._negative_question(best):
            polarity = flipped(polarity)
            self._use_negation(best)
        elif (after := self._negation_after_modal(best)) is not None:
            # "So he can't Discover it again this turn, right?", "You cannot Reset against a camo
            # marker?": the statement's modal is negated, not the Skill after it ("he couldn't
            # try again until the next Turn": not until then is only from then, as above)
            if not self._not_until(best):
                polarity = flipped(polarity)
            self.used.add(after)
        self._contrasts_agreeing(best, chosen)
        value = prop if prop in ("open", "private") else None
        if prop in ("open", "private"):
            prop, polarity = "open", ("+" if prop == "open" else "-") if polarity == "+" else ("-" if prop == "open" else "+")
        return prop, polarity, about, value

    def _contrasts_agreeing(self, best: Mention, chosen: list[Mention]) -> None:
        """"He shows up as a CAMO marker, not as a model, right?", "sigue oculto y no revelado":
        an asking phrase said negated after the one asked, saying the same the other way round,
        is a contrast that agrees with it: its negation is read."""
        prop, polarity = best.value.split(":")[:2]
        for m in chosen:
            if m is best or m.start < best.end or self.toks[m.start].sent != self.toks[best.start].sent:
                continue
            p, pol = m.value.split(":")[:2]
            if p == prop and pol == flipped(polarity) and self._negated(m):
                self._use_negation(m)
                self._use(m)

    def _negation_after_modal(self, ask: Mention) -> int | None:
        """The negation right after a one-word modal asking "may" in the question's own sentence
        ("So he can't Discover it again, right?", "you cannot…?", "it may not…?"): where it
        stands; None when there is none, when it is a negative question's own ("Can't the enemy
        shoot…?", "…, can he not?"), or when another asking word follows in the sentence ("I
        can't see the marker, so can I Discover it?": the negation is the scene's)."""
        i, sent = ask.end, self.toks[ask.start].sent
        if (ask.end - ask.start != 1 or not ask.value.startswith("may:") or sent != self.last or i >= len(self.toks)
                or self.toks[ask.start].low not in self._words("modal") or self.toks[i].sent != sent
                or self.rec.roles.get(i) != "negation" or self.toks[i].low not in self._list("clause_negation")
                or i in self.used or self._question_negation(i)):
            return None
        if any(m.kind == "ask" and m.start > i and self.toks[m.start].sent == sent and not self._in_condition(m.start)
               for m in self.mentions + self.rec.overlay):
            return None
        return i

    def _in_condition(self, k: int) -> bool:
        """Whether word `k` is in a clause a condition word opens ("…while I can see you")."""
        return self._clause_opened(k, lambda i: self.rec.roles.get(i) == "condition")

    def _own_verb_negated(self, i: int, inside: set[int]) -> bool:
        """Whether negation `i` stands right before one of the property's own words, after "do"
        (`[words] do_support`) or another of its words ("markers don't count", "los marcadores no
        cuentan"), in what is said — a claim, the scene, a statement put to confirmation — not in
        a question ("¿Los marcadores no cuentan…?" is a negative question, asked plain)."""
        toks = self.toks
        # (or a trooper noun before it: "el perfil real del portador no se usa")
        if i + 1 not in inside or not (toks[i - 1].low in self._words("do_support") or i - 1 in inside
                                       or any(m.kind in ("trooper", "unit") and m.end == i for m in self.mentions)):
            return False
        return self.statement_confirmed or toks[i].sent != self.last or self._closed_by_confirming_tag(toks[i].sent)

    def _closed_by_confirming_tag(self, sent: int) -> bool:
        """Whether sentence `sent` is a statement closed by a confirming tag after its last comma
        ("markers don't count for that, right?", "…, yes?"): a statement to confirm, not a question."""
        words = [t for t in self.toks if t.sent == sent]
        last_break = max((k for k, t in enumerate(words[:-1]) if t.brk), default=None)
        if last_break is None:
            return False
        tags = self._words("confirm") | self._words("confirm_tag") | self._words("tag_close")
        tail = words[last_break + 1:]
        return bool(tail) and all(t.low in tags for t in tail)

    def _modal_negation(self, i: int) -> bool:
        """"it can't be regained", "it cannot be regained": a negation right after a modal verb
        ("cannot" is read as "can not": see `words.tokenize`) whose own clause is the property's, not a relative clause before it
        ("a Fireteam which does not have a leader", "an opponent that does not ask")."""
        if not (i > 0 and self.toks[i - 1].low in self._words("modal")):
            return False
        j = i - 2
        while j >= 0 and self.toks[j].sent == self.toks[i].sent and self.rec.roles.get(j) in ("pronoun", "stop") \
                and self.toks[j].low not in self._words("relative") and not self.toks[j].brk:
            j -= 1
        return not (j >= 0 and (self.toks[j].low in self._words("relative") or self.toks[j].brk))

    def _not_until(self, ask: Mention) -> bool:
        """Whether "until"/"hasta" follows the negated asking verb in its clause ("can't try
        again until the next Player Turn", "no puede… hasta el siguiente Turno")."""
        sent = self.toks[ask.start].sent
        for k in range(ask.end, len(self.toks)):
            if self.toks[k].sent != sent or (k > ask.end and self.toks[k - 1].brk):
                return False
            if self.toks[k].low in self._words("until"):
                return True
        return False

    def _limited_in_time(self) -> str | None:
        """A phrase in the asking verb's clause that asks whether it happens *only* then, not
        whether it happens ("only when it shoots", "it only counts as revealed at the end",
        "isn't revealed until it shoots", "solo cuando…"): its words; None when negated ("not
        only when she shoots" asks whether)."""
        at = self.asked_at
        if at is None:
            return None
        sent = self.toks[at].sent
        # the asked verb, or another revealing one of its sentence ("He's only revealed at the
        # end": "end" may be read as what is asked)
        for other in (m for m in self.mentions if m.kind == "ask" and m.start != at and self.toks[m.start].sent == sent
                      and m.value.split(":")[0] in ("revealed", "state_ends")):
            if (found := self._only_then(other)) is not None:
                return found
        ask = next((m for m in self.mentions if m.kind == "ask" and m.start == at), None)
        if ask is not None and ask.end < len(self.toks) and self.toks[ask.end].sent == sent:
            after = self.toks[ask.end].low
            if (found := self._only_then(ask)) is not None:
                return found
            negated = [i for i in range(max(0, at - 5), at) if self.rec.roles.get(i) == "negation" and self.toks[i].sent == sent]
            if negated and after in self._words("until"):
                # "Isn't it revealed until it shoots?", "¿No se revela hasta que dispara?"
                self.used.add(ask.end)
                return written(self.toks[negated[0]:ask.end + 1])
        # anywhere in the asking sentence ("Only when it shoots does it get revealed?", "…, or only when…")
        for i in (t.i for t in self.toks if t.sent == sent):
            n = self._phrase_at(i, "limiting", (3, 2))
            if n and not (i > 0 and self.rec.roles.get(i - 1) == "negation"):  # not "not only when she shoots"
                self.used.update(range(i, i + n))
                return written(self.toks[i:i + n])
        return None

    def _only_then(self, ask: Mention) -> str | None:
        """"it only counts as revealed at the end of the move": "only" right before the asking
        verb and a time word right after it; its words (None when not so, or "not only")."""
        at, sent = ask.start, self.toks[ask.start].sent
        if ask.end >= len(self.toks) or self.toks[ask.end].sent != sent:
            return None
        only = [i for i in range(max(0, at - 2), at) if self.toks[i].low in self._words("only")]
        if only and self.toks[ask.end].low in self._words("time_opening") and not (
                only[0] > 0 and self.rec.roles.get(only[0] - 1) == "negation"):
            self.used.update((only[0], ask.end))
            return written(self.toks[only[0]:ask.end + 1])
        return None

    def _may_for_a_purpose(self, ask: Mention, chosen: list[Mention]) -> Mention | None:
        """The "can" that governs a reflexive revealing verb followed by a Skill it is done for
        ("Can my HD trooper *reveal itself to prevent*…", "¿Puede… revelarse para impedir…?"):
        only its subject between them, no comma, clause word or other asking word. None for
        "reveal itself to the enemy", "Since he can Discover, does it reveal itself to move?",
        "Can you tell me if it would reveal itself to move?"."""
        if self.toks[ask.end - 1].low not in self._words("reflexive"):
            return None
        sent = self.toks[ask.start].sent
        n = self._phrase_at(ask.end, "purpose")
        purpose = ask.end + n  # the word after "to"/"para"
        if not n or purpose >= len(self.toks) or self.toks[purpose].sent != sent:
            return None
        skills = [(m.start, m.end) for m in self.mentions if m.kind == "subject" and self.vocab.subjects[m.value].kind == "skill"]
        skills += [p for sid, _, places in self.rec.composites if self.vocab.subjects[sid].kind == "skill" for p in places]
        if not any(a <= purpose < b for a, b in skills):
            return None  # "to avoid being hit": no Skill it is done for
        may = [m for m in chosen if m.value.split(":")[0] == "may" and m.end <= ask.start]
        if not may:
            return None
        m = may[-1]  # the nearest "can" before the verb, with only its subject between
        stops = self._list("condition") | self._words("clause_break") | self._words("subordinating")
        between = range(m.end, ask.start)
        if self.toks[m.start].sent == sent and len(between) <= 6 and not self.toks[m.end - 1].brk and not any(
                self.toks[k].brk or self.toks[k].low in stops or self._kind_at(k) in ("ask", "actor") for k in between):
            return m
        return None

    def _asks_may_act(self, places: list[tuple[int, int]], skills: list[Mention]) -> bool:
        """Whether the question's own sentence asks whether someone may (or must) do what the
        property's own words say ("…, can I just reveal it?"), not whether something happens to
        the trooper ("does he get revealed?": a "get" right before the state's asking word) nor
        whether a Skill may be declared ("Can it use Surprise Attack?")."""
        happens = {m.start for m in self.mentions
                   if m.kind == "ask" and m.value.split(":")[0] in ("revealed", "state_ends")}
        acts = [(a, b) for a, b in places if self.toks[a].sent == self.last and not self._wishes_for(b, skills)]
        return any(m.kind == "ask" and m.value.split(":")[0] in ("may", "required") and m.end not in happens
                   and self.toks[m.start].sent == self.last and any(0 <= a - m.end <= 3 for a, _ in acts)
                   for m in self.mentions)

    def _wishes_for(self, end: int, skills: list[Mention]) -> bool:
        """Whether the word ending at `end` governs a Skill named right after it ("wants *to
        shoot*", "decides to Dodge", "quiere disparar"): a wish to declare that Skill."""
        word = self.toks[end - 1].low
        j = end
        if word in self._words("use_verb"):
            pass  # "use Surprise Attack": the Skill right after
        elif word not in self._words("wish"):
            return False
        elif j < len(self.toks) and self.toks[j].low in ("to", "a"):
            j += 1
        elif not (j < len(self.toks) and self._infinitive(j)):
            return False  # "interfere with Automatic Skills": no wish
        return any(m.start == j and self.toks[m.start].sent == self.toks[end - 1].sent for m in skills)

    def _asked_group_found(self, sid: str) -> bool:
        """Whether composite `sid`'s `asked_group`, if it has one, is found in the asking sentence,
        or the asking sentence points back at the scene, naming nothing of its own ("I delay my
        ARO without telling him. Is that required?")."""
        index = self.vocab.subjects[sid].asked_group
        groups = self.rec.group_places.get(sid, [])
        if index < 0 or index >= len(groups) or not groups[index]:
            return True
        if any(self.toks[a].sent == self.last for a, _ in groups[index]):
            return True
        own = {k for g in groups for a, b in g for k in range(a, b)}
        return not any(m.kind not in ("ask", "filler", "actor") and self.toks[m.start].sent == self.last
                       and not own & set(range(m.start, m.end)) for m in self.mentions)

    def _reports(self, i: int) -> bool:
        """Whether word `i` is a reporting verb with another player right before it, as its
        speaker ("he says", "my opponent says"): a claim told, not a telling asked about. The
        asker's own "I say" is not one ("is it mandatory that I say I delay my ARO?"), nor a
        verb after a question word ("must he say that…?")."""
        if i == 0 or self.toks[i].low not in self._words("reporting") or self.toks[i - 1].sent != self.toks[i].sent:
            return False
        if i > 1 and self.toks[i - 2].low in self._words("question"):
            return False
        before = self.toks[i - 1].low
        if before in self._words("speaker"):
            return False
        return before in self._words("pronoun") or any(m.end == i and m.kind in ("actor", "trooper", "unit")
                                                        for m in self.mentions)

    def _put_model(self, ask: Mention, at: int) -> bool:
        """Whether `ask` puts the model somewhere and the words at `at` say where, right after it
        in its sentence ("put his figure | on the table")."""
        return at == ask.end and ask.value.startswith("revealed:+") and at < len(self.toks) \
            and self.toks[at].sent == self.toks[ask.start].sent and self.toks[at - 1].low in self._words("model_word")

    def _asks_of_the_marker_skill(self, ask: Mention) -> Mention | None:
        """The Marker state of a Hidden Deployment trooper with a Marker-state Skill named as a
        state-ending verb's object ("lose his own camo marker"), within three words after it; or
        a Marker state of no particular Skill ("does he stay in a Marker state?"): whether the
        trooper goes on the table as a Marker or as its model is asked, not whether its state ends."""
        def after(kinds: tuple[str, ...], values: set[str] | None = None) -> Mention | None:
            return next((m for m in self.rec.mentions if m.kind in kinds and (values is None or m.value in values)
                         and 0 <= m.start - ask.end <= 3 and self.toks[m.start].sent == self.toks[ask.start].sent), None)

        if getattr(self, "hd_camouflage", False) or any(
                m.kind == "cue" and m.value == "camouflage=yes" for m in self.mentions + self.rec.overlay):
            camo = after(("state", "hint"), {st.id for st in self.table.states.values() if st.hints})
            if camo is not None:
                return camo
        bare = after(("weak_state",))
        linking = (self._words("article") | self._words("engaged_in") | self._words("as_what") | self._words("own")
                   | self._words("marker_linking"))
        if bare is not None and all(self.toks[k].low in linking for k in range(ask.end, bare.start)):
            return bare  # its object ("stay in a Marker state"), not a detail ("cancelled with a Marker placed")
        return None

    def _when_revealed(self) -> bool:
        """Whether the question's own sentence says "when/once/if it is revealed": a
        revealing or state-ending asking phrase right after a condition word."""
        return any(m.kind == "ask" and m.value.split(":")[:2] in (["revealed", "+"], ["state_ends", "+"])
                   and self.toks[m.start].sent == self.last
                   and any(self.toks[k].low in self._words("once_said") for k in range(max(0, m.start - 3), m.start))
                   for m in self.mentions)

    def _subordinate(self, ask: Mention, asks: list[Mention]) -> bool:
        """Whether `ask` is in a clause "until", "while", "if"… opens after another asking word of
        its sentence ("Can I delay my ARO *until it reveals*?", "…*while he was still in the
        open*?"): it says when or how long, not what is asked."""
        sent = self.toks[ask.start].sent
        opening = self._opening_condition_end(sent)
        if opening is not None and ask.end - 1 <= opening and ask.value.split(":")[1:2] == ["-"] and any(
                m.start > opening and self.toks[m.start].sent == sent and m.value.startswith("may:") for m in asks):
            # "If … and I stay hidden, can he still declare his ARO?": an if-clause opening the
            # sentence that says the state is kept is when; whether he may is asked after its
            # comma (not "When HD is cancelled, must I give…?", whose property the clause's verb
            # leads to, nor "If my marker is revealed by a Discover, can he shoot it?", whose
            # Discover the may-question would then drop)
            return True
        if ask.value.split(":")[0] in ("revealed", "state_ends") and ask.value.split(":")[1:2] == ["-"] and any(
                m.start >= ask.end and self.toks[m.start].sent == sent and m.value.startswith("may:")
                and any(self.toks[k].brk for k in range(ask.end - 1, m.start)) for m in asks):
            # "…was another Move without revealing, can I still declare my ARO?": the state said
            # kept in a clause before the one that asks whether he may is the scene
            return True
        before = [m for m in asks if m.end <= ask.start and self.toks[m.start].sent == sent]
        if not before:
            return False
        start = min(m.end for m in before)
        return any(self.toks[i].low in self._words("until") or self.rec.roles.get(i) == "condition"
                   for i in range(start, ask.start))

    def _opening_condition_end(self, sent: int) -> int | None:
        """The last word of a condition clause ("if", "when", "si"…) that opens sentence `sent`
        and ends at a comma; None when the sentence does not open so."""
        words = [t for t in self.toks if t.sent == sent]
        k = 0
        while k < len(words) and words[k].low in self._words("leading"):
            k += 1
        if k >= len(words) or self.rec.roles.get(words[k].i) != "condition":
            return None
        return next((t.i for t in words[k:-1] if t.brk), None)

    def _told_then_confirmed(self) -> bool:
        """Whether the question only confirms (`statement_confirmed`: "Was that right?", "¿Estuvo
        bien?") a sentence that tells a Skill declared, with no asking word and no one's claim
        in it (a claim is a dispute's, read as such)."""
        if not getattr(self, "statement_confirmed", False) or getattr(self, "who_is_right", False):
            return False
        sent = [t for t in self.toks if t.sent == self.last]
        if any(t.low in self._words("reporting") for t in sent):
            return False
        skills = [m for m in self.mentions if m.kind == "subject" and self.toks[m.start].sent == self.last
                  and self.vocab.subjects[m.value].kind == "skill"]
        if not skills:
            return False
        # the last Skill told ends the story: nothing joined on after it ("…shot my HoloMask and
        # we used the imitated model's ARM. Was that right?" confirms the ARM, not the shot)
        last = max(skills, key=lambda m: m.end)
        joint = next((t.i for t in sent if t.i >= last.end and (
            t.low in self._words("coordinator") or t.i > last.end and self.toks[t.i - 1].brk)), None)
        if joint is None:
            return True
        # (what only says who or what it was against after a break is no second event: "declared
        # an Intuitive Attack against an ordinary Fusilier: not Camouflaged, not in a Zero
        # Visibility Zone")
        places = [a for _, _, ps in self.rec.composites for a, _ in ps]
        return not any(m.start >= joint and m.kind in ("subject", "ask", "trooper", "unit") for m in self.mentions
                       if self.toks[m.start].sent == self.last) and not any(
            a >= joint and self.toks[a].sent == self.last for a in places)

    def _asks_discover_first(self) -> bool:
        """The question's "must" is about Discovering the marker first ("need to be discovered",
        "hay que descubrirlo"): a word of its asking phrase starts with one of `[words]
        discover_stem` (no stemmer: a cold `ask` does not load one for this)."""
        stems = tuple(self._words("discover_stem"))
        return any(m.kind == "ask" and m.value.startswith("required")
                   and any(self.toks[k].low.startswith(stems) for k in range(m.start, m.end))
                   for m in self.mentions + self.rec.overlay)

    def _opens_sentence(self, m: Mention) -> bool:
        """"How…", "What happens…": a question word counts only as its sentence's first word
        (after a leading "so", "and", "N3:"…), not inside it ("tell him which unit it is")."""
        sent = self.toks[m.start].sent
        i = m.start - 1
        first = next(t for t in self.toks if t.sent == sent)
        if i >= 0 and self.toks[i].sent == sent and self.toks[i].brk and sent == self.last \
                and first.low in self._list("condition") and self.toks[m.start].low in self._list("question"):
            return True  # "When the HoloMask is discovered, which way does the model face?"
        if i >= 0 and self.toks[i].sent == sent and self.rec.roles.get(i) in ("stop", "target") \
                and self.toks[i].low not in self._list("question"):
            i -= 1  # "¿Hacia dónde…?", "In which Combat Group…?": a preposition before it
        while i >= 0 and self.toks[i].sent == sent:
            if self.toks[i].low not in self._words("leading") and self.toks[i].text.upper() not in EDITIONS:
                return False
            i -= 1
        return True

    def _anchored(self, ask: Mention, state_mentions: list[Mention]) -> bool:
        """A verb that asks about a state ("lose", "keep", "survive", "end") asks so only with
        the state, a pronoun or "state" within three words of it ("does it lose camo?",
        "does HD survive…"); otherwise it is another verb ("end his move", "keep its Order")."""
        if not ask.value.endswith(":state"):
            return True
        if self.toks[ask.end - 1].low in self._words("possession"):
            # "Does he still have Hidden Deployment?": what is had is the state (or "it"), right
            # after the verb; not "Does the marker still have LoF behind it?"
            named = [*state_mentions, *(m for m in self.mentions if m.kind in ("state", "hint", "weak_state"))]
            return any(ask.end <= m.start <= ask.end + 1 for m in named) or (
                ask.end < len(self.toks) and self.toks[ask.end].low in self._words("anchor"))
        if ask.end - ask.start > 1:
            return True
        # "¿Pierde mi tropa el Despliegue Oculto…?": a subject named between the verb and the
        # state (its trooper noun) does not count against the three words
        after = ask.end
        noun = next((n for n in self.mentions if n.kind in ("trooper", "unit") and ask.end <= n.start <= ask.end + 1), None)
        if noun is not None:
            after += noun.end - ask.end
        near = set(range(max(0, ask.start - 3), min(len(self.toks), after + 3)))
        # any word naming a state will do, the state asked about or another name of it ("Mi
        # CAMO… ¿Pierde el camuflaje?")
        named = [*state_mentions, *(m for m in self.mentions if m.kind in ("state", "hint", "weak_state"))]
        if any(near & set(range(m.start, m.end)) for m in named):
            return True
        if ask.end + 1 < len(self.toks) and self.toks[ask.end].low in self._words("as_what") and any(
                self.toks[k].low in self._words("marker_word") | self._words("model_word") for k in range(ask.end + 1, ask.end + 4)
                if k < len(self.toks)):
            return True  # what it goes on the table as, right after it ("¿Aparezco como marcador CAMO…?")
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
        first = self._question_opening(ask.start)
        between = range(first.i + 1, ask.start)
        if first.low == "no" and self._question_negation(first.i):
            # "¿No pierde el camuflaje si se mueve?": "does it lose it?"; not "¿No es cierto que
            # no puede…?", whose negation before the verb is the clause's put to confirmation
            return not self._confirmed_clause(between)
        if first.low not in self._list("question"):
            return False
        if any(self.rec.roles.get(i) == "negation" and self.toks[i].low in self._words("instrument_negation")
               for i in between):
            # "Can my HD trooper declare Dodge without losing it?": "without" says how the Skill
            # is declared; it is not the question's own negation
            return False
        # "Is it true that I don't have to…", "¿Es cierto que no tengo que…?": the negation is
        # the clause's that is put to confirmation, not the question's own
        return not any(self.toks[i].low in self._list("condition") for i in between) and not self._confirmed_clause(between)

    def _confirmed_clause(self, between) -> bool:
        """Whether a clause put to confirmation opens among words `between` ("is it true *that*…",
        "¿es cierto *que*…?")."""
        return any(self.toks[i].low in self._list("complementizer") and self.toks[i - 1].low in self._words("confirm")
                   for i in between)

    def _asks_possible(self) -> list[Mention] | None:
        """Whether the asking verb of revealing or cancelling is governed by a "can" whose subject
        is a Skill or event the question names: "Can Sensor reveal an HD trooper?", "can my Sensor
        reveal…", "¿Un Sensor puede… cancelar ese estado?" ask whether it can happen at all (yes
        when one case of the rules' is so), not whether it always does: the Skills that are the
        "can"'s subject, or None when it is not so asked."""
        at = self.asked_at
        if at is None:
            return None
        sent = self.toks[at].sent
        can = self._words("possibility")  # "can", "puede": not "is allowed", "get to" (leave to do)
        mays = [m for m in self.mentions if m.kind == "ask" and m.value.startswith("may:+") and m.end <= at
                and self.toks[m.start].sent == sent and any(self.toks[k].low in can for k in range(m.start, m.end))]
        if not mays:
            return None
        m = max(mays, key=lambda n: n.start)
        skills = [n for n in self.mentions if n.kind == "subject" and self.toks[n.start].sent == sent
                  and self.vocab.subjects[n.value].kind in ("skill", "event")]
        # "Can Sensor reveal…", "can my Sensor really cancel…": only the Skill, a possessive or a
        # filler word between the "can" and the verb
        between = [k for k in range(m.end, at) if not any(n.start <= k < n.end for n in skills)]
        inside = [n for n in skills if n.start >= m.end and n.end <= at]
        if inside and all(self.rec.roles.get(k) in ("stop", "speaker", "filler") or self.toks[k].low in self._words("possessive")
                          for k in between):
            return inside
        # "¿Un Sensor puede descubrir…y cancelar…?": the Skill is the subject right before the "can"
        before = [n for n in skills if 0 <= m.start - n.end <= 1 and (
            n.start == 0 or self.toks[n.start - 1].sent != sent or self.rec.roles.get(n.start - 1) in ("stop", "speaker"))]
        return before or None

    # --- composites --------------------------------------------------------------------------

    def _composite(self, states: list[str], prop: str) -> str | None:
        """The composite subject the question is about, if one is found that the states' rows
        speak of and no Skill named outside its words is more specific."""
        from rulecheck.checker.engine import ancestors_in

        covered = {r.subject for r in self.table.rows if r.state in states}
        # a composite with no rows of its own answers by its parent's ("the real profile" named
        # as such is `real_profile`)
        found = [(sid, n, places) for sid, n, places in self.rec.composites
                 if sid in covered or (sid not in self.table.with_rows
                                       and not covered.isdisjoint(ancestors_in(self.vocab.subjects, sid)))]
        asks = [m for m in self.mentions if m.kind == "ask" and m.value.split(":")[0] in ("revealed", "state_ends")]
        # "Is it put on the table as a Camo marker?": "on the table" is part of the phrase that
        # asks whether it is revealed ("put on the table"), not the on-the-table property; so it
        # is right after one ("put his figure | on the table")
        found = [f for f in found if not self.vocab.subjects[f[0]].not_in_asking or not any(
            group and all(any((m.start <= a and b <= m.end and m.end - m.start > b - a) or self._put_model(m, a)
                                  for m in asks) for a, b in group)
            for group in self.rec.group_places.get(f[0], []))]
        # "He says I have to measure my ARO…": "says" reports a claim, it does not name the
        # telling a composite is about ("must I say that I delay my ARO?")
        found = [f for f in found if not any(group and all(b - a == 1 and self._reports(a) for a, b in group)
                                             for group in self.rec.group_places.get(f[0], []))]
        found = [f for f in found if self._asked_group_found(f[0])]
        # "my S5 trooper's marker counts as S2, like a camouflaged mine": a group found only in
        # what the question compares with names no composite of its own
        own = {i for _, _, places in self.rec.composites for p, q in places for i in range(p, q)}
        found = [f for f in found if not any(group and all(self._compared_with(a, own) for a, _ in group)
                                             for group in self.rec.group_places.get(f[0], []))]
        rejected = self._rejected_alternative()
        if rejected is not None:
            # "the real profile rather than the imitated one's?": what follows "rather than" is
            # the alternative turned down, not what is asked; a composite stands only when each
            # of its groups is found before it
            before = [f for f in found if all(any(a < rejected for a, _ in group)
                                              for group in self.rec.group_places.get(f[0], [f[2]]))]
            found = before or found
        # "¿Puede retrasar su ORA hasta que mi CAMO declare la segunda Habilidad Corta?": a group
        # found only in an "until" clause says how long, and makes no composite of its own
        found = [f for f in found if not any(group and all(self._in_until(a) for a, _ in group)
                                             for group in self.rec.group_places.get(f[0]) or [[p] for p in f[2]])]
        # a property told only in the scene of a question whether the trooper is revealed or the
        # state ends is no answer (see below), and beats nothing ("…wanted to flip it to get a
        # better facing. Can he cancel the state voluntarily?": the facing is the scene's)
        def scene_property(f) -> bool:
            return prop in ("revealed", "state_ends") and self.vocab.subjects[f[0]].kind == "property" \
                and not any(self.toks[a].sent == self.last for a, _ in f[2])
        beaten = {o for f in found if not scene_property(f) for o in self.vocab.subjects[f[0]].over}
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
        if self.vocab.subjects[sid].kind == "event":
            said = [Mention("event", sid, a, b, "") for a, b in places]
            negated = next((m for m in said if self._negated(m)), None)
            if negated is not None:
                # "…but the marker is not hit": the event is said not to happen
                self._use_negation(negated)
                for m in said:
                    self._use(m)
                return None
        in_question = any(self.toks[a].sent == self.last for a, _ in places)
        own = [r for st in states for a in [sid, *ancestors_in(self.vocab.subjects, sid)]
               for r in self.table.rows_for(st, a)]
        if self.vocab.subjects[sid].kind == "property" and own and all(r.outcome == "private" for r in own) \
                and self._when_revealed():
            return None  # "…that my Hafza is in HoloMask when it is revealed?": no longer private
        if not in_question and self.vocab.subjects[sid].kind == "property" and prop in ("revealed", "state_ends"):
            return None  # "My HoloMask guy is in a Fireteam this order. Does he stay masked?": the scene's situation
        # the sentence where all its groups are found ("…my camo sniper got revealed… Then I want
        # to spend an Entire Order to go back to camo": the second), else where the last group is
        groups = self.rec.group_places.get(sid) or [[p] for p in places]
        common = set.intersection(*({self.toks[a].sent for a, _ in g} for g in groups))
        first = min(common) if common else max(min(self.toks[a].sent for a, _ in g) for g in groups)
        situation = set(self.vocab.subjects[sid].situation)
        if not in_question and self.vocab.subjects[sid].kind == "property" and \
                any(m.kind == "subject" and self.vocab.subjects[m.value].kind in ("skill", "event")
                    and not any(a <= m.start < b for a, b in places) and self.toks[m.start].sent >= first
                    # (not a Skill the property names as its situation: "…the bonuses when I
                    # declare Move. Do I have to tell him?")
                    and situation.isdisjoint({m.value, *ancestors_in(self.vocab.subjects, m.value)})
                    for m in self.mentions):
            # "He declares a Short Skill as part of the Fireteam's Order. Does he stay masked?" (not
            # a Skill of an earlier sentence: "…got revealed when it shot. Then I want to spend an
            # Entire Order to go back to camo. Can I?")
            return None
        inside = {i for a, b in places for i in range(a, b)}
        # (not a Skill of an "until" clause: "Private Information until the Resolution step of
        # an Order in which BS Attack is declared" says how long, and declares nothing)
        skills_outside = [m for m in self.mentions if m.kind == "subject" and self.vocab.subjects[m.value].kind in ("skill", "event")
                          and not any(i in inside for i in range(m.start, m.end)) and not self._in_until(m.start)]
        if n < 2 and any(self.toks[m.start].sent == self.last
                         and situation.isdisjoint({m.value, *ancestors_in(self.vocab.subjects, m.value)})
                         for m in skills_outside):
            # "Is it revealed if it declares Move?": the Skill named beside it decides (not one the
            # property names as its situation: "When it is Discovered, does the real model keep
            # the same facing?")
            return None
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
        ask_words = {i for m in state_asks for i in range(m.start, m.end)}
        # the property's words in the question's own sentence are only its asking verb ("My CAMO
        # marker wants to shoot… Does it get revealed?": "wants" is the scene's)
        only_the_ask = all(i in ask_words for a, b in places for i in range(a, b) if self.toks[a].sent == self.last)
        if self.vocab.subjects[sid].kind == "property" and prop in ("revealed", "state_ends") and skills_outside \
                and not any(m.value in self.vocab.subjects[sid].situation for m in skills_outside) \
                and state_asks and (only_the_ask or not any(i in inside for i in ask_words)) \
                and not any(m.kind == "ask" and m.value.split(":")[0] in ("may", "required")
                            and self.toks[m.start].sent == self.last for m in self.mentions):
            # "With his first order he declares a skill. Does he come out as a TO marker?": what
            # the Skill does to the state is asked, not the property the other words touch
            return None
        if self.vocab.subjects[sid].kind == "property" and skills_outside and any(
                group and all(self._wishes_for(b, skills_outside) for _, b in group)
                for group in self.rec.group_places.get(sid, [places])) and not self._asks_may_act(places, skills_outside):
            return None  # "my camo guy wants to shoot, does he get revealed?": the wish is the Skill's
        self.composite_places = places
        self.composite_sid = sid
        # "do I play him with the Janissary's profile rather than his own?": a group of the
        # property's words found only in the alternative turned down asks the property's negation
        self.composite_rejected = rejected is not None and any(
            all(a > rejected for a, _ in group) for group in self.rec.group_places.get(sid, [places]))
        if self.composite_rejected:
            self.used.update((rejected, rejected + 1))
        for a, b in places:
            self.used.update(range(a, b))
        for m in self.mentions:
            if m.kind in ("subject", "cue", "ask", "term") and any(i in inside for i in range(m.start, m.end)):
                self._use(m)
        if self.vocab.subjects[sid].kind == "property":
            # "can I keep his loadout secret", "do the echoes stay on the table", "does it keep the
            # same facing": a keep/stay verb within the property's words is part of its wording
            lo = min(a for a, _ in places) - 3
            hi = max(b for _, b in places)
            for m in self.mentions + self.rec.overlay:
                if m.kind == "ask" and m.value.split(":")[0] in ("revealed", "state_ends") and lo <= m.start < hi + 2 \
                        and self.toks[m.start].sent == self.toks[places[0][0]].sent:
                    self._use(m)
            # the situation a property question describes ("by spending a Long Skill", "an enemy
            # trooper", a Holoprojector beside a camo marker): the words name it, the property
            # row answers it
            from rulecheck.checker.engine import ancestors

            situation = set(self.vocab.subjects[sid].situation) | {s.id for s in self.vocab.subjects.values() if s.general}
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

    def _reason_opener(self, i: int) -> int | None:
        """Where the word of `[words] reason` ("because", "since", "porque") stands that word `i`
        follows in its sentence, with no break between; None when there is none."""
        for k in range(i - 1, -1, -1):
            if self.toks[k].sent != self.toks[i].sent or self.toks[k].brk:
                return None
            if self.toks[k].low in self._words("reason"):
                return k
        return None

    def _property_negated(self, within: bool = False) -> bool:
        """Whether a negation stands before the property asked about in its clause of the
        question's own sentence ("…does not add its Order to the Order Pool"), with no Skill or
        state named between, and is not the negative question's own ("Doesn't it add…?"); the
        negation is then used. `within`: only a negation among the property's own words ("Do I
        get placed as close as possible but not in base contact?"), as for a question asking
        whether something may be: a negation before them there is the scene's ("His Order isn't
        in the pool, so can I spend it…?")."""
        every = [a for a, _ in getattr(self, "composite_places", ())]
        if not every:
            return False
        # the question's own sentence, or, when a dispute's claim holds the property ("My opponent
        # says X does not add its Order… I say it does. Is he right?"), the latest that names it
        sent = self.last if any(self.toks[a].sent == self.last for a in every) else max(self.toks[a].sent for a in every)
        claim = self._claim_of_asked()
        if claim is not None and any(claim[0] <= a < claim[1] for a in every):
            sent = self.toks[next(a for a in every if claim[0] <= a < claim[1])].sent  # the claim asked about
        places = [a for a in every if self.toks[a].sent == sent]
        first = min(places)
        inside = {i for a, b in getattr(self, "composite_places", ()) for i in range(a, b)}
        past_break = False
        for i in range(first + 1, max(places)):
            # "the Sensor roll ignores Range and Mimetism MODs": a negating verb among the
            # property's own words
            if past_break and self.rec.roles.get(i) == "negation" and not self._own_verb_negated(i, inside):
                continue  # past the scene's clause, only "…doesn't apply" (not "do I ignore…but apply")
            if self.toks[i].brk:
                # (a pronoun and "do" may open the clause before it: "…, that doesn't stop him")
                k = i + 1
                while k < min(i + 4, len(self.toks)) and (self.rec.roles.get(k) in ("pronoun", "stop")
                                                         or self.toks[k].low in self._words("do_support")):
                    k += 1
                if not within and self._opens_negated_clause(k, places):
                    self.used.add(k)
                    return True
                if within or not self._property_word_in_clause(i + 1, places):
                    break
                # ("When I Discover a CAMO with Mimetism, the Mimetism MOD doesn't apply, right?":
                # the property's words go on in the clause after the scene's)
                past_break = True
                continue
            # ("it can't be regained": a plain negation between the property's own words too)
            if i not in inside and self.rec.roles.get(i) == "negation" and i not in self.used and not self._turns_down_value(i) \
                    and not self._question_negation(i) and (self.toks[i].low in self._words("negating_verb")
                                                            or self._modal_negation(i)
                                                            or self.toks[i - 1].low in self._words("copula")
                                                            or self._own_verb_negated(i, inside)
                                                            # "placed as close as possible but not in base contact"
                                                            # (not "in base contact but not on the spot": a
                                                            # property word before it is not negated)
                                                            or (self.toks[i - 1].low in self._words("contrast_open")
                                                                and not any(first < a < i for a in every))) \
                    and not (within and (any(self.toks[k].brk for k in range(i, max(places)))
                                         or self._in_condition(i) or self._reason_opener(i) is not None)):
                # (asking whether something may be, the negation is in the clause of the
                # property's last words: "HD guy isn't placed yet, can my template catch him?";
                # and not in a clause of a condition or a reason: "Can he shoot my HD trooper
                # while it is not on the table?" asks the shooting, in that scene)
                self.used.add(i)
                return True
        if within:
            return False
        after = self._negated_after(max(places))
        if after is not None:
            self.used.add(after)
            return True
        for i in range(max(places) - 1, first, -1):
            # "When I declare Sensor against a marker, do I ignore its Mimetism MOD?": a verb of
            # ignoring in the clause of the property's last words, after a break
            if (self.toks[i].brk and i < max(places) - 1) or self.toks[i].low in self._words("contrast_open"):
                break  # (not "ignore its range MODs but apply its Mimetism MOD": the verb's reach ends)
            if i not in inside and self.rec.roles.get(i) == "negation" and i not in self.used and not self._turns_down_value(i) \
                    and self.toks[i].low in self._words("negating_verb") and not self._question_negation(i):
                self.used.add(i)
                return True
        for i in range(first - 1, max(-1, first - 7), -1):
            if self.toks[i].sent != sent or self.toks[i].brk:
                return False
            if self._kind_at(i) in ("subject", "state", "hint", "weak_state"):
                return False
            if self.rec.roles.get(i) == "negation" and not self._turns_down_value(i):
                if i in self.used or self._question_negation(i):
                    return False
                self.used.add(i)
                return True
        return False

    def _property_word_in_clause(self, start: int, places: list[int]) -> bool:
        """Whether the clause opening at word `start` holds one of the property's words."""
        toks = self.toks
        for k in range(start, len(toks)):
            if toks[k].sent != toks[start].sent:
                return False
            if k in places:
                return True
            if toks[k].brk:
                return False
        return False

    def _negated_after(self, last: int) -> int | None:
        """The negation of a verb right after the property's last word, closing its clause, in a
        statement put to confirmation — not in a question or the scene ("…, the Mimetism MOD
        doesn't apply, right?", "el MOD no aplica, ¿verdad?"): the negation's place, or None."""
        toks = self.toks
        i = last + 1
        if i < len(toks) and toks[i].low in self._words("do_support") | self._words("copula"):
            i += 1  # "…doesn't apply", "…profile isn't used"
        if i + 1 >= len(toks) or toks[i].sent != toks[last].sent or toks[last].brk or toks[i - 1].brk:
            return None
        if self.rec.roles.get(i) != "negation" or i in self.used or self._question_negation(i) or self._turns_down_value(i):
            return None
        verb = i + 1
        if toks[verb].sent != toks[i].sent or self.rec.roles.get(verb) not in ("", None) \
                or any(m.start <= verb < m.end and m.kind != "filler" for m in self.mentions):
            return None
        closes = toks[verb].brk or verb + 1 >= len(toks) or toks[verb + 1].sent != toks[verb].sent
        return i if closes and not self._negates_a_stance(i, verb + 1) and self._put_to_confirmation(toks[i].sent) else None

    def _compared_with(self, a: int, own: set[int]) -> bool:
        """Whether word `a` ends a comparison opened at most three words before it by a word of
        `[words] likeness` and an article, in its clause ("like a camouflaged mine", "como una
        mina"), the likeness word not among the composites' words `own` ("looks like a Janissary"
        imitates)."""
        toks = self.toks
        for k in range(a - 1, max(-1, a - 4), -1):
            if toks[k].sent != toks[a].sent or toks[k].brk:
                return False
            if toks[k].low in self._words("likeness"):
                # (an article after it: "como marcador" says how it goes on, "como una mina" compares)
                return k not in own and toks[k + 1].low in self._list("article")
        return False

    def _opens_negated_clause(self, i: int, places: list[int]) -> bool:
        """Whether negation `i` opens a clause that goes on to the property's next words, with
        only a verb and little words between, in a statement put to confirmation — not in a
        question or the scene ("cuando declaro Sensor contra un CAMO, no se le aplica el MOD de
        Mimetismo, ¿verdad?")."""
        toks = self.toks
        if i >= len(toks) or self.rec.roles.get(i) != "negation" or i in self.used or self._question_negation(i) \
                or self._turns_down_value(i):
            return False
        nxt = min((a for a in places if a > i), default=None)
        if nxt is None or toks[nxt].sent != toks[i].sent or nxt - i > 5:
            return False
        if any(toks[k].brk for k in range(i, nxt)) or any(
                m.kind in ("subject", "state", "hint", "weak_state", "actor", "trooper") and i < m.start < nxt
                for m in self.mentions) or self._negates_a_stance(i, nxt):
            return False
        return self._put_to_confirmation(toks[i].sent)

    def _negates_a_stance(self, i: int, end: int) -> bool:
        """Whether negation `i` negates knowing or being sure, or opens an "if" clause, before word
        `end` ("no sé si aplica…", "not sure", "I don't know whether…"): a stance, not the rule."""
        words = self._words("unsure") | self._words("knowing") | self._list("complementizer")
        return any(self.toks[k].low in words for k in range(i + 1, end))

    def _put_to_confirmation(self, sent: int) -> bool:
        """Whether sentence `sent` is a statement put to confirmation: by the next sentence
        ("…. ¿Verdad?", "Is that right?") or by a tag closing it ("…, right?")."""
        return (self.statement_confirmed and sent == self.last) or self._closed_by_confirming_tag(sent)

    def _composite_actor(self, sid: str, states: list[str]) -> str:
        """Who acts in a composite Skill: the enemy when the states' rows speak only of an enemy."""
        topics = {r.topic for r in self.table.rows if r.subject == sid and r.state in states}
        return "enemy" if topics == {"enemy"} or ("enemy" in topics and "declares" not in topics) else "self"
