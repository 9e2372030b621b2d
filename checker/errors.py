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
    """A state name the checker does not know (structured mode)."""

    def __init__(self, name: str, choices: Iterable[str]) -> None:
        self.name = name
        super().__init__(f'Unknown state "{name}"{suggest(name, choices)}')


class UnknownSkill(CheckerError):
    """A skill, event or property name the checker does not know (structured mode)."""

    def __init__(self, name: str, choices: Iterable[str]) -> None:
        self.name = name
        super().__init__(f'Unknown skill or event "{name}"{suggest(name, choices)}')


class BadScenario(CheckerError):
    """A scenario (file or options) that cannot be evaluated: says which field and why."""


class LogicTableError(CheckerError):
    """The logic table is malformed: an authoring error, naming the row at fault."""
