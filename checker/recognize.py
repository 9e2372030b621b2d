"""The first step of reading a question: find what each word is.

`recognize` tokenizes the question, finds every phrase the vocabulary knows (states, subjects,
cues, what is asked, who acts, trooper and unit names), the composite subjects whose word
groups are all present, and the single words the lexicons list (negations, pronouns, stop
words, filler). Every word ends up in one of three heaps: *used* (part of something the reading
turns into a value), *ignored* (a stop word or filler that changes no ruling), or *not placed*
(a word the checker does not know: an answer must not ignore it).
"""
from __future__ import annotations

import re

from typing import NamedTuple

from rulecheck.checker.vocabulary import Mention, Vocabulary
from rulecheck.checker.words import Token, tokenize



class Recognized(NamedTuple):
    """A question's tokens and what was found in them."""

    tokens: list[Token]
    #: Main-layer mentions (leftmost-longest, no two overlap), in order.
    mentions: list[Mention]
    #: Overlay mentions (phrases matched on their own, sharing words with the main layer).
    overlay: list[Mention]
    #: Composite subjects found: (subject id, number of groups, [(start, end) of every phrase of its groups]).
    composites: list[tuple[str, int, list[tuple[int, int]]]]
    #: Position → single-word role: negation, passive, pronoun, speaker, stop, filler, number.
    roles: dict[int, str]
    #: The language the question is written in ("en" or "es").
    lang: str
    #: Composite subject id → each group's places [(start, end)], in group order.
    group_places: dict[str, list[list[tuple[int, int]]]] = {}
    #: Positions of one-letter labels naming players (`player_labels`: "B says", "Is A right?").
    labels: frozenset = frozenset()


def _spoken_tag(vocab: Vocabulary, toks: list[Token], lang: str, mentions: list[Mention]) -> list[Token]:
    """The tokens with a closing "no" made a sentence of its own: "…se revela no", "eso es info
    privada no", "…, no?" — how players who write as they speak (or a voice note's transcript)
    put "¿no?" on a statement to confirm. Not "dice que no", "sí o no" or "ya no", where a word
    before it takes the "no" as its own (`[words] takes_final_no`), nor a "no" a sentence of
    its own already; words that may follow the tag ("…no viste", `[words] tag_close`) go with it.
    `mentions`: the scan of `toks`. The same list when nothing changes."""
    if lang != "es" or len(toks) < 4:
        return toks
    close = vocab.listed("tag_close", lang)
    k = len(toks) - 1
    while k > 0 and toks[k].low in close and toks[k - 1].sent == toks[k].sent:
        k -= 1
    if toks[k].low != "no" or toks[k - 1].sent != toks[k].sent or toks[k - 1].low in vocab.listed("takes_final_no", lang):
        return toks
    # "Contra un marcador puedo declarar Descubrir, Ataque CD no", "…pero con Movimiento Cauteloso
    # no", "…, si declara Esquivar no": a "no" closing a clause that names only a Skill or state
    # (or sets a condition) is that clause's elliptical negation, not a tag ("el marcador puede
    # declarar Movimiento Cauteloso no?" is one: its clause has a verb of its own)
    named = next((m for m in mentions if m.end == k and m.kind in ("subject", "state", "hint", "weak_state")), None)
    if named is not None:
        start = named.start
        while start > 0 and toks[start - 1].sent == toks[k].sent and not toks[start - 1].brk \
                and toks[start - 1].low not in vocab.listed("clause_break", lang) | vocab.listed("contrast_open", lang):
            start -= 1
        clause = toks[start:named.start]
        if all(x.low in vocab.listed("elliptic_lead", lang) for x in clause) \
                or (clause and clause[0].low in vocab.listed("if_when", lang)):
            return toks
    return toks[:k] + [t._replace(sent=t.sent + 1) for t in toks[k:]]


