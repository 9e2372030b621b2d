"""The Datasette metadata for a rulecheck base: titles, descriptions, facets, search, canned queries.

Datasette 0.65 conventions: table and column descriptions, `label_column`, `sort`, `facets`
and `fts_table` live under `databases.<name>.tables`, canned queries under
`databases.<name>.queries`. The database name is the file's stem, so the dict is built for it.
"""
from __future__ import annotations

TITLE = "rulecheck: Infinity hidden-information states"

DESCRIPTION_HTML = (
    "<p>Every bullet, FAQ and erratum of the Infinity pages on <strong>Camouflaged</strong>, "
    "<strong>TO Camouflaged</strong>, <strong>Hidden Deployment</strong> and <strong>HoloMask</strong>, "
    "linked to their pages and to each other.</p>"
    '<p><a href="/-/ask">Ask a rules question</a> · '
    '<a href="/-/search">Search rules and FAQs</a> (English or Spanish)</p>'
)

SOURCE = "Infinity fan wiki and official wiki pages (bundled with rulecheck)"
SOURCE_URL = "https://infinitythewiki.com/"
LICENSE = "Rules text © Corvus Belli, quoted for reference; rulecheck code Apache-2.0"
LICENSE_URL = "https://www.apache.org/licenses/LICENSE-2.0"

TABLES: dict[str, dict] = {
    "pages": {
        "description": "One row per source page (a wiki page or a rulebook copy), English or Spanish.",
        "label_column": "title",
        "sort": "title",
        "facets": ["lang", "edition", "format"],
        "columns": {
            "id": "Stable slug of the title (`to-camouflaged`, `camuflado`).",
            "title": "The page title as the page gives it.",
            "lang": "Language: `en` or `es`.",
            "edition": "Rules edition: N3, N4, N5, CodeOne, or empty when unknown.",
            "format": "How the page was written: `wikitext`, `text` or `html`.",
            "source": "The file the page was read from.",
            "ordinal": "Order the page was read in.",
            "rule_count": "How many bullets the page has.",
            "faq_count": "How many FAQs and errata the page has.",
        },
    },
    "rules": {
        "description": "One row per bullet or paragraph of a rule section (Activation, Effects, Cancellation…).",
        "label_column": "id",
        "sort": "page_id",
        "facets": ["page_id", "section", "edition", "errata"],
        "fts_table": "rules_fts",
        "fts_pk": "rowid",
        "columns": {
            "id": "Stable id: `<page>-<section>-<n>`, with `-<m>` for the m-th sub-bullet.",
            "page_id": "The page the bullet is on.",
            "section": "activation, requirements, effects, cancellation, important, remember, explain, example, see_also or note.",
            "section_label": "The section heading as written on the page (`CANCELACIÓN`).",
            "ordinal": "Position of the bullet within its page.",
            "parent_id": "The bullet this one is nested under, if any.",
            "text": "The bullet as readable plain text.",
            "edition": "Edition a block of the page marks (`{{c1}}` → CodeOne), else the page's.",
            "errata": "Empty, `original` (text an erratum replaced) or `update` (the erratum's text).",
            "errata_version": "The erratum's version (`PDF 2.1, July 2023`).",
            "source_text": "The source fragment the bullet was read from.",
            "heading": "A heading inside the section the bullet stands under.",
            "line": "Line of the source file the bullet starts on.",
            "key": "The id within its page (`cancellation-1-3`).",
        },
    },
    "faqs": {
        "description": "One row per FAQ or erratum; a FAQ that appears on several pages is one row.",
        "label_column": "question",
        "sort_desc": "version",
        "facets": ["kind", "title", "version", "edition"],
        "fts_table": "faqs_fts",
        "fts_pk": "rowid",
        "columns": {
            "id": "Stable id: `faq-<first words>-<hash of the question>`.",
            "kind": "`faq` or `errata`.",
            "title": "The box's title (`N4 FAQ`, `N4 Errata`, `FAQ`).",
            "version": "FAQ document version (`1.2`).",
            "date": "Date of that version (`Jan 2022`), where given.",
            "question": "The question, plain text.",
            "answer": "The official answer, plain text.",
            "source_text": "The source fragment the FAQ was read from.",
            "edition": "Edition of the FAQ document.",
        },
    },
    "faq_pages": {
        "description": "The pages each FAQ appears on.",
        "facets": ["page_id"],
        "columns": {
            "faq_id": "The FAQ.",
            "page_id": "A page it appears on.",
            "line": "Line of that page's file the FAQ starts on.",
            "ordinal": "Position of the FAQ on that page.",
        },
    },
    "links": {
        "description": "Every link written in rules and FAQs, each FAQ's related pages and interlanguage links. "
        "An empty `to_page_id` is a dangling link: a page the base does not have yet.",
        "facets": ["kind", "from_page_id", "to_page_id"],
        "columns": {
            "from_page_id": "The page the link is on.",
            "from_rule_id": "The bullet the link is written in, if any.",
            "from_faq_id": "The FAQ the link is written in or lists as related, if any.",
            "kind": "`text`, `related`, `interlanguage` (and `category`, `see_also`).",
            "to_title": "The link target as written.",
            "to_page_id": "The page the target resolves to; empty when the base lacks it.",
            "label": "The link's text where it differs from the target.",
            "lang": "Language prefix of an interlanguage link (`es`).",
            "how": "How the target was resolved (title, glossary alias…).",
        },
    },
    "faq_rules": {
        "description": "Which bullets each FAQ answer settles: from a bullet, its FAQs; from a FAQ, its bullets.",
        "sort_desc": "score",
        "facets": ["how"],
        "columns": {
            "faq_id": "The FAQ or erratum.",
            "rule_id": "A bullet it settles.",
            "how": "`similarity` (related pages narrowed by full text) or `logic` (the checker cites both).",
            "score": "Strength of the match (higher is closer).",
        },
    },
    "meta": {
        "description": "Facts about the build: fingerprint, sources, counts.",
        "columns": {"key": "Name.", "value": "Value."},
    },
    "warnings": {
        "description": "Problems met while reading the pages, survived and recorded.",
        "facets": ["source", "code"],
        "columns": {
            "source": "The file.",
            "line": "The line, where known.",
            "code": "Kind of problem.",
            "message": "What is wrong and what to do.",
        },
    },
}

