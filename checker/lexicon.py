"""Build the vocabulary: the glossary's names, the logic table's subjects and cues, and the
lexicons (`data/lexicon/en.toml`, `data/lexicon/es.toml`), validated on load.

A lexicon holds how players of one language word things: phrases for subjects, composite
subjects (word groups found anywhere), condition cues, what a question asks (`[[ask]]`), who
acts (`[[actor]]`), and word lists that account for every other word (stop words, filler,
negation…). Adding a language is one more lexicon file; adding a phrase is a data change.
"""
from __future__ import annotations

import re
from pathlib import Path

from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.states import read_states
from rulecheck.checker.vocabulary import LANGS, SUBJECT_KINDS, Subject, Vocabulary
from rulecheck.checker.words import tokenize
from rulecheck.data import DATA_DIR, read_toml
from rulecheck.kb.glossary import load_glossary

LEXICON_DIR = DATA_DIR / "lexicon"

#: The word lists a lexicon gives under [words], and what each is for.
WORD_LISTS = {
    "stop": "function words: articles, prepositions, auxiliaries, pronouns — never a condition",
    "filler": "content words that never change a ruling (people, table talk, terrain, time)",
    "negation": "words that negate what they stand before (not, without, sin)",
    "passive": "auxiliaries of a passive: 'is shot', 'gets discovered' (an enemy acts on the trooper)",
    "pronoun": "words pointing back at someone named before (he, it, su)",
    "speaker": "the asker (I, me, my): the side is read from what the asker does or owns",
    "article": "articles and determiners between a Skill and its target",
    "noun_after_article": "function words that are a noun after an article: *a mine* is a weapon, *mine* the asker's",
    "target": "words after which a state named is the target of the Skill before (against, at)",
    "condition": "words opening a condition clause (if, when, after)",
    "question": "words opening a question sentence (is, does, can, ¿…)",
    "significant": "ordinary words that change what is asked (enough, instead): never set aside",
    "leading": "words that may come before a question word opening a sentence (so, ok, y)",
    "enemy_owner": "words before a state that make the marker someone else's (enemy, his, rival)",
    "enemy_after": "words after a state that make the marker someone else's (un CAMO enemigo)",
    "mine": "words that make what follows the asker's own (my, mi)",
    "clause_break": "words that end the clause a negation governs (so, and, pero)",
    "clause_negation": "negations that govern a whole clause, not only the phrase after them (not, nunca)",
    "rejecting": "two words opening the alternative a question turns down (rather than, en vez)",
    "modal_declare": "words right after a trooper named after a Skill that make it the Skill's doer (a Long Skill a marker *can* declare)",
    "fronted_target": "words before a state named ahead of a Skill that make its trooper the Skill's target (against a CAMO, contra un CAMO)",
    "target_of": "words after which a Skill or weapon is aimed at the one named before (the main target of a Template)",
    "partitive": "two words before a possessive that pick one of a group (one of my troopers, una de mis tropas)",
    "sequence": "words after \"and\" that put a second Skill after the first (then, luego)",
    "subordinating": "words opening a clause whose subject a later pronoun does not stand for (when, if, cuando)",
    "temporal": "words that open a clause saying when, before a pronoun subject (as it walks past)",
    "having": "words between an enemy and a trooper in a state that make the trooper the enemy's (my opponent has a trooper in HD)",
    "reflexive": "words that end a revealing verb done to oneself (reveal itself, revelarse)",
    "purpose": "words after such a verb that open what it is done for (to prevent…, para impedir…)",
    "exclusive": "phrases claiming that only the Skill named may be declared (the only ARO, lo único que)",
    "exclusive_of": "words a claim of exclusivity must govern, a few words after it (ARO, declare): what may be declared",
    "limiting": "words that ask when something happens rather than whether (only when, solo cuando)",
    "not_only": "words after a negation that open a tail asking for more (…, not just L1; …, y no solo…)",
    "only": "words that limit the verb after them to a time named after it (it *only* counts as revealed at the end)",
    "time_opening": "words after such a verb that open the time it is limited to (at, when, cuando)",
    "rhetorical": "words opening a question that expects yes (¿acaso…?): the first negation of its clause is the question's own",
    "possession": "verbs of having that end an asking phrase (still *have*): the state must be what is had, right after",
    "second_person": "possessives of the one spoken to (your, tu): the opponent's, when the asker owns the trooper in the state",
    "own_possessive": "possessives that make a weapon the trooper's own (its; not \"his\", \"su\", which may be another's)",
    "complementizer": "words opening a clause put to confirmation (is it true *that*…): a negation after them is the clause's",
    "length_unit": "units a distance is written in after its number (8 inches, 20 cm): not a number a fact asks about",
    "bare_no": "a bare 'no' proposed as the answer to the question before it ('…? No, right?')",
    "disconfirm": "words of a last sentence that ask whether the statement before is wrong (Is he wrong?, ¿se equivoca?)",
    "linking": "words between a unit and a state said of it (My Ninja *has been sitting* camouflaged)",
    "numbered": "words a number after them counts (turn 2, grupo 1): never a number a fact is asked about",
    "personal": "pronouns for a person (he, him, él): with no one named before, beside the asker's own trooper, the opponent",
    "telling": "verbs after which a capitalised unknown word is a person told or asked (I told Tom)",
    "given_names": "players' given names (Tom, Lucía): a person named, which no rule turns on",
    "greeting": "words that greet someone (hi, hola): a capitalised unknown word right after one is the name of the person greeted",
    "player_word": "words before a one-letter label that names a player (Player B, el jugador A)",
    "label_as_asker": "the word a player's label reads as when that player's trooper is in the state (A → I, yo)",
    "label_as_asker_owner": "the same, written as an owner (A's CAMO → my CAMO, mi)",
    "label_as_other": "the word the other player's label reads as (B → opponent, rival)",
    "object_speaker": "the asker's object pronouns (me, us; me, nos): never the one who acts",
    "copula": "forms of \"be\" after a pronoun that say what it is (She is my camo Ninja)",
    "modal": "auxiliaries a negation after them turns a property round (it can't be regained)",
    "planning": "words before a Skill that make it a plan for later (to set up a CC Attack), not a declaration",
    "later_time": "words after a Skill that put it later than the scene (a CC Attack next order)",
    "contact_purpose": "what moving into contact is for (to engage it, para trabarlo): the contact is what is asked",
    "same_order": "words after later_time that keep a Skill in the Order told (later in the same Order)",
    "instrument_negation": "negations that say how (without, sin): never the negation of a negative question",
    "no_longer": "words that make a denied state a change (not in HD *anymore*, *ya* no es un marcador): the trooper was revealed, not never in it",
    "state_linking": "words between a negation and the state it says the trooper is not in, beside copulas, 'as' and articles (not *in* a Camo marker, no *estaba* como marcador)",
    "negation_reach": "words an instrument negation reaches through to what it negates (without *having to* Discover it, sin *tener que* Descubrirlo)",
    "agreeing": "words that make a claim agree with the one before (too, también): no dispute to turn round",
    "once_said": "words before \"it is revealed\" that make it a moment of the question (when, once), not a limit (before)",
    "comparing": "words before an edition or a state named only to compare (unlike in N3, como en N3, like TO camo)",
    "asker_asked": "words of a confirming question that ask whether the asker is right (am I right?, ¿tengo razón?)",
    "other_asked": "words of a confirming question that ask whether the other one is right (my opponent, ¿tiene razón?)",
    "asker_claim": "the word before a reporting verb, or the verb itself, that makes a claim the asker's (I say, yo digo, creo)",
    "owner_of": "words after a Skill or before a state that name whose it is (the Attack of the Team Leader, el CAMO de mi rival)",
    "engaged_in": "the word before CC in what a move into contact is for (to lock it in CC, para trabarlo en CaC)",
    "model_word": "words for a trooper's model, in a phrase asking whether it is placed (its model placed on the table)",
    "third_possessive": "possessives of someone else named before a trooper (su tropa): the rival's, in the rival's turn",
    "state_noun": "the word \"state\" opening a state's name (su estado Camuflado: the trooper's own state)",
    "object_suffix": "endings of an infinitive that carry its object (Descubrirlo, dispararle)",
    "exception": "words opening an exception to what is asked (unless, a menos que): with a Skill after them, no row answers",
    "nor": "words that carry a negation read before them on to the next item (ni, nor)",
    "another_declaration": "words right before a general Skill term that make it one more declaration, not the one named beside it (another Short Skill, otra Habilidad Corta)",
    "ordinal_declaration": "ordinals that do the same after an indefinite article (a second Short Skill, una segunda Habilidad)",
    "indefinite": "indefinite articles (a, una)",
    "first_declaration": "ordinals that, after 'as', place the Skill named first in its Order (Move as his first Short Skill): asked about the end of the Order, the second one is left open",
    "member_noun": "nouns right after a Fireteam named that make it a description of a trooper (a Fireteam member)",
    "person_relative": "relative words that stand for a person (who, quien): after a Fireteam named, the trooper's clause",
    "fireteam_kind": "kinds of Fireteam named right after the word (Fireteam Core, Haris)",
    "team_with": "words after a Fireteam named that bring in who is in it (Fireteam with a Hafza, incluyendo)",
    "declaring_verb": "verbs in a Fireteam actor's phrase (fireteam declares): after 'in', the trooper's verb, not the Fireteam's",
    "member_of": "words before a Fireteam named that make it the one a trooper is in, not who declares (in a Fireteam, miembro del Fireteam)",
    "discover_stem": "beginnings of the words for Discover (discov, descubr): an asking phrase with one asks whether the marker must be Discovered first",
    "order_end": "the end of the Order named as when a state asked about holds (is he still a marker at the end of the Order?): the time, not what is asked",
    "valued": "characteristics whose value an unsigned number right after them gives (WIP 13): the scene's figure",
    "mod_valued": "MODs whose value a number beside them gives (Mimetism -6, el -3 de Mimetismo): the scene's figure",
    "value_link": "words that may stand between a MOD's name and its number (el -3 de Mimetismo)",
    "concord": "negative words that only agree with a negation before them in their clause (sin acercarse a nadie): no negation of their own",
    "list_closer": "a negative word closing a list of negated items after a comma (no roll, no attack, nothing): no negation of its own",
    "thing_pronoun": "pronouns that stand for a thing named before (it): the marker, not a trooper named after it",
    "object_pronoun": "object pronouns before a verb (le, lo): the one the Skill is done to, never who does it",
    "disconfirm_opening": "phrases opening a question that asks whether the clause after them is false (am I wrong that)",
    "area_determiner": "words that may stand between \"in\" and a LoF or Zone of Control (in *any* enemy LoF)",
    "first_person_modal": "asking verbs in the first person (puedo): with an object pronoun, the asker acts on the trooper named",
    "level_prefix": "letters that, with a digit, give a Skill's level right after its name (Surprise Shot L1, Disparo Sorpresa N1), not an edition",
    "contrast": "a negation opening the last part of the asking sentence after a comma, setting apart what is not meant (\"…immediately, not at the end of the Order?\")",
    "scene_name": "days, months, languages and websites (the Thursday group, English speaker here, saw it on YouTube): outside the asking sentence no rule turns on them",
    "seer_exception": "words that, besides `contrast_open`, make an exception after \"None of his troopers had LoF\" (…, only his camo marker did): the negation no longer reaches the seeing",
    "negated_of": "the word between a negative pronoun and the ones it counts (None *of* his troopers had LoF)",
    "community": "nouns of a group of players (\"the Bogotá group\", \"grupo de Rosario\"): a capitalised unknown word before one, or after one and \"de\", outside the asking sentence, is a place",
    "objecting": "verbs of objecting to what another player did (\"Player B objected\", \"B protestó\"): asked whether the objector was right, the question asks whether what was done was not allowed",
    "reason": "words opening a clause that gives a reason (because, since, porque): a negation there that nothing else placed is the reasoning's, set aside",
    "pointing_back": "words pointing at something said elsewhere (this, that, eso, hacerlo): a question with one not before a name points at the claim after it",
    "place_of": "the word between a group of players and its place (grupo *de* Rosario)",
    "origin": "words before a place the asker writes from (\"Mail from Lisbon\", \"desde Murcia\"): a capitalised unknown word after one, outside the asking sentence, is a place",
    "asker_area": "phrases placing a marker no one owns by the asker's own troopers or in their LoF (\"a CAMO marker moves in my LoF\", \"delante de mi francotirador\"): the asker is its enemy",
    "asker_having": "the asker saying they have a trooper (\"I have\", \"tengo\"): the troopers named are then the asker's own",
    "impersonal_plural": "endings of a verb in the third person plural that, after an object pronoun, say it was done to someone by others (\"le dispararon\", \"me lo descubrieron\")",
    "excepting": "words that set a Skill apart from the general term before it (other than, excepto)",
    "examples": "a sentence's opening words that make it a list of examples, not the question (for example)",
    "confirm": "words that ask whether the statement before holds (right, correct, verdad)",
    "confirm_tag": "what else may stand beside them in such a last sentence (he, was, tiene: 'He was right?')",
    "view_told": "verbs by which the asker tells a view of their own (I told him, le dije): a dispute, even with one claim verb",
    "elliptic_lead": "words that may stand before a Skill in a clause that only negates it (pero *con* Movimiento Cauteloso no)",
    "agreed": "words telling that someone agreed with a claim (agreed, de acuerdo): the other side is then no other view",
    "place_after_next": "words after \"next\" that make it a place (next to it), not a sequence",
    "noun_before": "words after which a Spanish word in -io/-i is a noun (el estadio, la mini), not a past tense written without its accent",
    "manner_link": "words joining a Skill to the general term it is declared as (dispararme de ORA, shoot in ARO)",
    "time_point": "words for a point of time that, before \"of\" and a turn, say when (the end of my Active Turn), not what is asked",
    "time_of": "the word joining such a point of time to its turn (of)",
    "tag_close": "words that may close a question after its tag (\"…se revela no viste\"): part of the tag",
    "takes_final_no": "words that take a closing \"no\" as their own (dice que no, sí o no, ya no): then it is no tag",
    "lof_outside": "words before a LoF term that put the trooper out of it (outside, fuera)",
    "lof_inside": "words before a LoF term that put the trooper in it (in, dentro)",
    "question_subject": "what may stand between a negative question's auxiliary and its negation (Is it not…)",
    "anchor": "words near a verb that make it ask about the state (it, state, estado)",
    "definite": "words that point back at something already named (the, ese)",
    "during": "words that place a time within something already said (during, durante)",
    "instrument": "words that name the means of something (with, con)",
    "besides": "words adding a Skill to what a trooper has (also, too, además)",
    "another": "words that set a trooper apart from the one asked about (other, another, otro)",
    "owning": "words saying a trooper has a Skill, right before its name (has, got, tiene, lleva)",
    "joining": "signs and words that write a trooper's state and Skill side by side (HD + Camouflage)",
    "do_verb": "forms of \"do\" that, with a word pointing back, stand for an action told before (do that, hacer eso)",
    "back_reference": "words pointing back at an action told before, after a form of \"do\" (that, so, eso; hacerlo)",
    "use_verb": "forms of \"use\" whose object is the Skill right after them (use Surprise Attack, usar Sensor)",
    "declaring": "verbs of declaring or using a Skill (declare, declaring, usa): 'declaring Discover cancels HD' is the trooper's own doing",
    "plain_aux": "auxiliaries that open a negative question whose subject is a noun phrase (do, does, is): not a modal ('Can the Ninja not declare…' negates the Skill)",
    "do_support": "auxiliaries of a plain negated verb (do, does, did): 'markers don't count' negates the property's own verb",
    "denied_possibility": "nouns of a possibility denied in 'there's no way…, is there?' (way, chance): not an obstacle ('nothing stopping')",
    "perfect_aux": "auxiliaries and pronouns that may stand between a negation and the Discover it negates (have, been, lo, se): 'haven't discovered it', 'no lo he descubierto'",
    "existential": "the word of 'there is' (there): a tag 'is there?' repeats a negated 'there's no…'",
    "tag_pronoun": "the personal pronouns that close an auxiliary tag question (…, can he?)",
    "wish": "words of wishing to declare the Skill named right after them (wants to, quiere)",
    "roll_result": "words between a Skill and its article that say how its roll went (failed, fallida)",
    "agent_by": "words that name who does a Skill (by, por)",
    "relative": "words opening a relative clause (who, que)",
    "time_noun": "nouns of a moment of play a clause after them can describe (\"on the order he pops out\")",
    "asker_object": "the asker as the object of a Skill (shoot me, dispararme, me dispara): done to the asker's own trooper",
    "contrast_open": "words opening a contrast (but, pero): one named after it undoes a negated seer before (no model sees him, but a marker does)",
    "possessive": "possessives that are not someone named (his, su)",
    "likeness": "words that compare rather than name (like, como)",
    "at_value": "words before a value ('at -6', 'a -6'): 'at -6, not at -3' turns the second down",
    "interjection": "words that exclaim when they open a sentence before a comma or its verb ('wait did he just…?', 'espera, …')",
    "knowing": "words of knowing or wondering (know, whether, si): a negation before them is a stance ('no sé si aplica'), not the rule's",
    "imitated_word": "words naming the imitated model (imitated, fake, imitado): an army named right before one is its ('a Yu Jing model as the imitated Model')",
    "being": "words before a state that make it the actor's own condition (being, estando)",
    "coordinator": "words joining two names in one list (or, and, o, y)",
    "until": "words opening a clause that says how long, not what is asked (until, hasta que)",
    "possibility": "modal verbs of what can happen (can, could, puede): 'Can Sensor reveal an HD trooper?' asks whether it can be",
    "until_end": "words that close an 'until' clause (then, luego, before): 'wait until his Order is done and only then reveal to stop him'",
    "if_when": "conditions a negation does not reach across (if, si)",
    "subject_pronoun": "pronouns that stand as a clause's subject (he, she, él): they stand for the subject named before",
    "thing": "nouns of things, which he/she/él do not stand for (marker, marcador)",
    "reporting": "verbs that report a claim or belief (said, thinks, dice): what follows in the scene is a view, not what happened",
    "repeat": "words that name a Skill declared again (again, twice, otra vez): the Order's second Skill is told",
    "answering": "words between two Skills that make the second what the first answers (Dodge against a Template)",
    "nothing": "words after a reporting verb that make it an act, not a claim (said nothing); opening a filler phrase (nothing but, nada más que), they and the negation before them negate nothing",
    "new_clause": "words that open a new clause after a comma, ending a claim (and, but, y, pero)",
    "whose": "words asking which of two claims holds (who, quién): the first claim is answered",
    "own": "words that make a state named after them the trooper's own (its, own, propio)",
    "as_what": "words before a Marker named as what the trooper ends up as (as, como): 'show up as a marker'",
    "negating_verb": "negations that are verbs and may stand among a property's words (ignores, ignora)",
    "unsure": "words saying someone is unsure, after a negation (sure, seguro, claro): 'isn't sure about HD' is a stance, not what happened",
    "disclosing": "verbs of telling the opponent something (tell, say, reveal, decir, avisar): 'I don't have to tell him'",
    "marker_word": "words naming a Marker as such, beside the state's name or alone (marker, token, marcador)",
    "marker_linking": "words between a verb of keeping or losing and the Marker it keeps besides articles and 'as' (sigue de marcador)",
    "alternative": "words offering a second question as an alternative to the first (or, o): 'does he stay hidden, or…'",
}
#: Propositions an `[[ask]]` may name; polarity is "+" or "-".
PROPOSITIONS = ("revealed", "state_ends", "may", "required", "property", "open", "private", "fact", "what_happens")
ACTORS = ("enemy", "ally", "leader", "team", "member", "trooper")
_LEXICON_FIELDS = {"language", "words", "names", "state", "subject", "composite", "cue", "ask", "actor"}
_NAME_LISTS = ("trooper", "unit", "weapon", "marker")
#: The mention kind each [names] list gives: "marker" names a marker of no particular state.
_NAME_KINDS = {"trooper": "trooper", "unit": "unit", "weapon": "weapon", "marker": "weak_state"}


