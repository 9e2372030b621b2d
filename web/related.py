"""What a row page of a rulecheck base shows a player: a rule with its page, parent, children and
FAQs; a FAQ with its pages and bullets; a page as it reads on the wiki, with the FAQs that apply
to it. What only editors need (dangling links, other tables' rows) is left to the editors' view.

Queries run through Datasette's own `Database` (read-only, in its threads).
"""
from __future__ import annotations

from datasette.database import Database

from rulecheck.web.faqs import SETTLES, faq_label, strength_sql, unique_labels, version_label
from rulecheck.web.sections import bullet_ref, section_title
from rulecheck.web.terms import english_terms

#: How many pages of the other language on the same subject a page names by title.
SAME_SUBJECT_SHOWN = 5


async def _rows(db: Database, sql: str, params: list | dict) -> list[dict]:
    return [dict(row) for row in (await db.execute(sql, params)).rows]


async def _columns(db: Database, table: str) -> list[str]:
    return [row[0] for row in (await db.execute("select name from pragma_table_info(?)", [table])).rows]


async def _faq_pages(db: Database, faq_ids: list[str]) -> dict[str, list[dict]]:
    """FAQ id → the pages it appears on (id, title, edition), by title."""
    if not faq_ids:
        return {}
    marks = ",".join("?" * len(faq_ids))
    found: dict[str, list[dict]] = {faq_id: [] for faq_id in faq_ids}
    for row in await _rows(
        db,
        f"""select faq_pages.faq_id, pages.id, pages.title, pages.edition from faq_pages
            join pages on pages.id = faq_pages.page_id where faq_pages.faq_id in ({marks}) order by pages.title""",
        faq_ids,
    ):
        found[row.pop("faq_id")].append(row)
    return found


def _terms(page_lang: str | None, texts: list[str]) -> list:
    """The glossary's English names for a Spanish passage's terms; none for other languages."""
    return english_terms(texts) if page_lang == "es" else []


async def rule_context(db: Database, rule_id: str) -> dict | None:
    """A rule with its page, parent, children, the FAQs that settle it and those only related,
    its links, the pages linking to its page, and English names for a Spanish rule's terms."""
    found = await _rows(
        db,
        """select rules.*, pages.title as page_title, pages.lang as page_lang, pages.edition as page_edition
           from rules join pages on pages.id = rules.page_id where rules.id = ?""",
        [rule_id],
    )
    if not found:
        return None
    rule = found[0]
    rule["section_title"] = section_title(rule["section_label"], rule["section"])
    rule["ref"] = bullet_ref(rule["section_label"], rule["section"], rule["key"])
    near = "select id, text, section, section_label, key from rules where {} order by ordinal"
    parent = await _rows(db, near.format("id = ?"), [rule["parent_id"]]) if rule["parent_id"] else []
    children = await _rows(db, near.format("parent_id = ?"), [rule_id])
    for other in parent + children:
        other["ref"] = bullet_ref(other.pop("section_label"), other.pop("section"), other.pop("key"))
    strength = strength_sql(await _columns(db, "faq_rules"))
    faqs = await _rows(
        db,
        f"""select faqs.id, faqs.kind, faqs.title, faqs.version, faqs.date, faqs.edition, faqs.question, faqs.answer,
                  max({strength}) as strength, max(faq_rules.score) as score
           from faq_rules join faqs on faqs.id = faq_rules.faq_id
           where faq_rules.rule_id = ? group by faqs.id order by strength desc, score desc, faqs.id""",
        [rule_id],
    )
    _label_faqs(faqs, await _faq_pages(db, [f["id"] for f in faqs]))
    linking_pages = await _rows(
        db,
        """select pages.id, pages.title, count(*) as links from links join pages on pages.id = links.from_page_id
           where links.to_page_id = ? and links.from_page_id != ? group by pages.id order by pages.title""",
        [rule["page_id"], rule["page_id"]],
    )
    links_out = await _rows(
        db,
        """select links.kind, links.to_title, links.to_page_id, pages.title as to_page_title
           from links left join pages on pages.id = links.to_page_id
           where links.from_rule_id = ? order by links.rowid""",
        [rule_id],
    )
    return {"rule": rule, "parent": parent[0] if parent else None, "children": children,
            "faqs": [f for f in faqs if f["strength"] == SETTLES],
            "related_faqs": [f for f in faqs if f["strength"] != SETTLES],
            "linking_pages": linking_pages, "links_out": links_out,
            "terms": _terms(rule["page_lang"], [rule["text"]])}


