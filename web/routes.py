"""The plugin's own pages: `/-/ask` (the question form, then the verdict, reasoning and linked
citations), `/-/ask.json` (exactly `rulecheck ask --json`) and `/-/search`.

A thin face over `rulecheck.checker` and `rulecheck.kb.read`: no rules logic lives here.
"""
from __future__ import annotations

from datasette.utils.asgi import Response

from rulecheck.web.bases import connection, rulecheck_database
from rulecheck.web.messages import EMPTY_FORM, EMPTY_JSON, web_message
from rulecheck.web.sections import bullet_ref, section_title

SEARCH_LIMIT = 30
DEFAULT_EDITION = "N4"
NO_BASE = "No rulecheck knowledge base is attached. Start the server with: rulecheck serve"


async def _in_thread(db, fn, *args):
    # Datasette's own SQL threads (`Database.execute_fn`), so the ask page shares the server's
    # concurrency budget. Its connection is left alone: the checker reads through ours, which
    # returns `sqlite3.Row`s.
    return await db.execute_fn(lambda _conn: fn(*args))


def asked_edition(raw: str | None) -> str | None:
    """The edition the form or URL asks for, None for the default. The checker checks it."""
    return (raw or "").strip() or None


def _answer(path: str, question: str, edition: str | None, context: dict | None = None) -> dict:
    from rulecheck.checker.answer import answer_question

    return answer_question(connection(path), question, edition=edition, context=context).to_dict()


def asked_context(args) -> dict[str, str]:
    """The situation the request states beside its question: `turn=reactive`, `lof=outside`… —
    any condition axis of the logic table (`rulecheck ask --turn`, `--context AXIS=VALUE`), empty
    ones left out. A bad value is refused by the checker, with the valid ones."""
    from rulecheck.checker.logic import AXES

    return {axis: args.get(axis).strip() for axis in AXES if (args.get(axis) or "").strip()}


def _placed(path: str, passages: list[dict]) -> None:
    """Name each cited or found passage's section as its page writes it, and a rule's place in it
    (`ref`: `Cancelación 1.2`); give each its language (`lang`, its page's), so Spanish passages
    are marked as Spanish, with the glossary's English names for their terms."""
    rule_ids = [p["id"] for p in passages if p.get("kind") == "rule"]
    faq_ids = [p["id"] for p in passages if p.get("kind") != "rule"]
    conn = connection(path)
    found: dict[str, tuple[str | None, str | None, str | None]] = {}
    if rule_ids:
        marks = ",".join("?" * len(rule_ids))
        for row in conn.execute(f"""select rules.id, rules.section_label, rules.section, rules.key, pages.lang from rules
                                    join pages on pages.id = rules.page_id where rules.id in ({marks})""", rule_ids):
            found[row[0]] = (section_title(row[1], row[2]), bullet_ref(row[1], row[2], row[3]), row[4])
    if faq_ids:
        marks = ",".join("?" * len(faq_ids))
        for row in conn.execute(f"""select faq_pages.faq_id, min(pages.lang) from faq_pages join pages on pages.id = faq_pages.page_id
                                    where faq_pages.faq_id in ({marks}) group by faq_pages.faq_id""", faq_ids):
            found[row[0]] = (None, None, row[1])
    for passage in passages:
        section, ref, lang = found.get(passage["id"], (None, None, None))
        if passage.get("kind") == "rule" and section:
            passage["section"] = section
            passage["ref"] = ref
        passage["lang"] = lang or "en"
        if passage["lang"] == "es":
            from rulecheck.web.terms import english_terms

            passage["terms"] = english_terms([passage.get("text") or ""])


def _search(path: str, text: str) -> list[dict]:
    from rulecheck.kb.read import search

    hits = search(connection(path), text, limit=SEARCH_LIMIT)
    _placed(path, hits)
    return hits


def _page_answer(path: str, question: str, edition: str | None, context: dict | None = None) -> dict:
    """The answer for the HTML page: as `ask.json`, with sections named as the pages write them."""
    answer = _answer(path, question, edition, context)
    _placed(path, answer.get("citations") or [])
    answer.update(banner_words(answer))
    return answer


def outcome_label(answer: dict, banner: dict | None = None) -> str:
    """A few words saying what the verdict means for the thing asked ("— it is not revealed: it
    stays hidden": "no" to "is it revealed?" is good news for its player), in the answer's
    language, from `data/wording/<lang>.toml` [banner]; "" when yes/no says it all."""
    banner = banner if banner is not None else _banner(answer)
    asked = (answer.get("scenario") or {}).get("ask")
    verdict = answer.get("verdict")
    return banner.get(f"{asked}.{verdict}") or banner.get(f"outcome.{verdict}", "")


def _banner(answer: dict) -> dict[str, str]:
    from rulecheck.checker.wording import load_wording

    wording = load_wording()
    lang = (answer.get("reading") or {}).get("lang") or "en"
    return wording.get(lang, wording["en"])["banner"]