def build_vocabulary(data: dict, path: str, lexicon_dir: Path | str = LEXICON_DIR,
                     glossary_path: Path | str | None = None, *, own_lexicon: bool = True,
                     data_dir: Path = DATA_DIR) -> Vocabulary:
    """The vocabulary from a parsed logic table, the glossary and the lexicons;
    `LogicTableError` naming the entry at fault. A logic table without `[state.*]` takes the
    bundled table's (a test's fictional table may add states of its own). `own_lexicon`
    False: the lexicons are another table's (the bundled ones beside a table of its own), so
    their phrases for subjects and states this table lacks are skipped, not errors.
    `data_dir`: the folder whose `manifest.toml` names the rules pages."""
    glossary = load_glossary(glossary_path) if glossary_path else load_glossary()
    states = read_states(data["state"] if "state" in data else _bundled_part("state"), path, glossary)
    lexicons = [_read_lexicon(p) for p in sorted(Path(lexicon_dir).glob("*.toml")) if p.name not in _DATA_FILES]
    if not lexicons:
        raise LogicTableError(f"{lexicon_dir}: no lexicon files (<lang>.toml); reinstall rulecheck")
    if not own_lexicon:
        lexicons = [_only_known(lex, data, states) for lex in lexicons]
    subjects = _subjects(data, path, glossary, lexicons)
    state_names = {sid: glossary.terms[sid].names for sid in states}
    other_states = {t.id: t.names for t in glossary.terms.values() if t.kind == "state" and t.id not in states}
    cues = _cues(data.get("cue", []), path, "und")
    for lex in lexicons:
        cues += _cues(lex.get("cue", []), lex["_path"], lex["language"])
    labels_es = {t.id: t.es[0] for t in glossary.terms.values() if t.es}
    vocab = Vocabulary(subjects, state_names, cues, other_states=other_states, states=states, labels_es=labels_es)
    lang_of = _language_of_name(glossary)
    for sid, names in state_names.items():
        for name in names:
            vocab.add(name, lang_of(sid, name), "state", sid)
    for state in states.values():
        for term_id in state.hints:
            for name in glossary.terms[term_id].names:
                vocab.add(name, lang_of(term_id, name), "hint", state.id)
    for sid, names in other_states.items():
        for name in names:
            vocab.add(name, lang_of(sid, name), "other_state", sid)
    for sid, raw in data.get("subject", {}).items():
        term = glossary.terms.get(raw.get("glossary", sid))
        if term is not None and raw.get("kind") != "property":
            for name in term.names:
                vocab.add(name, lang_of(term.id, name), "subject", sid)
        for lang in LANGS:
            for phrase in raw.get(lang, []):
                vocab.add(phrase, lang, "subject", sid)
    _game_terms(vocab, Path(lexicon_dir) / "terms.toml")
    army_names = _unit_names(vocab, Path(lexicon_dir) / "units.toml")
    used_terms = set(subjects) | set(states) | {h for s in states.values() for h in s.hints}
    for term in glossary.terms.values():
        if term.id not in used_terms and term.kind not in ("state", "search"):
            for name in term.names:
                vocab.add(name, lang_of(term.id, name), "term", term.id)
    for axis, value, phrases, overlay, lang, _ in cues:
        for phrase in phrases:
            vocab.add(phrase, lang if lang in LANGS else _guess_lang(phrase), "cue", f"{axis}={value}", overlay=overlay)
    lists: dict[str, set[str]] = {name: set() for name in WORD_LISTS}
    for lex in lexicons:
        lang = lex["language"]
        for sid, phrases in lex.get("subject", {}).items():
            for phrase in phrases:
                vocab.add(phrase, lang, "subject", sid)
        for sid, phrases in lex.get("state", {}).items():
            if sid not in states:
                raise LogicTableError(f"{lex['_path']}: [state] {sid!r} is not a state of the logic table")
            for phrase in phrases:
                vocab.add(phrase, lang, "state", sid)
        for i, ask in enumerate(lex.get("ask", []), 1):
            value = f"{ask['proposition']}:{ask['polarity']}" + (":state" if ask.get("about") == "state" else "")
            for phrase in ask["phrases"]:
                vocab.add(phrase, lang, "ask", value, overlay=bool(ask.get("overlay")))
            # the one-word asking phrases a misspelt word is compared with (interpret._misspelt_asking_word)
            lists.setdefault(f"asking_word@{lang}", set()).update(
                _fold(p) for p in ask["phrases"] if " " not in p and len(p) >= 5)
        for actor in lex.get("actor", []):
            for phrase in actor["phrases"]:
                vocab.add(phrase, lang, "actor", actor["role"], overlay=bool(actor.get("overlay")))
        for name in _NAME_LISTS:
            for phrase in lex.get("names", {}).get(name, []):
                vocab.add(phrase, lang, _NAME_KINDS[name], "marker" if name == "marker" else name)
        for name, words in lex.get("words", {}).items():
            # each language's own list too: Spanish "a" is a preposition, English "a" an article
            lists.setdefault(f"{name}@{lang}", set()).update(_fold(w) for w in words)
            for w in words:
                # a sign with no word in it ("+") is a token of its own, kept as written
                words_of = " ".join(re.findall(r"\w+", _fold(w))) or _fold(w)
                lists[name].add(words_of if name != "question" else _fold(w))
                if name == "filler":
                    vocab.add(w, lang, "filler", "filler")
    word_lists = {name: frozenset(words) for name, words in lists.items()}
    for name in ("filler", "trooper"):
        # content words match on their stems too ("players" is "player")
        word_lists[name + "@stems"] = frozenset(f"{lang}:{vocab._stem(w, lang)}" for w in word_lists.get(name, ())
                                                for lang in LANGS if len(w) > 3 and " " not in w)
        # a word sharing no first three letters with any of them is not stemmed at all: a word the
        # lexicon does not know ("Neurocinetics") would otherwise load the stemmer for nothing
        word_lists[name + "@prefixes"] = frozenset(w[:3] for w in word_lists.get(name, ()) if len(w) > 3 and " " not in w) | \
            frozenset(st.partition(":")[2][:3] for st in word_lists[name + "@stems"])  # (a shorter stem as itself)
    word_lists["pages@stems"] = _page_stems(vocab, data_dir)
    word_lists["phrases@stems"] = _phrase_stems(vocab, word_lists)
    word_lists["army_names"] = army_names
    vocab.word_lists = word_lists
    vocab.groups = _groups(vocab, data, lexicons)
    vocab.index_groups()
    return vocab