def _label_faqs(faqs: list[dict], pages: dict[str, list[dict]]) -> None:
    """Give each FAQ its unique label, its document (`FAQ 1.4`) and the pages it appears on."""
    labels = unique_labels(faqs)
    for faq in faqs:
        faq["label"] = labels[faq["id"]]
        faq["document"] = version_label(faq)
        faq["pages"] = pages.get(faq["id"], [])


async def faq_context(db: Database, faq_id: str) -> dict | None:
    """A FAQ with the pages it appears on, its related pages (those not in the base marked) and
    the bullets it settles, then those it is only related to."""
    found = await _rows(db, "select * from faqs where id = ?", [faq_id])
    if not found:
        return None
    faq = found[0]
    faq["label"] = faq_label(faq)
    faq["document"] = version_label(faq)
    pages = await _rows(
        db,
        """select pages.id, pages.title, pages.edition from faq_pages join pages on pages.id = faq_pages.page_id
           where faq_pages.faq_id = ? order by pages.title""",
        [faq_id],
    )
    related = await _rows(
        db,
        """select distinct links.kind, links.to_title, links.to_page_id, pages.title as to_page_title
           from links left join pages on pages.id = links.to_page_id
           where links.from_faq_id = ? order by links.kind, links.to_title""",
        [faq_id],
    )
    strength = strength_sql(await _columns(db, "faq_rules"))
    rules = await _rows(
        db,
        f"""select rules.id, rules.text, rules.section, rules.section_label, rules.key, pages.title as page_title,
                  pages.lang as lang, max({strength}) as strength, max(faq_rules.score) as score
           from faq_rules join rules on rules.id = faq_rules.rule_id join pages on pages.id = rules.page_id
           where faq_rules.faq_id = ? group by rules.id order by strength desc, score desc, rules.id""",
        [faq_id],
    )
    for rule in rules:
        rule["section_title"] = section_title(rule["section_label"], rule["section"])
        rule["ref"] = bullet_ref(rule.pop("section_label"), rule["section"], rule.pop("key"))
    return {"faq": faq, "pages": pages, "related": related,
            "rules": [r for r in rules if r["strength"] == SETTLES],
            "related_rules": [r for r in rules if r["strength"] != SETTLES]}


def _bullet_tree(rules: list[dict]) -> list[dict]:
    """Sections in page order, each a list of groups under the headings the section holds,
    each group's bullets with their sub-bullets nested (`children`)."""
    sections: list[dict] = []
    by_id: dict[str, dict] = {}
    for rule in rules:
        rule["children"] = []
        by_id[rule["id"]] = rule
        parent = by_id.get(rule["parent_id"]) if rule["parent_id"] else None
        if parent is not None:
            parent["children"].append(rule)
            continue
        if not sections or sections[-1]["section"] != rule["section"]:
            sections.append({"section": rule["section"], "label": section_title(rule["section_label"], rule["section"]),
                             "groups": []})
        groups = sections[-1]["groups"]
        if not groups or groups[-1]["heading"] != rule["heading"]:
            groups.append({"heading": rule["heading"], "bullets": []})
        groups[-1]["bullets"].append(rule)
    return sections


