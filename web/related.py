"""What a row page of a rulecheck base links to, both ways: a rule's page, parent, children and
FAQs; a FAQ's pages and bullets; a page's bullets by section, FAQs and links.

Queries run through Datasette's own `Database` (read-only, in its threads).
"""
from __future__ import annotations

from datasette.database import Database

from rulecheck.web.sections import section_title


async def _rows(db: Database, sql: str, params: list) -> list[dict]:
    return [dict(row) for row in (await db.execute(sql, params)).rows]


async def rule_context(db: Database, rule_id: str) -> dict | None:
    """A rule with its page, parent, children, the FAQs that settle it and the pages linking to its page."""
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
    parent = await _rows(db, "select id, text from rules where id = ?", [rule["parent_id"]]) if rule["parent_id"] else []
    children = await _rows(db, "select id, text from rules where parent_id = ? order by ordinal", [rule_id])
    faqs = await _rows(
        db,
        """select faqs.id, faqs.kind, faqs.title, faqs.version, faqs.date, faqs.question, faqs.answer,
                  group_concat(faq_rules.how, ', ') as how, max(faq_rules.score) as score
           from faq_rules join faqs on faqs.id = faq_rules.faq_id
           where faq_rules.rule_id = ? group by faqs.id order by score desc, faqs.id""",
        [rule_id],
    )
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
    return {"rule": rule, "parent": parent[0] if parent else None, "children": children, "faqs": faqs,
            "linking_pages": linking_pages, "links_out": links_out}


async def faq_context(db: Database, faq_id: str) -> dict | None:
    """A FAQ with the pages it appears on, its related pages (dangling ones marked) and the bullets it settles."""
    found = await _rows(db, "select * from faqs where id = ?", [faq_id])
    if not found:
        return None
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
    rules = await _rows(
        db,
        """select rules.id, rules.text, rules.section, rules.section_label, pages.title as page_title,
                  group_concat(faq_rules.how, ', ') as how, max(faq_rules.score) as score
           from faq_rules join rules on rules.id = faq_rules.rule_id join pages on pages.id = rules.page_id
           where faq_rules.faq_id = ? group by rules.id order by score desc, rules.id""",
        [faq_id],
    )
    for rule in rules:
        rule["section_title"] = section_title(rule.pop("section_label"), rule["section"])
    return {"faq": found[0], "pages": pages, "related": related, "rules": rules}


async def page_context(db: Database, page_id: str) -> dict | None:
    """A page with its bullets grouped by section, its FAQs, the pages linking to it and its dangling links."""
    found = await _rows(db, "select * from pages where id = ?", [page_id])
    if not found:
        return None
    rules = await _rows(
        db,
        "select id, section, section_label, parent_id, text, errata from rules where page_id = ? order by ordinal",
        [page_id],
    )
    sections: list[dict] = []
    for rule in rules:
        if not sections or sections[-1]["section"] != rule["section"]:
            sections.append({"section": rule["section"], "label": section_title(rule["section_label"], rule["section"]), "rules": []})
        sections[-1]["rules"].append(rule)
    faqs = await _rows(
        db,
        """select faqs.id, faqs.kind, faqs.title, faqs.version, faqs.date, faqs.question
           from faq_pages join faqs on faqs.id = faq_pages.faq_id
           where faq_pages.page_id = ? order by faqs.kind, faqs.version, faqs.id""",
        [page_id],
    )
    linking_pages = await _rows(
        db,
        """select pages.id, pages.title, count(*) as links from links join pages on pages.id = links.from_page_id
           where links.to_page_id = ? and links.from_page_id != ? group by pages.id order by pages.title""",
        [page_id, page_id],
    )
    dangling = await _rows(
        db,
        """select to_title, count(*) as links from links
           where from_page_id = ? and to_page_id is null and kind != 'category'
           group by to_title order by to_title""",
        [page_id],
    )
    other_languages = await _rows(
        db,
        """select distinct links.to_title, links.to_page_id from links
           where links.from_page_id = ? and links.kind = 'interlanguage'""",
        [page_id],
    )
    return {"page": found[0], "sections": sections, "faqs": faqs, "linking_pages": linking_pages,
            "dangling": dangling, "other_languages": other_languages}