def banner_words(answer: dict) -> dict:
    """The banner's verdict word and `outcome`, its "not placed" label and the answer's headings
    (`labels`), in the answer's language."""
    banner = _banner(answer)
    word = banner.get(answer.get("verdict") or "", (answer.get("verdict") or "").capitalize())
    outcome = outcome_label(answer, banner)
    return {"verdict_word": word, "outcome": outcome, "unplaced_label": banner["unplaced"],
            "labels": banner, "sentence": _after_verdict(answer.get("answer") or "", word, outcome)}


def _after_verdict(sentence: str, *shown: str) -> str:
    """The answer sentence without the words the banner shows right above it (the verdict word,
    or its outcome): "No — No Attacks may…" reads "No Attacks may…" under a "No" banner, "No
    checked answer — the rules here…" reads "The rules here…" under "Unknown / no checked
    answer"; as it is otherwise."""
    for words in shown:
        words = words.lstrip("— ").strip()
        for joint in (" — ", ": "):
            lead = f"{words}{joint}"
            if words and sentence.lower().startswith(lead.lower()) and len(sentence) > len(lead):
                rest = sentence[len(lead):]
                return rest[:1].upper() + rest[1:]
    return sentence


def _citation_url(datasette, database: str, citation: dict) -> str:
    table = "rules" if citation.get("kind") == "rule" else "faqs"
    return datasette.urls.row(database, table, citation["id"])


async def _missing_base(datasette, request):
    return Response.html(
        await datasette.render_template("rulecheck_error.html", {"title": "No knowledge base", "message": NO_BASE},
                                        request=request),
        status=500,
    )


def offered_editions(path: str) -> list[str]:
    """The editions the ask form offers: those the checker reads that the base has pages of,
    newest first (all the checker reads when the base marks none)."""
    from rulecheck.checker.scenario import EDITIONS
    from rulecheck.web.statepages import state_pages

    held = {(page.edition or "").upper() for page in state_pages(path)}
    return sorted((set(EDITIONS) & held) or set(EDITIONS), reverse=True)


async def ask_json(datasette, request):
    """`/-/ask.json?q=…[&edition=N3][&turn=reactive&lof=outside…]`: exactly `rulecheck ask --json` (with
    `--turn`, `--context AXIS=VALUE`); 400 with {"error"} on a bad question or value."""
    from rulecheck.checker.errors import CheckerError

    question = (request.args.get("q") or "").strip()
    if not question:
        return Response.json({"error": EMPTY_JSON}, status=400)
    db = rulecheck_database(datasette)
    if db is None:
        return Response.json({"error": NO_BASE}, status=500)
    try:
        answer = await _in_thread(db, _answer, str(db.path), question, asked_edition(request.args.get("edition")),
                                  asked_context(request.args))
    except CheckerError as e:
        return Response.json({"error": web_message(e, form=False)}, status=400)
    return Response.json(answer)


#: The conditions the ask form offers to settle a "depends" (axis, label, (value, label)…): the
#: ones answers most often turn on. `ask.json` takes every axis of the logic table.
SITUATION_CHOICES = (
    ("turn", "Turn of the trooper in the state", (("active", "its Active Turn"), ("reactive", "its Reactive Turn"))),
    ("lof", "Enemy Line of Fire", (("inside", "inside it"), ("outside", "outside it"))),
    ("roll", "The roll", (("passed", "passed"), ("failed", "failed"))),
    ("camouflage", "Has a Camouflage Skill (Hidden Deployment)", (("yes", "yes"), ("no", "no"))),
    ("fireteam", "In a Fireteam", (("none", "no"), ("leader", "as its Team Leader"), ("member", "as a member"))),
)


async def ask_page(datasette, request):
    """`/-/ask?q=…`: the question form, then the verdict, answer, reasoning and linked citations."""
    from rulecheck.checker.errors import CheckerError

    db = rulecheck_database(datasette)
    if db is None:
        return await _missing_base(datasette, request)
    question = (request.args.get("q") or "").strip()
    edition = (request.args.get("edition") or "").strip()
    situation = asked_context(request.args)
    context = {"question": question, "edition": edition.upper(), "answer": None, "error": None,
               "editions": offered_editions(str(db.path)), "default_edition": DEFAULT_EDITION, "database": db.name,
               "situation": situation, "situation_choices": SITUATION_CHOICES}
    if question:
        try:
            answer = await _in_thread(db, _page_answer, str(db.path), question, asked_edition(edition), situation)
        except CheckerError as e:
            context["error"] = web_message(e, form=True)
        else:
            for citation in answer.get("citations", []):
                citation["url"] = _citation_url(datasette, db.name, citation)
            context["answer"] = answer
    elif "q" in request.args:
        context["error"] = EMPTY_FORM
    return Response.html(await datasette.render_template("rulecheck_ask.html", context, request=request))


async def search_page(datasette, request):
    """`/-/search?q=…`: full-text search across rules and FAQs, in English or Spanish."""
    db = rulecheck_database(datasette)
    if db is None:
        return await _missing_base(datasette, request)
    text = (request.args.get("q") or "").strip()
    hits = await _in_thread(db, _search, str(db.path), text) if text else []
    for hit in hits:
        hit["url"] = _citation_url(datasette, db.name, hit)
    return Response.html(
        await datasette.render_template(
            "rulecheck_search.html", {"q": text, "hits": hits, "database": db.name}, request=request
        )
    )