def _turn_time(vocab: Vocabulary, toks: list[Token], mentions: list[Mention], lang: str) -> list[Mention]:
    """The mentions with an asking "end" that says when ("At the end of my Active Turn I want
    to…", `[words] time_point` + "of" + a turn) read as a plain word: the turn named after it
    is the time, which its own cue reads; the question asks something else."""
    points, of, article = vocab.listed("time_point", lang), vocab.listed("time_of", lang), vocab.listed("article", lang)
    if not points:
        return mentions
    turns = {m.start for m in mentions if (m.kind == "cue" and m.value.startswith("turn=")) or
             (m.kind == "term" and m.value == "player_turn")}
    out = []
    for m in mentions:
        j = m.end
        if m.kind == "ask" and m.end - m.start == 1 and toks[m.start].low in points and j < len(toks) and toks[j].low in of:
            j += 1
            while j < len(toks) and j not in turns and toks[j].low in article and j - m.end < 3:
                j += 1
            if j in turns and toks[j].sent == toks[m.start].sent:
                m = m._replace(kind="filler", value="filler")
        out.append(m)
    return out


def _negated_discover(vocab: Vocabulary, toks: list[Token], mentions: list[Mention], lang: str) -> list[Mention]:
    """The mentions with a negation right before a form of Discover (function words, auxiliaries
    and pronouns between: "No he descubierto el marcador", "I haven't discovered it", "it was
    never discovered") read as the cue a listed phrase such as "sin descubrirlo" gives: no
    successful Discover came first. The forms a phrase list cannot all hold, read by their stem
    (`[words] discover_stem`), only auxiliaries and pronouns between (`[words] perfect_aux`): not
    "can't discover", "no puedo descubrir", "Don't I have to discover…" (whether one may or must,
    not whether one did)."""
    negations, stems = vocab.listed("negation", lang), tuple(vocab.word_lists.get("discover_stem", ()))
    # (no article either: "without the Discover roll revealing…" negates the reveal)
    between = vocab.listed("perfect_aux", lang) | vocab.listed("passive", lang)
    modal = vocab.listed("modal", lang)
    added = []
    for tok in toks:
        if tok.low not in negations or any(m.start <= tok.i < m.end and m.kind == "cue" for m in mentions) \
                or (tok.i > 0 and toks[tok.i - 1].low in modal):
            continue
        k = tok.i + 1
        while k < len(toks) and k - tok.i <= 3 and toks[k].sent == tok.sent and toks[k].low in between:
            k += 1
        if k < len(toks) and toks[k].sent == tok.sent and toks[k].low.startswith(stems) and not any(
                m.start <= k < m.end and m.kind not in ("ask", "subject") for m in mentions):
            added.append(Mention("cue", "discovered=no", tok.i, k + 1, " ".join(t.text for t in toks[tok.i:k + 1])))
    if not added:
        return mentions
    spans = [(a.start, a.end) for a in added]
    kept = [m for m in mentions if not any(m.start < b and a < m.end for a, b in spans)]
    return sorted(kept + added, key=lambda m: (m.start, m.end))