def _phrase_stems(vocab: Vocabulary, word_lists: dict) -> frozenset:
    """The content words of the phrases the reader knows (states, Skills, conditions, what is
    asked, who acts), as "<lang>:<stem>": a question word among them that the reading did not
    use is a rule it missed, never ordinary talk. Words of the stop, filler and article lists
    are not content words."""
    plain = set().union(*(word_lists.get(n, frozenset()) for n in ("stop", "filler", "article", "pronoun", "speaker")))
    out = set()
    for index in (vocab.index, vocab.overlay):
        for entries in index.values():
            for spec, lang, kind, _ in entries:
                if kind in ("filler", "trooper", "unit", "weapon"):
                    continue
                for word, st, strict in spec:
                    if len(word) > 3 and word.isalpha() and word.lower() not in plain:
                        out.add(f"{lang}:{st or word.lower()}")
    return frozenset(out)


def _only_known(lex: dict, data: dict, states: dict) -> dict:
    """A lexicon without the phrases for subjects and states `data` does not define."""
    known = set(data.get("subject", {}))
    out = dict(lex)
    for section in ("subject", "composite"):
        out[section] = {sid: v for sid, v in lex.get(section, {}).items() if sid in known}
    out["state"] = {sid: v for sid, v in lex.get("state", {}).items() if sid in states}
    return out


