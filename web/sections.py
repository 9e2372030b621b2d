"""How the web names a rule section: as the page writes it (`CANCELACIÓN`, `Effects`).

Pages that mark sections by template (`{{cancellation}}`) or not at all leave only the key
(`cancellation`, `see_also`); those are shown in words (`Cancellation`, `See also`). Keys stay
for facets and filters, where a stable value is needed. `metadata.SECTION_LABEL_SQL` is the same
rule in SQL, for the canned queries.
"""
from __future__ import annotations

import re


def section_title(label: str | None, key: str | None) -> str:
    """The heading to show for a section: its label as written, else its key in words."""
    if label and label != key:
        return label
    if not key:
        return ""
    return key[:1].upper() + key[1:].replace("_", " ")


def bullet_ref(label: str | None, section: str | None, key: str | None) -> str:
    """How a player cites a bullet on its page: its section and place (`Cancelación 1.2` for the
    second sub-bullet of the first Cancellation bullet), from the rule's `key` (`cancellation-1-2`)."""
    title = section_title(label, section)
    if title.isupper():
        title = title.capitalize()
    place = re.search(r"(\d+(?:-\d+)*)$", key or "")
    return f"{title} {place.group(1).replace('-', '.')}" if place else title