def recognize(vocab: Vocabulary, text: str) -> Recognized:
    """Tokenize `text` and find what each word is."""
    toks = tokenize(text)
    lang = language(vocab, toks, text)
    mentions = vocab.scan(toks, lang=lang)
    tagged = _spoken_tag(vocab, toks, lang, mentions)
    if tagged is not toks:
        toks, mentions = tagged, vocab.scan(tagged, lang=lang)
    labels = player_labels(vocab, toks)
    players = _player_letters(vocab, toks, mentions, lang, labels) if labels else None
    if players is not None:
        toks = players
        mentions = vocab.scan(toks, lang=lang)
    # "a 20 cm": a unit after a number is a distance, not a term the unit's letters also spell
    # ("CM", Cautious Movement)
    mentions = _turn_time(vocab, toks, mentions, lang)
    mentions = _negated_discover(vocab, toks, mentions, lang)
    units = vocab.word_lists.get("length_unit", frozenset())
    mentions = [m for m in mentions if not (m.end - m.start == 1 and m.start > 0 and toks[m.start].low in units
                                            and toks[m.start - 1].low.isdigit())]
    overlay = vocab.scan(toks, overlay=True, lang=lang)
    states = [(m.start, m.end) for m in mentions if m.kind in ("state", "hint", "weak_state", "other_state")]
    composites = []
    group_places: dict[str, list[list[tuple[int, int]]]] = {}
    places_of = vocab.scan_groups(toks, lang)
    as_what = vocab.listed("as_what", lang)
    for sid, count in vocab.group_counts.items():
        places, per_group = [], []
        for n in range(count):
            # a group's words take part of a state's name only word for word: "deploy" is not
            # in "Hidden Deployment", "camouflaged" is in "camouflaged trooper"
            where = [(a, b) for a, b, exact in places_of.get((sid, n), ())
                     if exact or not any(a < e and s < b for s, e in states)]
            if n == vocab.subjects[sid].bare_group:
                # "they count as the same marker": the verb with "as" is another phrase
                where = [(a, b) for a, b in where if not (b < len(toks) and toks[b].low in as_what)]
            if n == vocab.subjects[sid].signed_number:
                where += _signed_numbers(vocab, toks, mentions, sid)  # "made at -6": a MOD
            differing = vocab.subjects[sid].differing_values
            if differing and n == differing[1]:
                # "an S2 bearer… imitates an S5 model": two values that differ say "a different Silhouette"
                where += _differing_value(toks, places_of.get((sid, differing[0]), ()), places_of.get((sid, 0), ()))
            if n in vocab.subjects[sid].other_army:
                # "my Hafza… imitate a PanO Fusilier": an army not the bearer's says "another faction"
                where += _other_army(vocab, toks, places_of.get((sid, 0), ()))
            if not where:
                break
            places += where
            per_group.append(where)
        else:
            composites.append((sid, count, places))
            group_places[sid] = per_group
    roles: dict[int, str] = {}
    covered = {i for m in mentions for i in range(m.start, m.end)}
    # "nothing but Cautious Movement", "no matter what": a negation inside a filler phrase of
    # several words negates nothing
    phrase = {i for m in mentions if m.kind == "filler" and m.end - m.start > 1 for i in range(m.start, m.end)}
    # and the negation that such a phrase's own negative word agrees with ("no declara nada más
    # que Movimiento Cauteloso" declares only that)
    nothing = vocab.word_lists.get("nothing", frozenset())
    phrase |= {i for m in mentions if m.kind == "filler" and m.end - m.start > 1 and toks[m.start].low in nothing
               for i in range(max(0, m.start - 3), m.start)
               if toks[i].sent == toks[m.start].sent and toks[i].low in vocab.listed("negation", lang)}
    nouns, articles = vocab.listed("noun_after_article", lang), vocab.listed("article", lang)
    for tok in toks:
        role = _role(vocab, tok, tok.i in covered, lang)
        if role and tok.low in nouns and tok.i and toks[tok.i - 1].low in articles:
            role = ""  # "a mine": a weapon, a word to place, not the asker's
        roles[tok.i] = "stop" if role == "negation" and tok.i in phrase else role
    return Recognized(toks, mentions, overlay, composites, roles, lang, group_places, labels)


def _other_army(vocab: Vocabulary, toks: list[Token], imitation) -> list[tuple[int, int]]:
    """The places of names of an army (a faction, sectorial or unit of `units.toml`'s `[armies]`)
    that the imitation's words (`imitation`, a composite's first group) name as what is imitated —
    within six words after one of them, or three before one naming the imitated model ("a Yu Jing
    model as the imitated Model", `[words] imitated_word`) — when the question names the bearer's
    army elsewhere ("my Hafza", "my Haqqislam list") and it is another. None when it names no army
    of the bearer: the rules cannot tell."""
    table = dict(entry.split("|") for entry in vocab.word_lists.get("army_names", ()))
    armies, i = [], 0
    while i < len(toks):
        # the longest name (three words at most) starting at word i, and its army
        found = next(((n, table[w]) for n in (3, 2, 1)
                      if i + n <= len(toks) and (w := " ".join(t.low for t in toks[i:i + n])) in table), None)
        if found is not None:
            armies.append((i, i + found[0], found[1]))
        i += found[0] if found is not None else 1
    if len(armies) < 2:
        return []
    passive = vocab.word_lists.get("imitated_word", frozenset())

    def imitated(a: int, b: int) -> bool:
        return any(toks[a].sent == toks[p].sent and (0 <= a - q <= 6 or (0 <= p - b <= 3 and any(
            toks[k].low in passive for k in range(p, q)))) for p, q, _ in imitation)
    named = [(a, b, army, imitated(a, b)) for a, b, army in armies]
    bearer = {army for _, _, army, copied in named if not copied}
    return [(a, b) for a, b, army, copied in named if copied and bearer and army not in bearer]


