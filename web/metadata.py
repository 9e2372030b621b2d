"""The Datasette metadata for a rulecheck base: titles, descriptions, facets, search, canned queries.

Datasette 0.65 conventions: table and column descriptions, `label_column`, `sort`, `facets`
and `fts_table` live under `databases.<name>.tables`, canned queries under
`databases.<name>.queries`. The database name is the file's stem, so the dict is built for it.
"""
from __future__ import annotations

from collections.abc import Callable
from html import escape

TITLE = "rulecheck: Infinity hidden-information states"

#: The name every page of a base shows for it (tab titles, breadcrumbs, the database page),
#: whatever the file is called: `rulecheck serve --db rc.db` is still "rulecheck".
SITE_NAME = "rulecheck"

#: `{ask}` and `{search}` are the pages' URLs under the server's base_url.
DESCRIPTION_HTML = (
    "<p>Every bullet, FAQ and erratum of the Infinity pages on <strong>Camouflaged</strong>, "
    "<strong>TO Camouflaged</strong>, <strong>Hidden Deployment</strong> and <strong>HoloMask</strong>, "
    "linked to their pages and to each other.</p>"
    '<p><a href="{ask}">Ask a rules question</a> · '
    '<a href="{search}">Search rules and FAQs</a> (English or Spanish)</p>'
)

SOURCE = "Infinity fan wiki and official wiki pages (bundled with rulecheck)"
SOURCE_URL = "https://infinitythewiki.com/"
LICENSE = "Rules text © Corvus Belli, quoted for reference; rulecheck code Apache-2.0"
LICENSE_URL = "https://www.apache.org/licenses/LICENSE-2.0"

