"""The pages a base holds, named as players name the states they describe: the home page, the
menu and the "not found" page lead to them.

The glossary's state terms name their page (`Camouflaged` → the Spanish `Camuflado` page); a
page no state term names (an extra page built in) is listed by its own title after the states.
Read with sqlite3 and cached per version of the file, since the menu asks on every page.
"""
from __future__ import annotations

import sqlite3
from typing import NamedTuple

from rulecheck.kb.identity import read_only_uri
from rulecheck.web.reload import file_stamp


class StatePage(NamedTuple):
    """A page of the base and the name it goes by."""

    id: str
    title: str
    name: str
    lang: str | None
    edition: str | None
    rules: int
    faqs: int
    is_state: bool


#: path → (the file's stamp, its pages): one version per file, replaced when the file is rebuilt.
_seen: dict[str, tuple[object, tuple[StatePage, ...]]] = {}


def state_pages(path: str) -> tuple[StatePage, ...]:
    """The base's pages: those the glossary's states name first, in the glossary's order, then
    the others by title."""
    stamp = file_stamp(path)
    if path not in _seen or _seen[path][0] != stamp:
        _seen[path] = (stamp, _read(path))
    return _seen[path][1]


def _read(path: str) -> tuple[StatePage, ...]:
    from rulecheck.kb.glossary import load_glossary

    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True)
        try:
            rows = conn.execute(
                """select id, title, lang, edition,
                     (select count(*) from rules where rules.page_id = pages.id),
                     (select count(*) from faq_pages where faq_pages.page_id = pages.id)
                   from pages order by title"""
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return ()
    by_title = {row[1]: row for row in rows}
    found: list[StatePage] = []
    for term in load_glossary().terms.values():
        if term.kind == "state" and term.page in by_title:
            row = by_title.pop(term.page)
            found.append(StatePage(row[0], row[1], term.label, row[2], row[3], row[4], row[5], True))
    found += [StatePage(row[0], row[1], row[1], row[2], row[3], row[4], row[5], False) for row in by_title.values()]
    return tuple(found)