async def page_context(db: Database, page_id: str) -> dict | None:
    """A page as it reads: sections in order, bullets with their sub-bullets, errata with their
    version; the FAQs that apply to it, each with its pages and version; the pages in other
    languages on its subject; English names for a Spanish page's terms.

    A FAQ applies when it is on the page, settles one of its bullets (`faq_rules`: by strength,
    or any row on a base without it) or names the page among its related pages."""
    found = await _rows(db, "select * from pages where id = ?", [page_id])
    if not found:
        return None
    page = found[0]
    rules = await _rows(
        db,
        """select id, section, section_label, parent_id, text, errata, errata_version, heading, key
           from rules where page_id = ? order by ordinal""",
        [page_id],
    )
    columns = await _columns(db, "faq_rules")
    settling = await _rows(
        db,
        f"""select faq_rules.rule_id, faq_rules.faq_id from faq_rules join rules on rules.id = faq_rules.rule_id
            where rules.page_id = ? group by faq_rules.rule_id, faq_rules.faq_id
            having max({strength_sql(columns)}) = '{SETTLES}'""",
        [page_id],
    )
    # Why each FAQ applies: it is on the page, settles a bullet of it, or names the page as related.
    why: dict[str, dict] = {}

    def reason(faq_id: str) -> dict:
        return why.setdefault(faq_id, {"own": False, "bullets": [], "related": False})

    for row in await _rows(db, "select faq_id from faq_pages where page_id = ?", [page_id]):
        reason(row["faq_id"])["own"] = True
    for row in settling:
        reason(row["faq_id"])["bullets"].append(row["rule_id"])
    for row in await _rows(
        db, "select distinct from_faq_id from links where to_page_id = ? and from_faq_id is not null", [page_id]
    ):
        reason(row["from_faq_id"])["related"] = True
    refs = {rule["id"]: bullet_ref(rule["section_label"], rule["section"], rule["key"]) for rule in rules}
    order = {rule_id: i for i, rule_id in enumerate(refs)}
    faqs = []
    if why:
        marks = ",".join("?" * len(why))
        faqs = await _rows(db, f"select id, kind, title, version, date, edition, question, answer from faqs where id in ({marks})",
                           list(why))
    _label_faqs(faqs, await _faq_pages(db, [f["id"] for f in faqs]))
    for faq in faqs:
        found = why[faq["id"]]
        faq["own"] = found["own"]
        faq["names_page"] = found["related"]
        faq["bullets"] = [{"id": r, "ref": refs[r]} for r in sorted(found["bullets"], key=order.get)]
    # Own FAQs first, in version order, then the others by edition and version.
    faqs.sort(key=lambda f: (not f["own"], f.get("edition") or "", f.get("version") or "", f["label"]))
    labels = {faq["id"]: faq["label"] for faq in faqs}
    for rule in rules:
        rule["ref"] = refs[rule["id"]]
        rule["faqs"] = [{"id": row["faq_id"], "label": labels[row["faq_id"]]} for row in settling if row["rule_id"] == rule["id"]]
    other_languages = await _rows(
        db,
        """select distinct links.to_title, links.to_page_id, links.lang from links
           where links.from_page_id = ? and links.kind = 'interlanguage'""",
        [page_id],
    )
    linking_pages = await _rows(
        db,
        """select pages.id, pages.title, pages.lang, pages.edition, count(*) as links
           from links join pages on pages.id = links.from_page_id
           where links.to_page_id = ? and links.from_page_id != ? group by pages.id order by pages.title""",
        [page_id, page_id],
    )
    # In a whole wiki hundreds of pages of the other language may link here: the ones that link
    # most are named, the rest counted (all are under "Pages linking here")
    same = sorted((p for p in linking_pages if p["lang"] and page["lang"] and p["lang"] != page["lang"]),
                  key=lambda p: (-p["links"], p["title"]))
    return {"page": page, "sections": _bullet_tree(rules), "faqs": faqs, "linking_pages": linking_pages,
            "same_subject": same[:SAME_SUBJECT_SHOWN], "same_subject_more": max(0, len(same) - SAME_SUBJECT_SHOWN),
            "other_languages": other_languages, "terms": _terms(page["lang"], [rule["text"] for rule in rules])}


async def dangling_links(db: Database, page_id: str) -> list[dict]:
    """Link targets on a page that the base has no page for (for editors): title and count."""
    return await _rows(
        db,
        """select to_title, count(*) as links from links
           where from_page_id = ? and to_page_id is null and kind != 'category'
           group by to_title order by to_title""",
        [page_id],
    )