def _page_stems(vocab: Vocabulary, data_dir: Path = DATA_DIR) -> frozenset:
    """Every word the bundled rules pages use, as "<page language>:<stem>": a word of a question
    the pages use is a rules word, never set aside as ordinary talk. Navigation lines (three
    or more "|") are not rules text."""
    from rulecheck.checker.words import tokenize

    manifest = read_toml(data_dir / "manifest.toml", LogicTableError, "the manifest", "Reinstall rulecheck.")
    out = set()
    for page in manifest.get("page", []):
        lang = page.get("lang", "en")
        text = (data_dir / page["file"]).read_text(encoding="utf-8")
        text = "\n".join(line for line in text.splitlines() if line.count("|") < 3)
        for tok in tokenize(text):
            if len(tok.low) > 3 and tok.low.isalpha():
                out.add(f"{lang}:{vocab._stem(tok.low, lang)}")
    return frozenset(out)


def _fold(text: str) -> str:
    from rulecheck.checker.words import fold

    return fold(text.strip())


#: Lexicon-folder files that are name lists, not language lexicons.
_DATA_FILES = ("terms.toml", "units.toml")


def _unit_names(vocab: Vocabulary, path: Path) -> frozenset[str]:
    """Index `units.toml`: unit, character, faction and mission names (they only say who acts,
    or where), `[armies]`' among them. Returns the `army_names` list, "name as its words
    read|army", which `recognize._other_army` reads off the words themselves ("Hafza" is also a
    HoloMask hint, so a mention would not carry its army)."""
    if not path.exists():
        return frozenset()
    data = read_toml(path, LogicTableError, "the unit names", "Fix the file (an authoring error).")
    armies = data.get("armies", {})
    if not isinstance(armies, dict):
        raise LogicTableError(f"{path}: [armies] must be a table of army id = [names]")
    for army, names in armies.items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", army):
            raise LogicTableError(f"{path}: [armies] {army!r}: give a lower_snake_case army id")
        _strings(names, f"{path}: [armies] {army}")
        for name in names:
            for lang in LANGS:
                vocab.add(name, lang, "unit", "unit")
    for key, lang in (("units", "en"), ("factions", "en"), ("missions", "en"), ("es", "es")):
        names = data.get(key, [])
        _strings(names, f"{path}: {key}")
        for name in names:
            vocab.add(name, lang, "unit", "unit")
    # each name as its words read ("pan o" for "Pan-O")
    return frozenset(f"{' '.join(t.low for t in tokenize(name))}|{army}" for army, names in armies.items() for name in names)