def player_labels(vocab: Vocabulary, toks: list[Token]) -> frozenset[int]:
    """The positions of one-letter labels naming players ("Player B", "B says", "Is A right?"):
    a capital letter other than "I" that one of its uses marks as a player's (after "player",
    before a reporting or confirming word, or the subject of a question's opening verb: "Can B
    declare…?") makes every use of it one ("B delays his ARO"), and
    so it does for the letters A to D used as owners ("A's CAMO marker") or standing alone once
    one player is marked so. Not a sentence's first "A" with no such mark (the article: "A
    trooper in HD…"), nor letters that only name things ("two camo markers, A and B. A's marker
    shoots…", "D-Charges")."""
    def letter(t: Token) -> bool:
        return len(t.text) == 1 and t.text.isupper() and t.text != "I"

    found = [t for t in toks if letter(t)]
    if not found:
        return frozenset()  # (most questions: nothing more to work out on the way to a cold answer)
    marking = (vocab.word_lists.get("reporting", frozenset()) | vocab.word_lists.get("confirm", frozenset())
               | vocab.word_lists.get("disconfirm", frozenset()))
    players = vocab.word_lists.get("player_word", frozenset())
    asking = vocab.word_lists.get("question", frozenset())
    things = (vocab.word_lists.get("marker_word", frozenset()) | vocab.word_lists.get("model_word", frozenset())
              | vocab.word_lists.get("member_noun", frozenset()))
    joins = vocab.word_lists.get("coordinator", frozenset())
    # letters that name things ("two camo markers, A and B", "Marker A"): never a question's subject player
    named = set()
    for t in found:
        prev = toks[t.i - 1] if t.i and toks[t.i - 1].sent == t.sent else None
        if prev is not None and (prev.low in things or (prev.low in joins and t.i > 1 and toks[t.i - 2].text in named)):
            named.add(t.text)
    marked = set()
    for t in found:
        prev = toks[t.i - 1].low if t.i and toks[t.i - 1].sent == t.sent else ""
        nxt = toks[t.i + 1].low if t.i + 1 < len(toks) and toks[t.i + 1].sent == t.sent else ""
        # "Can B declare a BS Attack ARO now?", "Does B have to place…?": the subject of the
        # question's opening verb, a lower-case verb after it
        # (with another letter owning something as a judge writes it, "A's marker": "de A" is not
        # read as an owner, so a Spanish "¿Puede B…?" stays unplaced)
        opening = prev in asking and (t.i < 2 or toks[t.i - 2].sent != t.sent) and nxt.isalpha() \
            and toks[t.i + 1].text[:1].islower() and not t.brk and t.text not in named \
            and any(o.poss and o.text != t.text for o in found)
        if prev in players or (nxt in marking and not t.brk) or opening:
            marked.add(t.text)
    if marked:
        # "A's CAMO marker… B says… Can B declare…?": with one player labelled, the other letters
        # of a judge's pair are players too (not "Q: …", a question's own label)
        # (not one before a capitalised word: "D-Charges", "B Team")
        marked |= {t.text for t in found if t.text in "ABCD" and (
            t.poss or t.brk or t.i + 1 == len(toks) or toks[t.i + 1].sent != t.sent or not toks[t.i + 1].text[:1].isupper())}
    first = {t.i for t in found if t.i == 0 or toks[t.i - 1].sent != t.sent}
    return frozenset(t.i for t in found if t.text in marked
                     and not (t.text == "A" and t.i in first and not t.poss and t.i + 1 < len(toks)
                              and toks[t.i + 1].low not in marking))


def _player_letters(vocab: Vocabulary, toks: list[Token], mentions: list[Mention], lang: str,
                    labels: frozenset[int]) -> list[Token] | None:
    """A judge's wording ("A's TO marker moves; B delays his ARO. Is B right?") read as a
    player's: the player whose trooper is in a state named ("A's CAMO marker") reads as the
    asker ("my CAMO marker", "I"), the other as the opponent (`[words] label_as_asker`,
    `label_as_asker_owner`, `label_as_other`). None when no label names a player, or when no
    single player's trooper is named in a state (both are: the one the asking sentence names).
    `labels`: `player_labels` of `toks`."""
    states = {m.start for m in mentions if m.kind in ("state", "hint", "weak_state")}
    owners = {toks[i].text for i in labels if toks[i].poss and any(i < s <= i + 3 for s in states)}
    if len(owners) > 1:
        asking = {toks[i].text for i in labels if toks[i].sent == toks[-1].sent}
        owners &= asking
    if len(owners) != 1:
        return None
    owner = owners.pop()
    words = {name: sorted(vocab.listed(name, lang)) for name in ("label_as_asker", "label_as_asker_owner", "label_as_other")}
    if not all(words.values()):
        return None
    out = list(toks)
    for i in sorted(labels):
        t = toks[i]
        if t.text == owner:
            low, poss = (words["label_as_asker_owner"][0], False) if t.poss else (words["label_as_asker"][0], False)
        else:
            low, poss = words["label_as_other"][0], t.poss
        out[i] = t._replace(low=low, poss=poss, cap=False)
    return out


