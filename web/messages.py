"""The checker's errors in the web's terms: the ask page names the choice in its form, the JSON
endpoint names the URL parameter; neither tells a web user about command-line flags."""
from __future__ import annotations

EXAMPLE = "Is a Camouflaged trooper revealed if it declares Cautious Movement?"

#: What the ask page says when asked with nothing typed.
EMPTY_FORM = f"Type a question first, e.g. “{EXAMPLE}”"

#: What `/-/ask.json` says without `?q=`.
EMPTY_JSON = "Empty question: add one as ?q=…, e.g. ?q=Is+a+camo+marker+revealed+by+Cautious+Movement"


def _editions(editions) -> list[str]:
    """The editions newest first: the first is the default."""
    return sorted(editions, reverse=True)


def edition_choices(editions, *, form: bool) -> str:
    """`N4 (the default) or N3`, as the form's list names them, or as `edition=` values for JSON."""
    names = [f"edition={e}" if not form else e for e in _editions(editions)]
    names[0] += " (the default)"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def web_message(error: Exception, *, form: bool) -> str:
    """What the ask page (`form=True`) or `/-/ask.json` says for a checker error."""
    from rulecheck.checker.errors import EmptyQuestion, UnknownEdition, suggest
    from rulecheck.checker.scenario import EDITIONS

    if isinstance(error, UnknownEdition):
        close = suggest(error.edition.strip().upper(), EDITIONS)
        hint = close if close.startswith(" — did you mean") else ""
        if form:
            return (f"There is no edition “{error.edition}” here{hint}. "
                    f"Choose one in the Edition list: {edition_choices(EDITIONS, form=True)}.")
        return (f'Unknown edition "{error.edition}"{hint}: use {edition_choices(EDITIONS, form=False)}, '
                "or leave edition out for the default.")
    if isinstance(error, EmptyQuestion):
        return EMPTY_FORM if form else EMPTY_JSON
    return str(error)