#: Kinds of `terms.toml` entries; a troop type only says who acts (a trooper name).
TERM_KINDS = ("skill", "equipment", "weapon", "ammo", "state", "hacking", "rule", "troop", "other")


def _game_terms(vocab: Vocabulary, path: Path) -> None:
    """Index `terms.toml`: game terms the pages do not define, as `game_term` mentions (never
    taken in by a property question, unlike the glossary's own concepts, kind `term`)."""
    if not path.exists():
        return
    data = read_toml(path, LogicTableError, "the game terms", "Fix the file (an authoring error).")
    seen = set()
    for i, entry in enumerate(data.get("term", []), 1):
        tid, kind = entry.get("id"), entry.get("kind")
        if not isinstance(tid, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", tid) or tid in seen or kind not in TERM_KINDS:
            raise LogicTableError(f"{path}: term #{i}: give a unique lower_snake_case id and kind (one of {', '.join(TERM_KINDS)})")
        seen.add(tid)
        for lang in LANGS:
            for name in entry.get(lang, []):
                if kind == "troop":
                    vocab.add(name, lang, "trooper", "trooper")
                else:
                    vocab.add(name, lang, "game_term", tid)


def _read_lexicon(path: Path) -> dict:
    """One lexicon file, checked: its language, known sections, word lists, asks and actors."""
    lex = read_toml(path, LogicTableError, "the lexicon", "Fix the file (an authoring error).")
    where = str(path)
    unknown = set(lex) - _LEXICON_FIELDS
    if unknown:
        raise LogicTableError(f"{where}: unknown section(s) {sorted(unknown)}; use {', '.join(sorted(_LEXICON_FIELDS))}")
    if lex.get("language") not in LANGS:
        raise LogicTableError(f"{where}: language must be one of {', '.join(LANGS)}")
    for name, words in lex.get("words", {}).items():
        if name not in WORD_LISTS:
            raise LogicTableError(f"{where}: [words] {name!r} is not a word list; use {', '.join(WORD_LISTS)}")
        if words != []:  # a language may have no word of a list ("enemigo" after its noun is Spanish)
            _strings(words, f"{where}: [words] {name}")
    for name, phrases in lex.get("names", {}).items():
        if name not in _NAME_LISTS:
            raise LogicTableError(f"{where}: [names] {name!r}; use {', '.join(_NAME_LISTS)}")
        _strings(phrases, f"{where}: [names] {name}")
    for i, ask in enumerate(lex.get("ask", []), 1):
        extra = set(ask) - {"proposition", "polarity", "phrases", "about", "overlay"}
        if extra or ask.get("proposition") not in PROPOSITIONS or ask.get("polarity") not in ("+", "-"):
            raise LogicTableError(f"{where}: ask #{i}: give proposition (one of {', '.join(PROPOSITIONS)}), "
                                  "polarity (\"+\" or \"-\"), phrases, and optionally about = \"state\", overlay")
        _strings(ask.get("phrases"), f"{where}: ask #{i}")
    for i, actor in enumerate(lex.get("actor", []), 1):
        if set(actor) - {"role", "phrases", "overlay"} or actor.get("role") not in ACTORS:
            raise LogicTableError(f"{where}: actor #{i}: give role (one of {', '.join(ACTORS)}), phrases, optionally overlay")
        _strings(actor.get("phrases"), f"{where}: actor #{i}")
    lex["_path"] = where
    return lex


def _strings(values: object, where: str) -> None:
    if not isinstance(values, list) or not values or not all(isinstance(v, str) and v.strip() for v in values):
        raise LogicTableError(f"{where}: give a non-empty list of phrases")


def _differing_values(raw: dict, groups: tuple, where: str) -> tuple[int, ...]:
    """A composite's `differing_values`: [value group, filled group], two different indexes of
    its `all` groups, validated; () when not given."""
    value = raw.get("differing_values", [])
    if value == []:
        return ()
    if (not isinstance(value, list) or len(value) != 2 or len(set(value)) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < len(groups) for n in value)):
        raise LogicTableError(f"{where}: differing_values must be [value group, filled group], two different indexes "
                              f"of its `all` groups (0 to {len(groups) - 1})")
    return tuple(value)


