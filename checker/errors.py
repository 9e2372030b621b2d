"""Typed errors of the checker. The CLI and the web page turn them into messages; each message
says what to do."""
from __future__ import annotations

from collections.abc import Iterable


class CheckerError(Exception):
    """Base class for every error the checker raises on bad input or a bad logic table."""


class EmptyQuestion(CheckerError):
    """The question is empty or blank."""

    def __init__(self) -> None:
        super().__init__('Empty question — ask something, e.g. rulecheck ask "Is a Camouflaged trooper revealed if it declares Cautious Movement?"')


class QuestionTooLong(CheckerError):
    """The question is longer than the reader reads (its time grows faster than its length)."""

    def __init__(self, length: int, limit: int) -> None:
        self.length, self.limit = length, limit
        super().__init__(f"The question is {length:,} characters long; rulecheck reads questions of up to {limit:,}. "
                         "Ask about one situation at a time, leaving out what does not change it.")


def suggest(name: str, choices: Iterable[str]) -> str:
    """` — did you mean "X"?` for the closest of `choices`, or a list of valid names."""
    import difflib  # only on the error path: keeps `rulecheck ask` light

    choices = sorted(set(choices))
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in choices}
        close = [lowered[c] for c in difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)]
    if close:
        return f' — did you mean "{close[0]}"?'
    shown = ", ".join(choices[:12]) + (", …" if len(choices) > 12 else "")
    return f" — known: {shown}"


class UnknownState(CheckerError):
    """A state name the checker does not know (structured mode).

    `covered`: the states the checker reasons about, listed when nothing is close; `other`: the
    glossary's name when `name` is a state the logic does not cover (Impersonation, Holoecho).
    """

    def __init__(self, name: str, choices: Iterable[str], *, covered: Iterable[str] = (), other: str | None = None) -> None:
        self.name = name
        covered = list(covered)
        listed = ", ".join(covered)
        if other:
            message = f'{other} is not one of the states the checker covers ({listed})'
        else:
            hint = suggest(name, choices) if choices else ""
            if covered and not hint.startswith(" — did you mean"):
                hint = f" — the checker covers {listed}"
            message = f'Unknown state "{name}"{hint}'
        super().__init__(message)


_KIND_WORDS = {("property",): ("property", "properties"), ("skill",): ("skill", "skills"),
               ("event",): ("event", "events")}


class UnknownSkill(CheckerError):
    """A skill, event or property name the checker does not know (structured mode).

    `choices`: every known name → the canonical name to suggest for it; `kinds`: the subject
    kinds the option takes, which name the thing in the message.
    """

    def __init__(self, name: str, choices: Iterable[str] | dict[str, str], kinds: tuple[str, ...] = ("skill", "event")) -> None:
        import difflib  # only on the error path

        self.name = name
        one, many = _KIND_WORDS.get(tuple(kinds), ("skill or event", "skills and events"))
        canon = dict(choices) if isinstance(choices, dict) else {c.lower(): c for c in choices}
        close = difflib.get_close_matches(name.strip().lower(), list(canon), n=1, cutoff=0.6)
        if close:
            hint = f' — did you mean "{canon[close[0]]}"?'
        else:
            shown = sorted(set(canon.values()), key=str.lower)
            hint = f" — known {many}: " + ", ".join(shown)
        super().__init__(f'Unknown {one} "{name}"{hint}')


class UnknownEdition(CheckerError):
    """An edition the checker cannot read (it reads the N3 and N4 pages)."""

    def __init__(self, edition: str, editions: Iterable[str]) -> None:
        self.edition = edition
        editions = list(editions)
        close = suggest(edition.upper(), editions)
        hint = close if close.startswith(" — did you mean") else ""
        super().__init__(f'Unknown edition "{edition}"{hint} — the checker reads {" and ".join(sorted(editions, reverse=True))}; '
                         f"use --edition {sorted(editions, reverse=True)[0]} (the default) or one of the others")


class BadScenario(CheckerError):
    """A scenario (file or options) that cannot be evaluated: says which field and why."""


class LogicTableError(CheckerError):
    """The logic table is malformed: an authoring error, naming the row at fault."""
