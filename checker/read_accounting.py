"""Reading a question, last part: every word accounted for — what no rule used and no word
list holds is *not placed* and keeps the answer from being a confident yes or no; ordinary
words are set aside, with the reason."""
from __future__ import annotations

from rulecheck.checker.vocabulary import Mention


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