def _other_army(raw: dict, groups: tuple, where: str) -> tuple[int, ...]:
    """A composite's `other_army`: the indexes of its `all` groups (not its first, the imitation's
    words) that a named army other than the bearer's fills, validated; () when not given."""
    value = raw.get("other_army", [])
    if (not isinstance(value, list) or len(set(value)) != len(value)
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 < n < len(groups) for n in value)):
        raise LogicTableError(f"{where}: other_army must list indexes of its `all` groups other than the first "
                              f"(1 to {len(groups) - 1})")
    return tuple(value)


def _group_index(raw: dict, name: str, groups: tuple, where: str) -> int:
    """A composite's field `name` (`signed_number`, `asked_group`, `bare_group`) that names one of
    its `all` groups by index, validated; -1 when absent."""
    value = raw.get(name, -1)
    if not isinstance(value, int) or isinstance(value, bool) or not -1 <= value < len(groups):
        raise LogicTableError(f"{where}: {name} must be the index of one of its `all` groups (0 to {len(groups) - 1})")
    return value


def _group(group: object, raw_subjects: dict, where: str) -> tuple[str, ...]:
    """One word group of a subject's `all`: its phrases, or, written "@<subject>:<n>", group `n`
    (from 0) of another subject's `all`, so that two composites share one list of phrases."""
    if not isinstance(group, str):
        return tuple(group)
    m = re.fullmatch(r"@([a-z][a-z0-9_]*):(\d+)", group)
    other = raw_subjects.get(m.group(1), {}) if m else {}
    groups = other.get("all", []) if isinstance(other, dict) else []
    if m is None or int(m.group(2)) >= len(groups) or isinstance(groups[int(m.group(2))], str):
        raise LogicTableError(f"{where}: group {group!r} in `all` must be a list of phrases or \"@<subject>:<n>\", "
                              "naming a group of phrases of another subject's `all`")
    return tuple(groups[int(m.group(2))])