def _signed_numbers(vocab: Vocabulary, toks: list, mentions: list[Mention], sid: str) -> list[tuple[int, int]]:
    """Numbers written with a minus sign in the question's last sentence ("Is the Discover roll
    made at -6?"), as places of the group `sid` fills with them; not one said of another Skill
    right after it ("do enemies still get -6 to shoot him?")."""
    last = toks[-1].sent if toks else 0
    # ("…con un -6, ¿verdad?": a last sentence of a word or two only confirms the one before;
    # so does a short one with a confirming word: "…is only at -3. Is he right?")
    words = [t.low for t in toks if t.sent == last]
    confirming = vocab.word_lists.get("confirm", frozenset()) | vocab.word_lists.get("disconfirm", frozenset())
    asking = {last, last - 1} if len(words) <= 2 or (len(words) <= 6 and confirming & set(words)) else {last}
    return [(t.i, t.i + 1) for t in toks if t.signed and t.sent in asking and not any(
        m.kind == "subject" and 1 <= m.start - t.i <= 2 and m.value != sid for m in mentions)]


def _differing_value(toks: list, value_places, verb_places) -> list[tuple[int, int]]:
    """The places of two different numbers, each written right after one of `value_places`:
    the first of the question ("my *S2* Hafza") and the first after a word of the composite's
    first group ("imitates *an S5* model"), or, with none after it, the first that differs
    ("…a bearer with Silhouette 2 use a Silhouette 7 model as the imitated model?"); [] when
    they are the same ("my S2 Hafza imitates another S2 trooper; can the enemy S6 TAG…")."""
    values = [(toks[end].low, end) for _start, end, _exact in value_places
              if end < len(toks) and toks[end].low.isdigit() and toks[end].sent == toks[end - 1].sent]
    if len(values) < 2:
        return []
    first = values[0]
    verb = min((end for _s, end, _e in verb_places), default=None)
    after = [v for v in values[1:] if verb is not None and v[1] >= verb]
    other = after[0] if after else next((v for v in values[1:] if v[0] != first[0]), None)
    if other is None or other[0] == first[0]:
        return []
    return [(first[1], first[1] + 1), (other[1], other[1] + 1)]


#: (a pattern, compiled by `re` on the first word that starts with a digit)
_LENGTH = r"\d+(?:[.,]\d+)?(?:cm|mm|in|inch|inches)"


def _role(vocab: Vocabulary, tok: Token, covered: bool, lang: str) -> str:
    """A word's single-word role in the question's language (checked in this order), or ""."""
    if tok.low == "+":
        return "connector"
    if tok.low.isdigit() or (tok.low[:1].isdigit() and re.fullmatch(_LENGTH, tok.low)):
        return "number"  # "20cm", "8in": a distance of the scene is a number too
    for name in ("negation", "passive", "pronoun", "speaker", "condition", "target", "stop"):
        if tok.low in vocab.listed(name, lang):
            if name == "speaker" and tok.text.lower().endswith("ó"):
                continue  # "declaró", "disparó": he did it; folded, it reads as "declaro" (I do)
            return name
    if tok.low in vocab.word_lists.get("stop", ()):
        return "stop"  # a function word of the other language ("a", "de" in a mixed question)
    if not covered and vocab.in_list("filler", tok):
        return "filler"
    return ""


def language(vocab: Vocabulary, toks: list[Token], text: str = "") -> str:
    """`es` when the question reads as Spanish (¿ or ¡, or more Spanish stop words), else `en`."""
    if "¿" in text or "¡" in text:
        return "es"
    es, en = vocab.listed("stop", "es"), vocab.listed("stop", "en")
    score = sum((t.low in es) - (t.low in en) for t in toks)
    return "es" if score > 0 else "en"
