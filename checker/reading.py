"""The reading of a question: a typed record of what it says, from which the engine answers.

Who acts (the trooper in the state, an enemy, an ally, its Fireteam's Team Leader), what each
declares or what happens to the trooper, in order; the conditions (turn, LoF, Fireteam role,
Discover passed or failed…); the proposition asked and its polarity; and how every word was
accounted for — the words used, and the words the reading could not place. Structured options
and scenario files build the same record.
"""
from __future__ import annotations

#: Who acts in an action: the trooper in the state, an enemy, an ally, its Fireteam's Team
#: Leader, or the Fireteam as a whole ("the team declares…": the trooper may lead it or not).
BY = ("self", "enemy", "ally", "leader", "team")


def flipped(polarity: str) -> str:
    """The other polarity: "+" (asked as stated) ↔ "-" (asked the other way round)."""
    return "-" if polarity == "+" else "+"


class Action:
    """One thing done in the Order: `subject` (a vocabulary subject id) by `by`, at `position`
    in the Order (1 or 2 for the first or second Short Skill, 0 when not said)."""

    __slots__ = ("subject", "by", "kind", "position", "text", "start")

    def __init__(self, subject: str, by: str, kind: str, position: int = 0, text: str = "", start: int = -1) -> None:
        self.subject = subject
        self.by = by
        self.kind = kind
        self.position = position
        self.text = text
        #: Where in the question it is named (a word index; -1 when not read from words).
        self.start = start

    def to_dict(self) -> dict:
        return {"subject": self.subject, "by": self.by, "kind": self.kind, "position": self.position,
                "text": self.text}

    def __repr__(self) -> str:
        return f"Action({self.subject!r}, by={self.by!r})"


class Reading:
    """What a question says, as values. `proposition` is what is asked (see
    data/verdicts.toml), `polarity` "+" or "-" ("survive" asks whether the state is kept:
    revealed, "-"); `about` is "state" when the question asks about the state itself ("is
    Hidden Deployment cancelled?"), else "model". `unplaced`: words the reading could not
    place; `issues`: what keeps the answer from being a confident yes or no (an unplaced word,
    a negation it could not attach, a term the rules here do not use)."""

    __slots__ = ("text", "lang", "edition", "states", "other_states", "actions", "properties", "context",
                 "proposition", "polarity", "about", "asked_value", "used", "unplaced", "issues", "notes",
                 "ignored", "numbers", "question_axes", "excluded", "tag_negation", "possible")

    def __init__(self, text: str | None = None, lang: str = "en", edition: str | None = None,
                 states: tuple[str, ...] = (), other_states: tuple[str, ...] = (), actions: list[Action] | None = None,
                 properties: tuple[str, ...] = (), context: dict | None = None, proposition: str = "revealed",
                 polarity: str = "+", about: str = "model", asked_value: str | None = None,
                 used: list[str] | None = None, unplaced: list[str] | None = None, issues: list[str] | None = None,
                 notes: list[str] | None = None, ignored: list[str] | None = None,
                 numbers: tuple[str, ...] = (), excluded: tuple[str, ...] = ()) -> None:
        self.text = text
        self.lang = lang
        self.edition = edition
        self.states = states
        self.other_states = other_states
        self.actions = actions if actions is not None else []
        self.properties = properties
        self.context = context if context is not None else {}
        self.proposition = proposition
        self.polarity = polarity
        self.about = about
        self.asked_value = asked_value
        self.used = used if used is not None else []
        self.unplaced = unplaced if unplaced is not None else []
        self.issues = issues if issues is not None else []
        self.notes = notes if notes is not None else []
        #: Ordinary words set aside: common in the language, and not a word of the reader's
        #: phrases (or not one the rules pages use).
        self.ignored = ignored if ignored is not None else []
        #: Numbers the question asks about a fact ("is it a -6 MOD?").
        self.numbers = numbers
        #: Context axes set in the question's own sentence, not in the scene before it (all of
        #: them for structured input, which has no scene).
        self.question_axes: frozenset[str] = frozenset(self.context)
        #: Kinds of a general term the question sets apart ("a Long Skill other than Cautious
        #: Movement"): the answer is for the others (`excluding` in JSON: what the reading leaves out).
        self.excluded = excluded
        #: A negated statement put as a question by an auxiliary tag ("He can't…, can he?"): read
        #: as the plain question, but answered both ways by players (the doubt model weighs it).
        self.tag_negation = False
        #: Whether the question asks if the state *can* end or the trooper *can* be revealed by
        #: what it names ("Can Sensor reveal an HD trooper?"): yes when the rules give one case
        #: where it is.
        self.possible = False

    def by(self, who: str, kind: str | None = None) -> tuple[str, ...]:
        """The subjects acted by `who` (and of `kind`), in order, without repeats."""
        return tuple(dict.fromkeys(a.subject for a in self.actions
                                   if a.by == who and (kind is None or a.kind == kind)))

    def to_dict(self) -> dict:
        """The reading as plain JSON data (the `reading` object of `--json`)."""
        return {"lang": self.lang, "edition": self.edition, "states": list(self.states),
                "other_states": list(self.other_states), "actions": [a.to_dict() for a in self.actions],
                "properties": list(self.properties), "conditions": dict(self.context),
                "asked": {"proposition": self.proposition, "polarity": self.polarity, "about": self.about,
                          "value": self.asked_value, "possible": self.possible},
                "numbers": list(self.numbers), "used": list(self.used), "ignored": list(self.ignored),
                "unplaced": list(self.unplaced), "excluding": list(self.excluded),
                "issues": list(self.issues),
                "notes": list(self.notes)}

    def __repr__(self) -> str:
        return f"Reading({self.to_dict()!r})"