def _subjects(data: dict, path: str, glossary, lexicons: list[dict]) -> dict[str, Subject]:
    subjects: dict[str, Subject] = {}
    for sid, raw in data.get("subject", {}).items():
        where = f"{path}: [subject.{sid}]"
        if not re.fullmatch(r"[a-z][a-z0-9_]*", sid):
            raise LogicTableError(f"{where}: id must be lower_snake_case")
        unknown = set(raw) - {"kind", "parents", "en", "es", "all", "glossary", "over", "means", "generic", "asks", "situation",
                              "category", "general", "others_state", "against", "made_with", "not_in_asking",
                              "signed_number", "asked_group", "differing_values", "bare_group", "other_army"}
        if unknown:
            raise LogicTableError(f"{where}: unknown field(s) {sorted(unknown)}")
        kind = raw.get("kind")
        if kind not in SUBJECT_KINDS:
            raise LogicTableError(f"{where}: kind must be one of {', '.join(SUBJECT_KINDS)}")
        phrases = list(raw.get("en", [])) + list(raw.get("es", []))
        term = glossary.terms.get(raw.get("glossary", sid))
        if raw.get("glossary") and term is None:
            raise LogicTableError(f"{where}: glossary term {raw['glossary']!r} not in glossary.toml")
        if term is not None and kind != "property":
            phrases = list(term.names) + phrases
        groups = tuple(_group(g, data.get("subject", {}), where) for g in raw.get("all", []))
        if any(not g for g in groups):
            raise LogicTableError(f"{where}: an empty group in `all`")
        subjects[sid] = Subject(sid, kind, tuple(raw.get("parents", [])), tuple(dict.fromkeys(phrases)), groups,
                                tuple(raw.get("over", [])), tuple(raw.get("means", [])), bool(raw.get("generic", False)),
                                str(raw.get("asks", "")), tuple(raw.get("situation", [])), bool(raw.get("category", False)),
                                bool(raw.get("general", False)), bool(raw.get("others_state", False)),
                                bool(raw.get("against", False)), tuple(raw.get("made_with", [])),
                                bool(raw.get("not_in_asking", False)), _group_index(raw, "signed_number", groups, where),
                                _group_index(raw, "asked_group", groups, where), _differing_values(raw, groups, where),
                                _group_index(raw, "bare_group", groups, where), _other_army(raw, groups, where))
    for lex in lexicons:
        for section in ("subject", "composite"):
            for sid in lex.get(section, {}):
                if sid not in subjects:
                    raise LogicTableError(f"{lex['_path']}: [{section}] {sid!r} is not a subject of the logic table")
    for subject in subjects.values():
        for field_name in ("parents", "over", "means", "situation", "made_with"):
            for other in getattr(subject, field_name):
                if field_name == "situation" and other in glossary.terms and glossary.terms[other].kind == "state":
                    continue  # a state the property's own rule names (Holoechoes, Impersonation)
                if other not in subjects:
                    what = "parent" if field_name == "parents" else f"subject in `{field_name}`"
                    raise LogicTableError(f"{path}: [subject.{subject.id}]: unknown {what} {other!r}")
    composite = {sid for sid, s in subjects.items() if s.groups} | {sid for lex in lexicons for sid in lex.get("composite", {})}
    for subject in subjects.values():
        for other in subject.over:
            if other not in composite:
                raise LogicTableError(f"{path}: [subject.{subject.id}]: `over` names {other!r}, which is not a composite")
    return subjects


