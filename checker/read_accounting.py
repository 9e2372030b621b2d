"""Reading a question, last part: every word accounted for — what no rule used and no word
list holds is *not placed* and keeps the answer from being a confident yes or no; ordinary
words are set aside, with the reason."""
from __future__ import annotations

from rulecheck.checker.vocabulary import Mention
from rulecheck.checker.words import whole


class _Accounting:
    """Methods of the question reader (`rulecheck.checker.interpret`)."""

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
            if self._use_order_end(t.i):
                continue  # "Is he still a TO marker at the end of the Order?": when, not what is asked
            if role == "number" and (t.sent != self.last or not t.low.isdigit() or self._measure_or_count(t.i)
                                     or self._value_of(t.i)):
                # "he's up 4-1 on points", "a marker 8 inches away", "a 20cm": a number of the
                # scene, or a distance
                self.ignored.append(self._written(t.i))
                continue
            significant = t.low in self.vocab.word_lists.get("significant", ())
            # (in the asking sentence, only the frequency list's own words: a form it lacks, such
            # as "impedirle", may be the very verb asked, "can he prevent the return?")
            if role == "" and t.i not in mentioned and (self.vocab.ordinary(t, self.rec.lang, forms=t.sent != self.last) or (
                    t.sent != self.last and not t.cap and (significant or self.vocab.common(t, self.rec.lang)))):
                self.ignored.append(self._written(t.i))
                continue
            if role == "" and t.i not in mentioned and (self._owned_name(t.i) or self._persons_name(t.i) or self._place_name(t.i)
                                                        or self._scene_name(t.i) or self._opening_call(t.i)):
                self.ignored.append(self._written(t.i))
                continue
            if role == "negation" and (self._question_negation(t.i) or self._question_tag(t.i)):
                continue  # "Doesn't it lose…?", "…, or not?": asked as the plain question
            if role == "negation" and self._lone_tag(t.i):
                continue  # "Sale como marcador, ¿no? …": a tag asking to confirm the sentence before
            if role == "negation" and self._reply_opening(t.i):
                # "@mike no, I think cautious movement…": a reply's "no" gainsays someone else;
                # what the sentence then says is read on its own
                self.ignored.append(self._written(t.i))
                continue
            if role == "negation" and t.low in self._words("nor") and self._continues_negation(t.i):
                continue  # "no tiene Camuflaje ni nada parecido": the negation read before goes on
            if role == "negation" and t.low in self._words("concord") and self._agrees_with_negation(t.i):
                continue  # "sin acercarse a nadie": "nadie" agrees with "sin", which is read on its own
            if role == "negation" and t.low in self._words("list_closer") and self._closes_negated_list(t.i):
                continue  # "no Discover, no MSV, nothing": the list's negations are read on their own
            if role == "negation" and self._in_reason(t.i):
                # "A said his guy can't be hit because he isn't even on the table yet": the
                # reasoning given for the claim or question, which nothing else placed
                self.ignored.append(self._written(t.i))
                continue
            if role == "negation" and self._doubted_claim(t.i):
                # "…he says the marker is revealed. I don't think that's how it works.": the
                # asker's stance on a claim, which the question then asks
                self.ignored.append(self._written(t.i))
                continue
            if role == "negation" and self._still_in_state(t.i):
                # "It did Move + Move and never revealed.", "todavía no se ha revelado": the
                # trooper is still in its state, as the reading takes it anyway
                self.ignored.append(self._written(t.i))
                continue
            if role == "negation" and self._not_told(t.i):
                continue  # "it's Private Information, so I don't have to tell him?": the same claim
            if role == "negation" and self._denied_by_short_question(t.i):
                continue  # "He says I can't try again. Can I?": the claim the question puts to the test
            if role == "negation" and self._rejected_as(t.i):
                continue  # "put on the table as a model, not a marker": the alternative turned down
            if role == "negation":
                # "in HD, not a marker": set beside another state, named before it in the sentence
                aside = t.i > 0 and self.toks[t.i - 1].brk and any(
                    m.kind in ("state", "hint", "weak_state") and m.end <= t.i and self.toks[m.start].sent == t.sent
                    and not any(n.kind in ("state", "hint", "weak_state") and n.value == m.value and 0 < n.start - t.i <= 2
                                for n in self.mentions) for m in self.mentions)
                actor = next((m for m in self.mentions if 0 < m.start - t.i <= 2 and (
                    m.kind == "actor" or (aside and m.kind in ("state", "hint", "weak_state")))), None)
                if actor is not None:
                    continue  # "not an enemy", "no enemies nearby", "in HD, not a marker": who or what is not there
                if self._negates_an_aside(t.i):
                    # "declares Move + Move, no contact with enemies. Does he stay masked?": in the
                    # scene, the negation of a word set aside as no rule's is set aside with it
                    self.ignored.append(self._written(t.i))
                    continue
                if self._harmless_scope(t.i) or self._not_only_tail(t.i):
                    # ("…, not just which one is real?", "…, y no solo dónde están?": what is asked
                    # goes beyond it; nothing is negated)
                    self.ignored.append(self._written(t.i))
                    continue
                self.issues.append(self.vocab_text("negation_issue").format(word=t.text))
                out.append(self._written(t.i))
                continue
            if role == "" and self._contact_purpose(t.i):
                self.used.add(t.i)  # "into base contact with the marker to engage it": what it is for
                continue
            if role == "" and t.i not in mentioned and self._names_earlier_event(t.i):
                self.used.add(t.i)
                continue
            term = next((m for m in self.mentions if m.start <= t.i < m.end and m.kind in ("term", "game_term")), None)
            if term is not None:
                if term.end - term.start == 1 and self.vocab.in_list("filler", t):
                    continue  # "Turn 2": a game term used as a plain word
                out.append(self._written(t.i) if term.end - term.start == 1 else term.text)
                continue
            out.append(self._written(t.i))
        return list(dict.fromkeys(out))

    def _in_reason(self, i: int) -> bool:
        """Whether negation `i` stands in a clause opened by a word of `reason` ("because",
        "since", "porque") after the asking words of its sentence, with no break between, and
        the words it negates up to the clause's end are ones no rule used."""
        toks = self.toks
        sent = toks[i].sent
        opener = self._reason_opener(i)
        if opener is None or self.asked_at is None or not (toks[self.asked_at].sent == sent and self.asked_at < opener):
            return False
        end = next((k for k in range(i + 1, len(toks)) if toks[k].sent != sent or toks[k - 1].brk), len(toks))
        return not any(k in self.used for k in range(i + 1, end))

    def _doubted_claim(self, i: int) -> bool:
        """Whether negation `i`, in a sentence before the question's, says someone's stance on a
        claim, not what happened: it negates a reporting verb right after it ("I don't think
        that's how it works", "no creo que sea así") after a sentence with someone's claim in it;
        it closes its sentence after a reporting verb ("Yo creo que no."); or it says someone is
        unsure (`[words] unsure`: "but isn't sure about HD", "no lo tiene claro")."""
        toks = self.toks
        sent = toks[i].sent
        if sent == self.last:
            return False
        k = i + 1
        while k < len(toks) and toks[k].sent == sent and k - i <= 3 and self.rec.roles.get(k) in ("stop", "pronoun", "passive"):
            k += 1
        if k < len(toks) and toks[k].sent == sent and toks[k].low in self._words("unsure"):
            return True
        if i + 1 >= len(toks) or toks[i + 1].sent != sent:
            k = i - 1 if i > 0 and self.rec.roles.get(i - 1) == "stop" else i
            return k > 0 and toks[k - 1].sent == sent and toks[k - 1].low in self._words("reporting")
        if toks[i + 1].low not in self._words("reporting"):
            return False
        return any(t.sent in (toks[i].sent, toks[i].sent - 1) and t.i < i and t.low in self._words("reporting")
                   for t in toks)

    def _denied_by_short_question(self, i: int) -> bool:
        """Whether negation `i` is a claim's, in a sentence before a short question made only of
        the claim's own verb ("He says I can't try again till next turn. Can I?", "Dice que no
        puedo. ¿Puedo?"): the question asks that verb, and the claim's "not" is what it puts to
        the test, not a condition of the question."""
        toks = self.toks
        if toks[i].sent == self.last:
            return False  # (most negations: no list built on the way, `_negated` asks this often)
        last = [t for t in toks if t.sent == self.last]
        if not last or len(last) > 3 or last[0].low not in self._words("question"):
            return False
        if not all(t.low in self._words("tag_pronoun") or self.rec.roles.get(t.i) in ("pronoun", "speaker")
                   for t in last[1:]):
            return False
        same = [t for t in toks if t.sent == toks[i].sent]
        verb = {toks[k].low for k in (i - 1, i + 1) if 0 <= k < len(toks) and toks[k].sent == toks[i].sent}
        said = [t.i for t in same if t.low in self._words("reporting") and t.i < i]
        if last[0].low not in verb or not said:
            return False
        # the claim's own main verb: no condition opened between ("…if my troopers can't see it"),
        # the same one asked of ("I can't" / "Can I?"; "the marker can't" is no "Can it?"), and a
        # Skill denied, not a state ("can't stay hidden": what "Can it?" would ask is the state)
        if any(self.rec.roles.get(k) == "condition" or toks[k].low in self._words("if_when") for k in range(said[-1], i)):
            return False
        if toks[i - 1].low == last[0].low and len(last) > 1:
            subject = toks[i - 2].low if i >= 2 and toks[i - 2].sent == toks[i].sent else ""
            if subject != last[1].low:
                return False
        # (past the modal itself: "no puedo volver a intentarlo")
        skip = i + 1 if i + 1 < len(toks) and toks[i + 1].low == last[0].low else i
        after = next((m for m in self.rec.mentions if m.start > skip and toks[m.start].sent == toks[i].sent), None)
        return after is None or after.kind != "ask"

    def _negates_an_aside(self, i: int) -> bool:
        """Whether negation `i`, in a sentence of the scene (not the asking one) or opening an
        aside after a comma, stands right before (an article between at most) a word set aside
        as no rule's ("no contact with enemies", "no shooting"), which no rule reads either."""
        toks = self.toks
        if toks[i].sent == self.last and not (i > 0 and toks[i - 1].brk):
            return False
        j = i + 1
        if j < len(toks) and toks[j].low in self._list("article"):
            j += 1
        if j >= len(toks) or toks[j].sent != toks[i].sent or j in self.used:
            return False
        if j in self.aside:
            return True
        mentioned = any(m.start <= j < m.end for m in self.mentions)
        if toks[j].low in self._words("no_longer"):
            return False  # "no longer in enemy LoF", "not yet": the negation goes on past the word
        if j + 1 < len(toks) and any(m.start == j + 1 and m.kind in ("subject", "state", "hint", "weak_state", "ask")
                                     for m in self.mentions):
            return False  # "no longer Impetuous": the negation goes on to what follows
        return not mentioned and self.rec.roles.get(j) in ("", None) and not toks[j].cap and (
            self.vocab.ordinary(toks[j], self.rec.lang)
            or (toks[j].sent != self.last and self.vocab.common(toks[j], self.rec.lang)))

    def _lone_tag(self, i: int) -> bool:
        """A sentence that is only a negation ("¿no?", "no?", "Or not?", "¿O no?") after another
        sentence: a question tag put on the sentence before, not a negation of anything ("…se
        revela no viste": `recognize._spoken_tag`)."""
        t = self.toks[i]
        return t.sent > 0 and all(x.i == i or (x.i < i and x.low in self._words("alternative"))
                                  or (x.i > i and x.low in self._words("tag_close"))
                                  for x in self.toks if x.sent == t.sent)

    def _reply_opening(self, i: int) -> bool:
        """Whether negation `i` opens its sentence set off by a comma ("No, HD guys don't add…",
        "@Mike no, …", "Pablo, no, …"), only a name or a call before it, and the sentence goes on:
        a reply disagreeing with someone, not a negation of what follows."""
        toks = self.toks
        t = toks[i]
        if not t.brk or i + 1 >= len(toks) or toks[i + 1].sent != t.sent:
            return False
        before = [x for x in toks[:i] if x.sent == t.sent]
        return all(self.rec.roles.get(x.i) in ("", None) and (self._persons_name(x.i) or self._opening_call(x.i)
                                                              or (x.i == 0 and self.text.lstrip().startswith("@")))
                   for x in before)

    def _continues_negation(self, i: int) -> bool:
        """Whether a negation read already stands before word `i` in its clause ("no lleva visor
        *ni* Sensor", "without a visor *nor* anything special"): `i` goes on with it."""
        for k in range(i - 1, -1, -1):
            if self.toks[k].sent != self.toks[i].sent or self.toks[k].low in self._words("clause_break"):
                return False
            if self.rec.roles.get(k) == "negation" and k in self.used:
                return True
        return False

    def _use_order_end(self, i: int) -> bool:
        """Whether word `i` is in "at the end of the Order" ([words] order_end) in a question
        whether the trooper is revealed or keeps its state; if so, the phrase's words are used:
        the end of the Order is when the state asked about holds, and the rows answer for the
        whole Order. Not in a question whether something may be done then ("Can I wait until
        the end of his Order…?"), where the moment decides, nor before an alternative ("…at the
        end of the Order, or from the start of the Move?")."""
        if (self.asked_prop or ("",))[0] not in ("revealed", "state_ends"):
            return False
        for start in range(max(0, i - 5), i + 1):
            n = self._phrase_at(start, "order_end", (6, 5, 4))
            if n and start + n > i:
                if any(t.sent == self.toks[start].sent and t.low in self._words("alternative") for t in self.toks[start + n:]):
                    return False
                self.used.update(range(start, start + n))
                return True
        return False

    def _agrees_with_negation(self, i: int) -> bool:
        """Whether another negation stands before word `i` in its clause ("sin tocar a *nadie*",
        "no se lo dije a *nadie*"): Spanish says a negation again in such words, once meant."""
        concord = self._words("concord")
        for k in range(i - 1, -1, -1):
            if self.toks[k].sent != self.toks[i].sent or self.toks[k].low in self._words("clause_break") or self.toks[k].brk:
                return False
            if self.rec.roles.get(k) == "negation" and self.toks[k].low not in concord:
                return True
        return False

    def _closes_negated_list(self, i: int) -> bool:
        """Whether word `i` closes a list of negated items ("no Discover, no MSV, *nothing*", "no
        roll, *nothing*, I still…"): it follows a comma, ends its clause, and a negation stands
        in the few words before."""
        toks = self.toks
        if i == 0 or not toks[i - 1].brk or toks[i - 1].sent != toks[i].sent:
            return False
        if not (toks[i].brk or i + 1 == len(toks) or toks[i + 1].sent != toks[i].sent):
            return False
        return any(self.rec.roles.get(k) == "negation" and toks[k].sent == toks[i].sent for k in range(max(0, i - 6), i - 1))

    def _names_earlier_event(self, i: int) -> bool:
        """"moved into base contact with his Fusilier… Do I lose camo just from *the contact*?":
        a word after "the"/"that" that is a word of a Skill or event read in an earlier
        sentence names it again."""
        toks = self.toks
        if i == 0 or toks[i - 1].low not in self._words("definite") or toks[i - 1].sent != toks[i].sent:
            return False
        stem = self.vocab.token_stem(toks[i].low, self.rec.lang)
        return any(m.kind == "subject" and toks[m.start].sent < toks[i].sent and m.start in self.used
                   and any(self.vocab.token_stem(toks[k].low, self.rec.lang) == stem for k in range(m.start, m.end))
                   for m in self.mentions)

    def _question_tag(self, i: int) -> bool:
        """A negation closing the question as a tag ("…, or not?", "…o no?"): the last word of
        the asking sentence, after a clause break or "or"."""
        toks = self.toks
        t = toks[i]
        if t.sent != self.last or (i + 1 < len(toks) and toks[i + 1].sent == t.sent):
            return False
        prev = toks[i - 1] if i > 0 else None
        return prev is not None and prev.sent == t.sent and (prev.brk or prev.low in self._words("coordinator"))

    def _persons_name(self, i: int) -> bool:
        """A word the lexicon does not know, written with a capital, that owns something ("Anna's
        Fusilier") or says something ("Tom says…", "Lucía dice…", "I told Tom"): a player's
        name, which no rule turns on."""
        toks = self.toks
        if not toks[i].text[:1].isupper() or (toks[i].text.isupper() and len(toks[i].text) > 1):
            return False  # "Neurocinetics" stays; an all-capitals word (an abbreviation) too
        nxt = toks[i + 1].low if i + 1 < len(toks) and toks[i + 1].sent == toks[i].sent else ""
        prev = toks[i - 1].low if i > 0 and toks[i - 1].sent == toks[i].sent else ""
        owns = toks[i].poss and any(m.start == i + 1 and m.kind in ("trooper", "unit", "state", "hint", "weak_state", "weapon")
                                    for m in self.mentions)  # "Anna's Fusilier" (not "Ghostwalk's effect")
        says = nxt in self._words("reporting") and not toks[i].brk  # "Tom says" (not "Stealthwalk, say,")
        # "Player B", "el jugador A", "Is B right?"
        label = i in self.rec.labels
        # "Hola Jordi, …", "Hi Marta!" (a greeting opening the question); "Otra cosa, Jordi: …" (a
        # short first sentence of ordinary words ending on the name: not "Ninja con Mimetismo, Fiereza.")
        sentence = [t for t in toks if t.sent == toks[i].sent]
        greeted = prev in self._words("greeting") and toks[i].sent == 0 and i == 1
        vocative = (toks[i].sent == 0 != self.last and len(sentence) <= 5 and sentence[-1].i == i
                    and i > 0 and toks[i - 1].brk and all(
                        self.vocab.common(t, self.rec.lang) and self._kind_at(t.i) in (None, "filler")
                        for t in sentence[:-1]))
        return owns or says or label or greeted or vocative or prev in self._words("telling") or toks[i].low in self._words("given_names") or any(
            # "…Leo insists…. Who's right, Marta or Leo?": a claimant named again
            toks[v - 1].low == toks[i].low for v in self._claim_verbs(toks[-1].sent + 1) if v - 1 != i)

    def _place_name(self, i: int) -> bool:
        """"Mail from Lisbon.", "Escribo desde Murcia.", "the Bogotá group", "grupo de Rosario": a
        capitalised word the lexicon does not know, right after a word of `origin` or beside a
        word of `community`, outside the asking sentence: where the asker plays, which no rule
        turns on."""
        toks = self.toks
        if not toks[i].cap or toks[i].sent == self.last:
            return False
        if i > 0 and toks[i - 1].sent == toks[i].sent and toks[i - 1].low in self._words("origin"):
            return True
        # "N3 question from the Bogotá group", "en nuestro grupo de Rosario": a group of players' place
        community = self._words("community")
        return (i + 1 < len(toks) and toks[i + 1].sent == toks[i].sent and toks[i + 1].low in community) or (
            i > 1 and toks[i - 2].sent == toks[i].sent and toks[i - 1].low in self._words("place_of")
            and toks[i - 2].low in community)

    def _opening_call(self, i: int) -> bool:
        """"Parce, discusión de ayer: …", "Bro, …", "Wait, …": a lone word the lexicon does not
        know opening the question, set off by a comma, calls the reader or exclaims; no rule
        turns on it. So does an interjection opening a sentence ("wait did he just…?")."""
        toks = self.toks
        if i == 0 and len(toks) > 2 and toks[0].brk and toks[0].text.isalpha() and toks[1].sent == toks[0].sent:
            return True
        # "[23:41] wait did the ninja just…?", "espera, …": an interjection (`[words] interjection`)
        # opening its sentence (a clock time before it), before a comma or the question's verb
        return i == self._first_word(toks[i].sent).i and toks[i].low in self._words("interjection") and i + 1 < len(toks) \
            and toks[i + 1].sent == toks[i].sent and (toks[i].brk or toks[i + 1].low in self._list("question"))

    def _scene_name(self, i: int) -> bool:
        """"English speaker here", "the Thursday group", "saw it on YouTube": a day, month,
        language or website (`[words] scene_name`), outside the asking sentence: when, in what
        language or where the asker plays or read it, which no rule turns on."""
        return self.toks[i].sent != self.last and self.toks[i].low in self._words("scene_name")

    def _owned_name(self, i: int) -> bool:
        """A capitalised word the lexicon does not know, standing after a possessive ("my HD
        Hacker", "their Lt", "his Hecaton", "mi Hexa"): the name of someone's trooper, which no
        rule of a state turns on. Known state names may stand between; a run of such names is one."""
        toks = self.toks
        if not toks[i].cap:
            return False
        owners = self._words("mine") | self._words("possessive") | self._words("enemy_owner")
        j = i - 1
        while j >= 0 and toks[j].sent == toks[i].sent and i - j <= 3:
            if toks[j].low in owners:
                return True
            kind = self._kind_at(j)
            if not (kind in ("state", "weak_state", "hint") or (toks[j].cap and kind is None)):
                return False
            j -= 1
        return False

    def _still_in_state(self, i: int) -> bool:
        """Whether negation `i`, in a sentence of the scene, negates a reveal right after it
        (pronouns and auxiliaries between): "never revealed", "todavía no se ha revelado". It
        says the trooper is still in its state, which is how the reading takes it. A Discover
        not passed is no such thing ("no está Descubierto": a condition that decides attacks)."""
        toks = self.toks
        sent = toks[i].sent
        if sent == self.last or (i > 0 and toks[i - 1].low in self._list("modal")):
            return False  # (not "can't stay hidden": a claim of what may be)
        for k in range(i + 1, min(len(toks), i + 4)):
            if toks[k].sent != sent:
                return False
            m = next((m for m in self.mentions if m.start <= k < m.end), None)
            if m is not None:
                return (m.kind == "ask" and m.value.startswith("revealed:+")
                        and not any(toks[j].low.startswith(tuple(self._words("discover_stem"))) for j in range(m.start, m.end)))
            if self.rec.roles.get(k) not in ("stop", "pronoun", "passive"):
                return False
        return False

    def _not_told(self, i: int) -> bool:
        """A negated "have to tell" ("I don't have to tell him", "no tengo que decírselo") in a
        question that asks whether something is Private Information: not having to tell it is
        what being private means, so the negation restates what is asked; the negation and the
        "have to" are used (the telling verb is the composite's or an ordinary word)."""
        if self.asked_prop != ("open", "-"):
            return False
        toks = self.toks
        must = next((m for m in self.mentions if m.kind == "ask" and m.value.startswith("required:+")
                     and 0 < m.start - i <= 2 and toks[m.start].sent == toks[i].sent), None)
        if must is not None and any(toks[k].low in self._words("disclosing") for k in range(must.end, min(len(toks), must.end + 2))):
            self.used.update(range(i, must.end + 1))
            return True
        # "My opponent won't tell me which Combat Group…; he says it's Private Information.": not
        # telling is the claim the question asks about
        return any(toks[k].sent == toks[i].sent and toks[k].low in self._words("disclosing") for k in range(i + 1, min(len(toks), i + 4)))

    def _rejected_as(self, i: int) -> bool:
        """A negation opening a clause that names only the other of model and Marker than the
        clause before says the trooper ends up as ("on the table as a model, not a marker",
        "aparecer como marcador CAMO, no como miniatura"): it turns that alternative down, and
        says nothing more; its words are used. A state named after it ("as a model, not HD")
        says which state the trooper is not in: not this."""
        toks = self.toks
        if i == 0 or not toks[i - 1].brk:
            return False
        rejected = self._model_or_marker(i + 1)
        if rejected is None:
            return False
        kind, end = rejected
        if not (end == len(toks) or toks[end].sent != toks[i].sent or toks[end - 1].brk):
            return False
        # the clause before says the other one, right after an "as" ("as a model", "como marcador")
        said = any(toks[k].low in self._words("as_what") and toks[k].sent == toks[i].sent
                   and (other := self._model_or_marker(k + 1)) is not None and other[0] != kind and other[1] <= i
                   for k in range(max(0, i - 8), i))
        if said:
            self.used.update(range(i, end))
        return said

    def _model_or_marker(self, j: int) -> tuple[str, int] | None:
        """("model" | "marker", the end of its words) for a model or a Marker named from word `j`
        (after "as" and articles): "as a model", "como marcador CAMO"; None for anything else."""
        toks = self.toks
        start = j
        while j < len(toks) and toks[j].sent == toks[start - 1].sent and (
                toks[j].low in self._words("as_what") or toks[j].low in self._words("article")):
            j += 1
        if j >= len(toks) or toks[j].sent != toks[start - 1].sent:
            return None
        if toks[j].low in self._words("model_word"):
            return "model", j + 1
        if toks[j].low in self._words("marker_word"):  # "marcador CAMO", "marker"
            named = next((m for m in self.mentions if m.start == j + 1 and m.kind in ("state", "hint")), None)
            return "marker", named.end if named is not None else j + 1
        marker = next((m for m in self.mentions if m.start == j and m.kind in ("weak_state", "state", "hint")), None)
        if marker is not None and any(toks[k].low in self._words("marker_word") for k in range(marker.start, marker.end)):
            return "marker", marker.end
        if marker is not None and marker.end < len(toks) and toks[marker.end].low in self._words("marker_word"):
            return "marker", marker.end + 1  # "a camo | marker"
        return None

    def _not_only_tail(self, i: int) -> bool:
        """Whether the negation at `i` opens a tail "…, not just …" / "…, y no solo …": right
        before "only"/"just"/"solo" (`[words] not_only`), after a comma or after an "and"/"y"
        that follows one."""
        sent = self.toks[i].sent
        nxt = self.toks[i + 1].low if i + 1 < len(self.toks) and self.toks[i + 1].sent == sent else ""
        if nxt not in self._words("not_only"):
            return False
        before = self.toks[i - 1] if i > 0 and self.toks[i - 1].sent == sent else None
        return before is not None and (before.brk or (before.low in self._words("coordinator") and i > 1
                                                      and self.toks[i - 2].sent == sent and self.toks[i - 2].brk))

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

    def _written(self, i: int) -> str:
        """Token `i` as the question wrote it: the whole word when it is one of two tokens read
        from one word ("S2")."""
        return whole(self.toks, i, i)

    def _used_words(self) -> list[str]:
        out, i = [], 0
        toks = self.toks
        while i < len(toks):
            if i in self.used:
                j = i
                while j + 1 < len(toks) and j + 1 in self.used:
                    j += 1
                out.append(whole(toks, i, j))  # half of a word read as two ("S2") is shown whole
                i = j + 1
            else:
                i += 1
        return out