#: Canned queries: each takes at most one named parameter, typed into Datasette's form.
QUERIES: dict[str, dict] = {
    "faqs_for_page": {
        "title": "FAQs for a page",
        "description": "The FAQs and errata that appear on a page or list it as related. "
        "Type a page title or id (HoloMask State, camuflado).",
        "sql": """select faqs.id, faqs.kind, faqs.title, faqs.version, faqs.date, faqs.question, faqs.answer
from faqs
where faqs.id in (
  select faq_pages.faq_id from faq_pages join pages on pages.id = faq_pages.page_id
  where pages.title = :page collate nocase or pages.id = :page
  union
  select links.from_faq_id from links join pages on pages.id = links.to_page_id
  where links.from_faq_id is not null and (pages.title = :page collate nocase or pages.id = :page)
)
order by faqs.kind, faqs.version, faqs.id""",
    },
    "cancels_state": {
        "title": "Everything that cancels a state",
        "description": "The Cancellation bullets of a state's pages, with the FAQs that settle them. "
        "Type a state (Camouflaged, TO Camouflaged, Hidden Deployment, HoloMask, Camuflado).",
        "sql": """with state_pages as (
  select id from pages
  where title = :state collate nocase or id = :state
     or title like :state || ' State'
     or id in (select to_page_id from links where to_title = :state collate nocase and to_page_id is not null)
)
select rules.id, pages.title as page, rules.section_label, rules.text,
  (select group_concat(faq_rules.faq_id, ', ') from faq_rules where faq_rules.rule_id = rules.id) as faqs
from rules join pages on pages.id = rules.page_id
where rules.section = 'cancellation' and rules.page_id in (select id from state_pages)
order by pages.title, rules.ordinal""",
    },
    "errata_by_version": {
        "title": "Errata by version",
        "description": "Errata entries and bullets changed by errata; type part of a version or date "
        "(July 2023, 1.0) or leave empty for all.",
        "sql": """select 'faq' as source, faqs.id, faqs.title, faqs.version, faqs.date,
  faqs.question || char(10) || faqs.answer as text
from faqs
where faqs.kind = 'errata'
  and (:version = '' or faqs.version like '%' || :version || '%' or faqs.date like '%' || :version || '%')
union all
select 'rule' as source, rules.id, rules.errata, rules.errata_version, null, rules.text
from rules
where rules.errata is not null
  and (:version = '' or rules.errata_version like '%' || :version || '%')
order by 4, 2""",
    },
    "dangling_links": {
        "title": "Dangling links",
        "description": "Link targets the base has no page for: the to-do list of pages to add.",
        "sql": """select to_title, count(*) as links, group_concat(distinct kind) as kinds,
  group_concat(distinct from_page_id) as from_pages
from links
where to_page_id is null and kind != 'category'
group by to_title
order by links desc, to_title""",
    },
    "rules_by_edition": {
        "title": "Rules by edition",
        "description": "Every bullet of an edition (N3, N4, N5, CodeOne): the bullet's own edition, else its page's.",
        "sql": """select rules.id, pages.title as page, rules.section, rules.text,
  coalesce(rules.edition, pages.edition) as edition
from rules join pages on pages.id = rules.page_id
where coalesce(rules.edition, pages.edition) = :edition collate nocase
order by pages.title, rules.ordinal""",
    },
}


def build_metadata(database: str) -> dict:
    """The metadata dict for Datasette, for a rulecheck base served under the name `database`."""
    return {
        "title": TITLE,
        "description_html": DESCRIPTION_HTML,
        "source": SOURCE,
        "source_url": SOURCE_URL,
        "license": LICENSE,
        "license_url": LICENSE_URL,
        "databases": {
            database: {
                "description": "The rulecheck knowledge base: pages, their bullets, FAQs and errata, and the links between them.",
                "tables": {name: {**table, "columns": dict(table["columns"])} for name, table in TABLES.items()},
                "queries": {name: dict(query) for name, query in QUERIES.items()},
            }
        },
    }