def _groups(vocab: Vocabulary, data: dict, lexicons: list[dict]) -> dict:
    """Composite subject → its word groups: the logic table's `all` (either language) merged,
    group by group, with each lexicon's `[composite]` phrases."""
    groups: dict[str, list[list]] = {}
    for sid, subject in vocab.subjects.items():
        for g in subject.groups:
            groups.setdefault(sid, []).append([(vocab.spec(p, _guess_lang(p), "subject"), _guess_lang(p)) for p in g])
    for lex in lexicons:
        lang = lex["language"]
        for sid, gs in lex.get("composite", {}).items():
            have = groups.setdefault(sid, [])
            if have and len(gs) != len(have):
                raise LogicTableError(f"{lex['_path']}: [composite] {sid}: {len(gs)} groups, but the other lexicons give {len(have)}")
            while len(have) < len(gs):
                have.append([])
            for n, g in enumerate(gs):
                have[n] += [(vocab.spec(p, lang, "subject"), lang) for p in g]
    return {sid: tuple(tuple(x for x in g if x[0]) for g in gs) for sid, gs in groups.items()}


def _cues(raw_cues: list, path: str, lang: str) -> list:
    out = []
    for i, raw in enumerate(raw_cues, 1):
        if not raw.get("axis") or not raw.get("value") or not raw.get("phrases"):
            raise LogicTableError(f"{path}: cue #{i}: give axis, value and phrases")
        unknown = set(raw) - {"axis", "value", "phrases", "overlay", "needs"}
        if unknown:
            raise LogicTableError(f"{path}: cue #{i}: unknown field(s) {sorted(unknown)}")
        needs = raw.get("needs", [])
        if not isinstance(needs, list) or not all(isinstance(n, str) for n in needs):
            raise LogicTableError(f"{path}: cue #{i}: `needs` must be a list of subject ids")
        out.append((raw["axis"], raw["value"], tuple(raw["phrases"]), bool(raw.get("overlay", False)), lang, tuple(needs)))
    return out


_SPANISH = re.compile(r"[áéíóúñ¿¡]|\b(de|del|la|el|los|las|una|un|que|en|se|su|con|sin|por|para|y)\b", re.I)


def _guess_lang(phrase: str) -> str:
    """A phrase's language when its table does not say (mixed lists in the logic table): Spanish
    when it has Spanish letters or function words, or all its words are common in Spanish and
    not in English."""
    from rulecheck.checker.vocabulary import common_words

    if _SPANISH.search(phrase):
        return "es"
    words = [_fold(w) for w in re.findall(r"\w+", phrase)]
    if words and all(common_words("es").listed(w) and not common_words("en").listed(w) for w in words):
        return "es"
    return "en"


def _language_of_name(glossary):
    def lang_of(term_id: str, name: str) -> str:
        term = glossary.terms.get(term_id)
        if term is not None and name in term.es and name not in term.en:
            return "es"
        return "en"
    return lang_of


def _bundled_part(key: str) -> object:
    """A part of the bundled logic table, for a table (a test's, a user's) that leaves it out."""
    return read_toml(DATA_DIR / "logic.toml", LogicTableError, "the logic table", "Reinstall rulecheck.").get(key)