#: Rows per page of the long-text tables: a hundred bullets make a page ~90,000 px tall on a phone.
PHONE_PAGE_SIZE = 20

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
            "revision_timestamp": "From a MediaWiki export: when the revision read (the latest) was saved.",
            "revision_id": "From a MediaWiki export: that revision's id.",
            "url": "From a MediaWiki export: the page's address on its wiki.",
        },
    },
    "rules": {
        "description": "One row per bullet or paragraph of a rule section (Activation, Effects, Cancellation…).",
        "label_column": "id",
        "sort": "page_id",
        "size": PHONE_PAGE_SIZE,
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
        "size": PHONE_PAGE_SIZE,
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
            "kind": "`text`, `related`, `interlanguage` (and `category`, `see_also`, `translation`: "
            "the page in the other language, paired both ways from an interlanguage link).",
            "to_title": "The link target as written.",
            "to_page_id": "The page the target resolves to; empty when the base lacks it.",
            "label": "The link's text where it differs from the target.",
            "lang": "Language prefix of an interlanguage link (`es`).",
            "how": "How the target was resolved: `title`, `redirect` (an export's redirect page), `glossary` "
            "alias; for a `translation` row made from the other page's link, `interlanguage`.",
            "candidates": "How many pages answer the target's name (0: dangling; empty on a `translation` row "
                          "made for the way back).",
            "chosen_by": "What chose among several pages of that name: `interlanguage` (the link's language), "
                         "`edition` (the linking page's), `language` (the linking page's), or `order` (the first "
                         "built); empty when one page answered.",
        },
    },
    "faq_rules": {
        "description": "Which bullets each FAQ answer settles: from a bullet, its FAQs; from a FAQ, its bullets.",
        "sort_desc": "score",
        "facets": ["how"],
        "columns": {
            "faq_id": "The FAQ or erratum.",
            "rule_id": "A bullet it settles or relates to.",
            "how": "The strongest way the pair was found: `logic` (the checker cites both), else `similarity` "
                   "(related pages narrowed by full text).",
            "score": "Strength of the match (higher is closer): 1.0 for `logic`, the word search's score for "
                     "`similarity` (the FAQ with the titles of its related pages the base lacks).",
            "strength": "`settles`: the FAQ settles the bullet (a logic row cites both and their words agree, or "
                        "the FAQ restates it); `related`: found, but not shown as settled.",
            "ways": "Every way the pair was found, comma-separated, strongest first (`logic,similarity`).",
            "similarity": "The FAQ's and the bullet's word similarity (TF-IDF cosine of the question and answer "
                          "with the bullet, each stemmed in its own language; 0-1), whichever way found them.",
        },
    },
    "exports": {
        "description": "The MediaWiki XML exports the base was built from, with their wikis.",
        "columns": {
            "source": "The export file (its pages' `source` is `<file>#<title>`).",
            "site_name": "The wiki's name (`<sitename>`).",
            "base_url": "The wiki's main page address (`<base>`).",
            "db_name": "The wiki's database name.",
            "generator": "The MediaWiki version that wrote the export.",
            "schema_version": "The export schema (`0.10`, `0.11`).",
            "lang": "The wiki's content language.",
            "pages": "Main-namespace pages read as rules pages.",
            "redirects": "Redirect pages, kept as aliases (`redirects`).",
            "skipped": "Pages of other namespaces skipped, by namespace (JSON).",
        },
    },
    "redirects": {
        "description": "Redirect pages of MediaWiki exports: a link to `title` resolves to `to_page_id`.",
        "columns": {
            "title": "The redirect page's title.",
            "to_title": "The title it redirects to.",
            "to_page_id": "The page that is; empty when the base lacks it.",
            "source": "The export and title it came from.",
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

#: The SQL function (registered by the plugin) naming the page a glossary alias points at:
#: `CAMO` → Camuflado, `HD` → Hidden Deployment State. Read-only, like every query here.
ALIAS_FUNCTION = "rulecheck_alias_page"

#: The SQL function (registered by the plugin) naming the page of the glossary alias closest to
#: a misspelt name: `camoflaged` → Camuflado (`names.close_page`).
CLOSE_FUNCTION = "rulecheck_close_page"

#: Pages a typed name means, case-insensitively: a page id or title, a title without " State",
#: any link text the build resolved to a page ([[Camouflaged]] → Camuflado), a glossary alias;
#: only when none of those matches, the page of the closest alias (a misspelling).
_NAMED_PAGES = """wanted(name) as (select trim({param}) union select {fn}({param})),
exact_pages(id) as (
  select pages.id from pages join wanted
    on pages.title = wanted.name collate nocase or pages.id = wanted.name collate nocase
    or pages.title = wanted.name || ' State' collate nocase
  union
  select links.to_page_id from links join wanted
    on links.to_page_id is not null
    and (links.to_title = wanted.name collate nocase or links.label = wanted.name collate nocase)
),
named_pages(id) as (
  select id from exact_pages
  union
  select pages.id from pages
  where not exists (select 1 from exact_pages) and pages.title = {close}({param})
)"""



def named_pages_sql(param: str) -> str:
    """The `with` clauses (`exact_pages`, `named_pages`) for the pages the parameter `param` names."""
    return _NAMED_PAGES.format(param=param, fn=ALIAS_FUNCTION, close=CLOSE_FUNCTION)


#: A section as the page writes it (`CANCELACIÓN`); a bare key (`cancellation`) in words.
SECTION_LABEL_SQL = """case when coalesce(rules.section_label, '') in ('', rules.section)
    then upper(substr(rules.section, 1, 1)) || replace(substr(rules.section, 2), '_', ' ')
    else rules.section_label end"""

#: Canned queries: each takes at most one named parameter, typed into Datasette's form; an empty
#: parameter lists everything (or the default edition), so a query never opens on "0 results".
QUERIES: dict[str, dict] = {
    "faqs_for_page": {
        "title": "FAQs for a page",
        "description": "The FAQs and errata that appear on a page or list it as related. "
        "Type a page or state as players write it (Camouflaged, CAMO, HD, TO, HoloMask, Camuflado); "
        "leave it empty for every FAQ.",
        "sql": f"""with {named_pages_sql(":page")}
select faqs.id, faqs.kind, faqs.title, faqs.version, faqs.date, faqs.question, faqs.answer,
  (select group_concat(pages.title, ', ') from faq_pages join pages on pages.id = faq_pages.page_id
   where faq_pages.faq_id = faqs.id) as pages
from faqs
where trim(:page) = '' or faqs.id in (
  select faq_pages.faq_id from faq_pages where faq_pages.page_id in named_pages
  union
  select links.from_faq_id from links
  where links.from_faq_id is not null and links.to_page_id in named_pages
)
order by faqs.kind, faqs.version, faqs.id""",
    },
    "cancels_state": {
        "title": "Everything that cancels a state",
        "description": "The Cancellation bullets of a state's pages, with the FAQs that settle them. "
        "Type a state as players write it (Camouflaged, CAMO, TO, HD, HoloMask, Camuflado); "
        "leave it empty for all four states.",
        "sql": f"""with {named_pages_sql(":state")}
select rules.id, pages.title as page, {SECTION_LABEL_SQL} as section, rules.text,
  (select group_concat(faq_id, ', ') from (select faq_rules.faq_id from faq_rules where faq_rules.rule_id = rules.id
   /* settles */ group by faq_rules.faq_id)) as faqs
from rules join pages on pages.id = rules.page_id
where rules.section = 'cancellation' and (trim(:state) = '' or rules.page_id in named_pages)
order by pages.title, rules.ordinal""",
    },
    "errata_by_version": {
        "title": "Errata by version",
        "description": "Errata entries and bullets changed by errata; type part of a version or date "
        "(July 2023, 1.0) or leave it empty for all.",
        "sql": """select 'faq' as source, faqs.id, faqs.title, faqs.version, faqs.date,
  faqs.question || char(10) || faqs.answer as text
from faqs
where faqs.kind = 'errata'
  and (trim(:version) = '' or faqs.version like '%' || trim(:version) || '%'
       or faqs.date like '%' || trim(:version) || '%')
union all
select 'rule' as source, rules.id, rules.errata, rules.errata_version, null, rules.text
from rules
where rules.errata is not null
  and (trim(:version) = '' or rules.errata_version like '%' || trim(:version) || '%')
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
        "description": "Every bullet of an edition ({editions}): the bullet's own edition, else its page's. "
        "Empty means N4, the edition the checker reads by default.",
        "sql": f"""select rules.id, pages.title as page, {SECTION_LABEL_SQL} as section, rules.text,
  coalesce(rules.edition, pages.edition) as edition
from rules join pages on pages.id = rules.page_id
where coalesce(rules.edition, pages.edition) = coalesce(nullif(trim(:edition), ''), 'N4') collate nocase
order by pages.title, rules.ordinal""",
    },
}


#: Every canned query opens on its form and results; its SQL is one click away ("show").
for _query in QUERIES.values():
    _query["hide_sql"] = True

#: Where `cancels_state` narrows a bullet's FAQs to those that settle it, on a base whose
#: `faq_rules` says so (`strength`); a base without the column lists every FAQ linked to it.
SETTLES_MARK = "/* settles */"
SETTLES_SQL = "and faq_rules.strength = 'settles'"

#: The query listing an edition's bullets, and the editions a base has bullets of.
EDITION_QUERY = "rules_by_edition"


def base_editions_sql() -> str:
    """The editions the base's bullets are of (a bullet's own, else its page's), in order."""
    return """select distinct coalesce(rules.edition, pages.edition) as edition
from rules join pages on pages.id = rules.page_id where coalesce(rules.edition, pages.edition) is not null
order by 1"""


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def edition_note(typed: str, held: list[str]) -> str:
    """What `rules_by_edition` says when no bullet is of the typed edition."""
    if not held:
        return f"No bullet is marked “{typed.strip()}”: this knowledge base marks no editions."
    return (f"No bullet is marked “{typed.strip()}”: this knowledge base has {_either(held)}. "
            "Leave it empty for N4.")


#: A table with more rows than this opens without its facets: each is a `group by` over every
#: row (or every search hit) on every page view, ~20 ms at 145,000 bullets (5,000 extra pages).
#: They are computed when asked: a column's menu ("Facet by this") or `?_facet=`.
FACET_MAX_ROWS = 20_000


def base_facts(path: str) -> dict:
    """What the metadata says about one base: the editions it has bullets of, whether its
    `faq_rules` tells settling FAQs from related ones, and its tables too large for facets
    on every view (`FACET_MAX_ROWS`)."""
    import sqlite3
    from rulecheck.kb.identity import read_only_uri

    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True)
        try:
            editions = [row[0] for row in conn.execute(base_editions_sql())]
            columns = {row[1] for row in conn.execute("pragma table_info(faq_rules)")}
            large = [name for name, table in TABLES.items() if table.get("facets")
                     and conn.execute(f"select count(*) from [{name}]").fetchone()[0] > FACET_MAX_ROWS]
        finally:
            conn.close()
    except sqlite3.Error:
        return {}
    return {"editions": editions, "strength": "strength" in columns, "large": large}


#: The canned queries whose parameter is a typed state or page name → (parameter, what it names),
#: for the note a query page shows when the name matched nothing or only a misspelling.
NAME_PARAMETERS: dict[str, tuple[str, str]] = {
    "cancels_state": ("state", "state"),
    "faqs_for_page": ("page", "page or state"),
}


def site_name(database: str, first: bool = True) -> str:
    """What pages call the base `database`: "rulecheck", or "rulecheck (rc2)" beside another base."""
    return SITE_NAME if first else f"{SITE_NAME} ({database})"


def _queries(facts: dict) -> dict[str, dict]:
    """The canned queries for a base: `rules_by_edition` names the editions it has; `cancels_state`
    lists the FAQs that settle a bullet where the base says which do."""
    queries = {name: dict(query) for name, query in QUERIES.items()}
    editions = facts.get("editions") or ["N3", "N4"]
    queries[EDITION_QUERY]["description"] = queries[EDITION_QUERY]["description"].format(editions=_either(editions))
    if facts.get("strength"):
        queries["cancels_state"]["sql"] = queries["cancels_state"]["sql"].replace(SETTLES_MARK, SETTLES_SQL)
    return queries


def _table(name: str, table: dict, facts: dict) -> dict:
    """A table's metadata; without its facets when the base's table is large (`FACET_MAX_ROWS`)."""
    found = {**table, "columns": dict(table["columns"])}
    if name in facts.get("large", ()):
        del found["facets"]
    return found


def build_metadata(database: str, url: Callable[[str], str] = str, title: str = SITE_NAME, facts: dict | None = None) -> dict:
    """The metadata dict for Datasette, for a rulecheck base served under the name `database`.

    `url` turns a path of the server (`/-/ask`) into its link: `datasette.urls.path`, so the
    links follow the base_url setting (`/rules/-/ask`). `title` heads the database's page.
    `facts` (`base_facts`) fit the canned queries to the base.
    """
    description = DESCRIPTION_HTML.format(ask=escape(url("/-/ask")), search=escape(url("/-/search")))
    return {
        "title": TITLE,
        "description_html": description,
        "source": SOURCE,
        "source_url": SOURCE_URL,
        "license": LICENSE,
        "license_url": LICENSE_URL,
        "databases": {
            database: {
                "title": title,
                "description": "For editors: the knowledge base's tables (pages, their bullets, FAQs and errata, "
                "and the links between them) and canned queries.",
                "tables": {name: _table(name, table, facts or {}) for name, table in TABLES.items()},
                "queries": _queries(facts or {}),
            }
        },
    }
